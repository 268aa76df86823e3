import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { describeFault } from '../requests/log-safe.ts';

/**
 * Redis for counters that may be lost (rate limits, failed authentications): a call never waits for
 * it long. Commands have a short timeout and no offline queue; once one fails or times out, Redis is
 * not asked again (callers fail open at once) until a ping in the background answers: a frozen Redis
 * costs one call one timeout, not every call 0.5 s. Failures are logged at most once a minute.
 */
const COMMAND_TIMEOUT_MS = 500;
const PROBE_EVERY_MS = 1_000;
const WARN_EVERY_MS = 60_000;
const STARTUP_WAIT_MS = 3_000;

/** One INCR with its window: the first call of a window sets the expiry, the rest read it. */
const INCR_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }
`;

export class SharedRedis {
  readonly #redis: Redis;
  readonly #log: FastifyBaseLogger;
  #tripped = false;
  #probe: NodeJS.Timeout | undefined;
  #lastWarning = Number.NEGATIVE_INFINITY;
  #lastFailureAt = Number.NEGATIVE_INFINITY;

  constructor(url: string, log: FastifyBaseLogger) {
    this.#log = log;
    this.#redis = new Redis(url, {
      connectTimeout: COMMAND_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Keep trying in the background; calls meanwhile fail open at once.
      retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
    });
    // ioredis reports connection failures as events; without a listener it prints them itself.
    this.#redis.on('error', (error) => this.#warn(error));
  }

  /**
   * Without an offline queue, calls made before the connection is up would all fail open: the
   * instance waits for it a moment at start, and starts anyway if Redis is down.
   */
  async connected(ms = STARTUP_WAIT_MS): Promise<void> {
    if (this.#redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#redis.once('ready', done);
    });
  }

  /** Whether Redis may be asked now: connected, and not known to be failing. */
  get available(): boolean {
    return this.#redis.status === 'ready' && !this.#tripped;
  }

  /** Whether a command failed since `at` (performance.now()): a count read around then was none. */
  failedSince(at: number): boolean {
    return this.#lastFailureAt >= at;
  }

  /** Runs a command, or throws at once when Redis is not available. */
  async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (!this.available) throw new Error('Redis is not available');
    try {
      return await command(this.#redis);
    } catch (error) {
      this.#trip(error);
      throw error;
    }
  }

  /** Counts one more in `key`'s window of `windowMs`: the count so far and the milliseconds left. */
  async countInWindow(key: string, windowMs: number): Promise<[count: number, msLeft: number]> {
    return (await this.run((redis) => redis.eval(INCR_IN_WINDOW, 1, key, windowMs))) as [number, number];
  }

  close(): void {
    clearInterval(this.#probe);
    this.#redis.disconnect();
  }

  #trip(error: unknown): void {
    this.#lastFailureAt = performance.now();
    this.#warn(error);
    if (this.#tripped) return;
    this.#tripped = true;
    this.#probe = setInterval(() => {
      this.#redis.ping().then(
        () => {
          this.#tripped = false;
          clearInterval(this.#probe);
        },
        () => {},
      );
    }, PROBE_EVERY_MS);
    this.#probe.unref();
  }

  #warn(error: unknown): void {
    this.#lastFailureAt = performance.now();
    const now = performance.now();
    if (now - this.#lastWarning < WARN_EVERY_MS) return;
    this.#lastWarning = now;
    this.#log.warn(
      { fault: describeFault(error) },
      'rate limits: Redis unavailable; requests are let through unlimited until it answers',
    );
  }
}
