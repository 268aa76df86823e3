import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../accounts/account-store.ts';
import type { TokenCounts } from '../engines/engine.ts';
import { describeFault } from './log-safe.ts';

/**
 * Every call made with an account (the API with its key, the website's playground with its
 * session) leaves a row for the account's Usage page: its time, status, billed pages, bytes,
 * duration, format and the model's token counts (llm, hybrid), never its content. Only those two routes set request.account.
 */
export function registerCallRecord(app: FastifyInstance, store: AccountStore, now: () => Date): void {
  app.addHook('onResponse', async (request, reply) => {
    const account = request.account;
    if (!account) return;
    const context = request.logContext ?? {};
    try {
      await store.recordCall({
        accountId: account.id,
        at: now().toISOString(),
        status: reply.statusCode,
        // Pages are charged only with a 200; a refused call cost nothing.
        pages: reply.statusCode === 200 ? (context.pages ?? 0) : 0,
        bytes: context.bytes ?? 0,
        durationMs: performance.now() - request.startedAt,
        format: context.format ?? null,
        inputTokens: context.inputTokens ?? null,
        outputTokens: context.outputTokens ?? null,
      });
    } catch (error) {
      request.log.warn({ fault: describeFault(error) }, 'call not recorded');
    }
  });
}

/** Only the two counts of an engine's usage, for the request's log context and so its call record. */
export function tokenCounts(usage: TokenCounts): TokenCounts {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
}
