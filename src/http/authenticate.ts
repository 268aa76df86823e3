import type { FastifyRequest } from 'fastify';
import type { Account, AccountStore } from '../accounts/account-store.ts';
import { hashApiKey, looksLikeApiKey } from '../accounts/api-key.ts';
import { AppError } from '../errors.ts';
import type { AuthFailures } from './auth-failures.ts';

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
    /** The API key the call was made with (its id), for the call record. */
    apiKeyId?: string;
  }
}

/**
 * onRequest hook: 401 before anything of the body is read. An address that has failed too often is
 * refused (429) before its key is looked up, and every failure counts against it (client address as
 * Fastify gives it: the connection's, or X-Forwarded-For's under TRUST_PROXY).
 */
export function authenticate(store: AccountStore, now: () => Date, failures?: AuthFailures) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.trim() === '') throw new AppError('missing_api_key');
    failures?.check(request.ip);
    // Malformed keys need no lookup: no row can match them.
    const found = looksLikeApiKey(key.trim()) ? await store.findByKeyHash(hashApiKey(key.trim())) : null;
    if (!found) {
      await failures?.fail(request.ip);
      throw new AppError('invalid_api_key');
    }
    request.account = found.account;
    request.apiKeyId = found.key.id;
    request.logContext.accountId = found.account.id;
    await store.touchKey(found.key.id, now());
  };
}
