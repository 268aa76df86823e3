import { type Account, type AccountStore, creditsMonthOf } from './account-store.ts';
import type { Plans } from './plans.ts';

/**
 * On an account's first call of a month (UTC), a plan with `monthlyCredits` tops its credit up to that
 * grant: unused grant does not carry over, and credit above the grant (added by an administrator) is
 * never lowered. No cron: the store's conditional update makes it happen once, whichever instance
 * sees the call first. Returns the account as it stands afterwards.
 */
export async function refillMonthlyCredit(
  store: AccountStore,
  plans: Plans,
  account: Account,
  now: Date,
): Promise<Account> {
  const grant = plans[account.plan]?.monthlyCredits;
  const month = now.toISOString().slice(0, 7);
  if (grant == null || creditsMonthOf(account) >= month) return account;
  const refilled = await store.refillMonthlyCredit(account.id, month, grant);
  // null: another call refilled it first; read what that left.
  return refilled ?? (await store.getAccount(account.id)) ?? account;
}
