import type { FastifyRequest } from 'fastify';
import { type Account, type AccountStore, isExpired } from '../accounts/account-store.ts';
import { hashApiKey, looksLikeApiKey } from '../accounts/api-key.ts';
import { refillMonthlyCredit } from '../accounts/monthly-credit.ts';
import type { Plans } from '../accounts/plans.ts';
import { AppError } from '../errors.ts';
import type { AuthFailures } from './auth-failures.ts';

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
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
    request.logContext.accountId = found.account.id;
    await store.touchKey(found.key.id, now());
  };
}

/**
 * preHandler: an expired plan or an empty balance is refused before the upload is read. A valid
 * plan's monthly credit is refilled first (the month's first call), so that it is what is checked.
 */
export function requireCredit(now: () => Date, monthly?: { store: AccountStore; plans: Plans }) {
  return async (request: FastifyRequest): Promise<void> => {
    let account = request.account;
    if (!account) throw new AppError('missing_api_key');
    if (isExpired(account, now())) {
      throw new AppError('subscription_expired', { plan: account.plan, expired_on: account.expiresAt });
    }
    if (monthly) {
      account = await refillMonthlyCredit(monthly.store, monthly.plans, account, now());
      request.account = account;
    }
    // A replayed Idempotency-Key costs nothing: the call that spent the last credit may be retried.
    if (account.credits <= 0 && !request.idempotency?.replay)
      throw new AppError('insufficient_credit', { credits_left: account.credits });
  };
}
