import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { hashApiKey } from '../accounts/api-key.ts';
import { AppError } from '../errors.ts';
import type { SharedRedis } from './shared-redis.ts';

export interface RateLimitOptions {
  /** Counters shared by every instance. Without it, each instance counts in memory. */
  redis?: SharedRedis | undefined;
  /** Prefix of the Redis keys (tests use one per run). */
  nameSpace?: string | undefined;
}

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/**
 * Registers @fastify/rate-limit (per route, by account), in memory or shared through Redis. When
 * Redis cannot count, the request goes through (fail open: a rate limit guards against abuse, it is
 * no reason to refuse paying clients while Redis is down), and without rate-limit headers: the count
 * the plugin would send then (the whole limit left) is one that no counter gave.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions = {}): Promise<void> {
  const redis = options.redis;
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis
      ? {
          store: sharedStore(redis, options.nameSpace ?? 'docjson:rate-limit:'),
          skipOnError: true,
          // Not asked at all while it is known to be failing: no wait, no headers.
          allowList: () => !redis.available,
        }
      : {}),
    keyGenerator: (request) =>
      request.account?.id ?? hashApiKey(String(request.headers['x-api-key'] ?? request.ip)),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        { limit: context.max, retry_after_seconds: Math.ceil(context.ttl / 1000) },
        { retryAfter: Math.ceil(context.ttl / 1000) },
      ),
  });
  if (redis) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (redis.failedSince(request.startedAt))
        for (const name of RATE_LIMIT_HEADERS) reply.removeHeader(name);
      return payload;
    });
  }
}

function sharedStore(redis: SharedRedis, nameSpace: string): FastifyRateLimitStoreCtor {
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
      redis.countInWindow(this.#prefix + key, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: Error) => callback(error),
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
