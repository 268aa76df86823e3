import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { hashApiKey } from '../accounts/api-key.ts';
import { AppError } from '../errors.ts';
import { describeFault } from './log-safe.ts';

export interface RateLimitOptions {
  /** redis:// URL: counters shared by every instance. Without it, each instance counts in memory. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis keys (tests use one per run). */
  nameSpace?: string | undefined;
}

/**
 * Redis is asked with short timeouts and no offline queue: a call never waits for Redis to come
 * back. When it cannot answer, the request goes through (fail open) and a warning is logged, at
 * most once per WARN_EVERY_MS: a rate limit is a guard against abuse, not a reason to refuse
 * paying clients while Redis is down.
 */
const REDIS_TIMEOUT_MS = 500;
const WARN_EVERY_MS = 60_000;
const STARTUP_WAIT_MS = 3_000;

function connected(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}

/** One INCR with its window: the first call of a window sets the expiry, the rest read it. */
const INCR_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }
`;

/** Registers @fastify/rate-limit (per route, by account), in memory or shared through Redis. */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions = {}): Promise<void> {
  const store = options.redisUrl
    ? await redisStore(app, options.redisUrl, options.nameSpace ?? 'docjson:rate-limit:')
    : undefined;
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(store ? { store, skipOnError: true } : {}),
    keyGenerator: (request) =>
      request.account?.id ?? hashApiKey(String(request.headers['x-api-key'] ?? request.ip)),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        { limit: context.max, retry_after_seconds: Math.ceil(context.ttl / 1000) },
        { retryAfter: Math.ceil(context.ttl / 1000) },
      ),
  });
}

async function redisStore(
  app: FastifyInstance,
  url: string,
  nameSpace: string,
): Promise<FastifyRateLimitStoreCtor> {
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keep trying in the background; calls meanwhile fail open at once.
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let lastWarning = Number.NEGATIVE_INFINITY;
  const warn = (error: unknown) => {
    const now = performance.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    app.log.warn(
      { fault: describeFault(error) },
      'rate limits: Redis unavailable; requests are let through unlimited until it answers',
    );
  };
  // ioredis reports connection failures as events; without a listener it prints them itself.
  redis.on('error', warn);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Without an offline queue, calls made before the connection is up would all fail open: the
  // instance waits for it a moment at start, and starts anyway if Redis is down.
  await connected(redis, STARTUP_WAIT_MS);

  class SharedStore implements FastifyRateLimitStore {
    readonly #prefix: string;
    constructor(_options: unknown, prefix = nameSpace) {
      this.#prefix = prefix;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      redis.eval(INCR_IN_WINDOW, 1, this.#prefix + key, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        (error: Error) => {
          warn(error);
          callback(error);
        },
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as routeInfo (its README); its types name the merged options only.
      const route =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new SharedStore(
        undefined,
        `${this.#prefix}${[route.method].flat().join(',')}${route.url ?? ''}:`,
      );
    }
  }
  return SharedStore;
}
