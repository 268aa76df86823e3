import { type Attempt, type AttemptLimits, type Limit, subjectOf } from './attempt-limits.ts';

const MINUTE = 60 * 1000;

/**
 * Log-in attempts are limited so that guessing is slow and a stranger cannot lock the owner out:
 * - per (account, address): 5 in 15 minutes: one guesser, one account;
 * - per account, from browsers that never logged in to it: 30 an hour: guessers spread over many
 *   addresses. A browser that did log in to the account (its device cookie) is not held by this limit,
 *   nor by the address's: a stranger filling them does not keep the owner out;
 * - per address, from such browsers: 100 in 15 minutes, whatever the accounts (credential stuffing),
 *   high enough for an office behind one address;
 * - per (account, device), for a known browser: 10 in 15 minutes.
 * Keyed by the e-mail typed, known account or not, so that being throttled says nothing of who exists.
 */
export const LOGIN_LIMITS = {
  pair: { max: 5, windowMs: 15 * MINUTE },
  account: { max: 30, windowMs: 60 * MINUTE },
  address: { max: 100, windowMs: 15 * MINUTE },
  device: { max: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export interface LoginAttempt {
  email: string;
  address: string;
  /** The hash of the browser's device cookie when the store knows it for this e-mail's account. */
  knownDevice: string | undefined;
}

export class LoginThrottle {
  readonly #limits: AttemptLimits;

  constructor(limits: AttemptLimits) {
    this.#limits = limits;
  }

  /** Counted before the password is checked: null when over a limit (the password is then never checked). */
  start(login: LoginAttempt, now: Date): Promise<Attempt | null> {
    const { email, address, knownDevice } = login;
    return this.#limits.take(
      knownDevice
        ? [{ kind: 'login-device', values: [email, knownDevice], limit: LOGIN_LIMITS.device }]
        : [
            { kind: 'login-pair', values: [email, address], limit: LOGIN_LIMITS.pair },
            { kind: 'login-account', values: [email], limit: LOGIN_LIMITS.account },
            { kind: 'login-address', values: [address], limit: LOGIN_LIMITS.address },
          ],
      now,
    );
  }

  /** A failure stays counted; old rows go. */
  failed(now: Date): Promise<void> {
    return this.#limits.forgetOld(now);
  }

  /** A good log-in is not a failure, and clears its own pair's (or device's) count. */
  succeeded(attempt: Attempt, login: LoginAttempt, now: Date): Promise<void> {
    const own = login.knownDevice
      ? subjectOf('login-device', [login.email, login.knownDevice])
      : subjectOf('login-pair', [login.email, login.address]);
    return this.#limits.succeeded(attempt, [own], now);
  }
}
