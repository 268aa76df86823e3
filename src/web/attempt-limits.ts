import { createHash, randomUUID } from 'node:crypto';
import type { AccountStore } from '../accounts/account-store.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/** What an attempt is counted against: a kind ("login-pair") and the values it is about, and its limit. */
export interface LimitedSubject {
  kind: string;
  values: string[];
  limit: Limit;
}

/** An attempt within its limits: counted, and taken back (withdraw) or kept (a failure) by the caller. */
export interface Attempt {
  id: string;
  subjects: string[];
}

/** Rows older than the longest window are no use to any count. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Hashed: the table of attempts need not be a list of e-mail addresses and IPs. The values are joined
 * with a byte no e-mail or address holds, so that ("a", "b c") and ("a b", "c") stay two subjects.
 */
export function subjectOf(kind: string, values: string[]): string {
  return `${kind}:${createHash('sha256').update(values.join('\u0000'), 'utf8').digest('hex')}`;
}

/**
 * Attempts counted in the store before they are checked, so that the limit holds across instances and
 * however many attempts are sent at once (see AccountStore.recordAttempt). An attempt past any of its
 * limits is taken back out of every count at once: a flood does not grow the table, and does not
 * count against the subjects it was not stopped by.
 */
export class AttemptLimits {
  readonly #store: AccountStore;

  constructor(store: AccountStore) {
    this.#store = store;
  }

  /** The attempt, counted; null when it is past a limit (and then not counted). */
  async take(subjects: LimitedSubject[], now: Date): Promise<Attempt | null> {
    const id = randomUUID();
    const keyed = subjects.map((s) => ({
      subject: subjectOf(s.kind, s.values),
      since: new Date(now.getTime() - s.limit.windowMs),
      max: s.limit.max,
    }));
    const counts = await this.#store.recordAttempt(id, keyed, now);
    if (counts.some((count, i) => count > keyed[i]!.max)) {
      await this.#store.withdrawAttempt(id);
      return null;
    }
    return { id, subjects: keyed.map((k) => k.subject) };
  }

  /** Takes a checked attempt back (it succeeded), and forgets the given subjects' earlier ones. */
  async succeeded(attempt: Attempt, forget: string[], now: Date): Promise<void> {
    await this.#store.withdrawAttempt(attempt.id);
    await this.#store.clearAttempts(forget, new Date(now.getTime() - LONGEST_WINDOW_MS));
  }

  /** Old rows go now and then (on a failure, say), so that the table stays small. */
  async forgetOld(now: Date): Promise<void> {
    await this.#store.clearAttempts([], new Date(now.getTime() - LONGEST_WINDOW_MS));
  }
}
