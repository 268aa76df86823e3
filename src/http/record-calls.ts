import type { FastifyRequest } from 'fastify';
import type { AccountStore } from '../accounts/account-store.ts';
import { describeFault } from '../requests/log-safe.ts';
import type { RequestLogLine } from './request-log.ts';

/**
 * Every call made with an account (the API with its key, the website's playground with its
 * session) leaves a row for the account's Usage page: its time, status, billed pages, bytes,
 * duration, format, the model's token counts (llm, hybrid), the key that made it and its request id
 * (so a user can quote it), never its content. Only those two
 * routes set request.account. Fed by the request log's line, so that a call whose client hung up
 * (499) is kept too.
 */
export function callRecorder(store: AccountStore, now: () => Date) {
  return async (line: RequestLogLine, request: FastifyRequest): Promise<void> => {
    const account = request.account;
    if (!account) return;
    try {
      await store.recordCall({
        accountId: account.id,
        at: now().toISOString(),
        status: line.status,
        // Pages are charged only with a 200; a refused call cost nothing.
        pages: line.status === 200 ? (line.pages ?? 0) : 0,
        bytes: line.bytes ?? 0,
        durationMs: line.durationMs,
        format: line.format ?? null,
        inputTokens: line.inputTokens ?? null,
        outputTokens: line.outputTokens ?? null,
        keyId: request.apiKeyId ?? null,
        requestId: request.id,
      });
    } catch (error) {
      request.log.warn({ fault: describeFault(error) }, 'call not recorded');
    }
  };
}
