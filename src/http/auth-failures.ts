import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';
import type { SharedRedis } from './shared-redis.ts';

export interface AuthFailureLimit {
  /** Failed authentications an address may make in a window before it is refused. */
  max: number;
  windowMs: number;
}

/** Addresses whose count is held in memory at most; past it the oldest are forgotten first. */
const MAX_ADDRESSES = 100_000;

interface Count {
  failures: number;
  resetAt: number;
}

/**
 * Failed authentications (unknown, revoked or malformed keys) counted per client address, so that a
 * flood of guessed keys costs no database lookup each: past `max` in a window, the address gets 429
 * before its key is looked up, whatever the key (a valid one cannot be told valid without the
 * lookup). Counted in memory and, with Redis, in a counter every instance shares (under a hash of
 * the address), so an address refused on one instance is refused on the others after one more
 * failure there. Redis down: each instance counts alone.
 */
export class AuthFailures {
  readonly #limit: AuthFailureLimit;
  readonly #redis: SharedRedis | undefined;
  readonly #nameSpace: string;
  readonly #now: () => number;
  readonly #counts = new Map<string, Count>();

  constructor(
    limit: AuthFailureLimit,
    options: { redis?: SharedRedis | undefined; nameSpace?: string | undefined; now: () => number },
  ) {
    this.#limit = limit;
    this.#redis = options.redis;
    this.#nameSpace = `${options.nameSpace ?? 'docjson:rate-limit:'}auth-failures:`;
    this.#now = options.now;
  }

  /** Throws 429 rate_limited when the address has failed too often in its window. */
  check(address: string): void {
    const count = this.#current(address);
    if (!count || count.failures < this.#limit.max) return;
    const retryAfter = Math.max(1, Math.ceil((count.resetAt - this.#now()) / 1000));
    throw new AppError(
      'rate_limited',
      {
        reason: 'too many failed authentications from this address',
        limit: this.#limit.max,
        retry_after_seconds: retryAfter,
      },
      { retryAfter },
    );
  }

  /** Counts a failed authentication of the address; never throws. */
  async fail(address: string): Promise<void> {
    const now = this.#now();
    const count = this.#current(address) ?? { failures: 0, resetAt: now + this.#limit.windowMs };
    count.failures++;
    this.#remember(address, count);
    if (!this.#redis?.available) return;
    try {
      const [shared, ttl] = await this.#redis.countInWindow(
        this.#nameSpace + digest(address),
        this.#limit.windowMs,
      );
      if (shared > count.failures) {
        count.failures = shared;
        count.resetAt = now + ttl;
      }
    } catch {
      // Redis is failing (SharedRedis says so in the log): this instance's own count stands.
    }
  }

  #current(address: string): Count | undefined {
    const count = this.#counts.get(address);
    if (count && count.resetAt <= this.#now()) {
      this.#counts.delete(address);
      return undefined;
    }
    return count;
  }

  #remember(address: string, count: Count): void {
    this.#counts.delete(address);
    this.#counts.set(address, count);
    if (this.#counts.size <= MAX_ADDRESSES) return;
    const now = this.#now();
    for (const [key, value] of this.#counts) if (value.resetAt <= now) this.#counts.delete(key);
    // A flood from more addresses than that: the least recently failed are forgotten.
    for (const key of this.#counts.keys()) {
      if (this.#counts.size <= MAX_ADDRESSES) break;
      this.#counts.delete(key);
    }
  }
}

function digest(address: string): string {
  return createHash('sha256').update(address).digest('hex').slice(0, 32);
}
