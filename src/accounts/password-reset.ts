import { createHash, randomBytes } from 'node:crypto';
import type { AccountStore } from './account-store.ts';

/** A reset link works once, for an hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A one-time token for the account, of which the store keeps only the hash; the link holding it is
 * handed to the caller (the e-mail, or the admin CLI's output) and never logged.
 */
export async function issueResetLink(
  store: AccountStore,
  accountId: string,
  siteUrl: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.createPasswordReset(
    hashResetToken(token),
    accountId,
    now,
    new Date(now.getTime() + RESET_TTL_MS),
  );
  return `${siteUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
}
