import { createHash } from 'node:crypto';
import type { AccountStore } from '../accounts/account-store.ts';

/** Failed log-ins counted over 15 minutes: 5 per account, 20 per address (a shared office NAT). */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

// Hashed: the table of failures need not be a list of e-mail addresses and IPs.
const subject = (kind: string, value: string) =>
  `${kind}:${createHash('sha256').update(value, 'utf8').digest('hex')}`;

/**
 * Counted in the store, so every instance sees the same attempts. Keyed by the e-mail typed, known
 * account or not, so that being throttled says nothing about whether the account exists.
 */
export class LoginThrottle {
  readonly #store: AccountStore;

  constructor(store: AccountStore) {
    this.#store = store;
  }

  async isThrottled(email: string, address: string, now: Date): Promise<boolean> {
    const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    const [byAccount, byAddress] = await Promise.all([
      this.#store.countLoginFailures(subject('email', email), since),
      this.#store.countLoginFailures(subject('ip', address), since),
    ]);
    return byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS;
  }

  /** Records a failure; rows past the window go at the same time, so the table stays small. */
  async failed(email: string, address: string, now: Date): Promise<void> {
    await this.#store.recordLoginFailure([subject('email', email), subject('ip', address)], now);
    await this.#store.clearLoginFailures(null, new Date(now.getTime() - THROTTLE_WINDOW_MS));
  }

  /** A good log-in clears the account's count (not the address's), and old rows go. */
  async succeeded(email: string, now: Date): Promise<void> {
    await this.#store.clearLoginFailures(
      subject('email', email),
      new Date(now.getTime() - THROTTLE_WINDOW_MS),
    );
  }
}
