import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { AccountStore } from '../../src/accounts/account-store.ts';
import { generateApiKey } from '../../src/accounts/api-key.ts';
import { SqliteAccountStore } from '../../src/accounts/sqlite-store.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The store, with a count of the key lookups made through it. */
function countingLookups(store: AccountStore): { store: AccountStore; lookups: () => number } {
  let lookups = 0;
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'findByKeyHash') {
        return (hash: string) => {
          lookups++;
          return target.findByKeyHash(hash);
        };
      }
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counted, lookups: () => lookups };
}

function clock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const call = (t: TestApp, key: string, from?: string) => {
  const body = upload(INVOICE_TEXT, INVOICE_YAML);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/generate',
    headers: { 'x-api-key': key, ...body.headers, ...(from ? { 'x-forwarded-for': from } : {}) },
    payload: body.payload,
  });
};

describe('failed authentications, per client address', () => {
  it('past the limit, an address gets 429 with Retry-After before any key of it is looked up', async () => {
    const time = clock();
    const dir = mkdtempSync(join(tmpdir(), 'docjson-auth-'));
    const { store, lookups } = countingLookups(new SqliteAccountStore(dir));
    const t = await createTestApp({ store, now: time.now, authFailuresPerMinute: 5, trustProxy: true });
    try {
      const valid = await t.keyFor({ credits: 10 });
      const attacker = '203.0.113.7';
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await call(t, generateApiKey(), attacker)).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      assert.equal(lookups(), 5, 'keys looked up in the store');
      const refused = await call(t, generateApiKey(), attacker);
      assert.equal(refused.json().code, 'rate_limited');
      assert.deepEqual(refused.json().details, {
        request_id: refused.headers['x-request-id'],
        reason: 'too many failed authentications from this address',
        limit: 5,
        retry_after_seconds: Number(refused.headers['retry-after']),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      // Malformed keys count too (they need no lookup, but they are guesses).
      assert.equal((await call(t, 'not-a-key', attacker)).statusCode, 429);
      // Even a valid key, from that address: it cannot be told valid without the lookup.
      assert.equal((await call(t, valid, attacker)).statusCode, 429);
      // Another address (X-Forwarded-For, TRUST_PROXY) is served, and has its own count.
      assert.equal((await call(t, valid, '198.51.100.2')).statusCode, 200);
      assert.equal((await call(t, generateApiKey(), '198.51.100.2')).statusCode, 401);
      // Once the window has passed, the address may try again.
      time.advance(retryAfter * 1000 + 1);
      assert.equal((await call(t, valid, attacker)).statusCode, 200);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is not believed: the connection’s address counts', async () => {
    const t = await createTestApp({ authFailuresPerMinute: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await call(t, generateApiKey(), `198.51.100.${i}`)).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });

  describe('counted through Redis (REDIS_URL), two instances', () => {
    const nameSpace = `docjson-test:${randomUUID()}:`;
    after(async () => {
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
      const keys = await redis.keys(`${nameSpace}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('an address that failed on one instance is refused on the other after one lookup there', async () => {
      const a = await createTestApp({
        redisUrl: REDIS_URL,
        rateLimitNamespace: nameSpace,
        authFailuresPerMinute: 4,
      });
      const { store, lookups } = countingLookups(new SqliteAccountStore(a.dataDir));
      const b = await createTestApp({
        store,
        redisUrl: REDIS_URL,
        rateLimitNamespace: nameSpace,
        authFailuresPerMinute: 4,
      });
      try {
        for (let i = 0; i < 4; i++) assert.equal((await call(a, generateApiKey())).statusCode, 401);
        assert.equal((await call(a, generateApiKey())).statusCode, 429);
        const onB = [];
        for (let i = 0; i < 4; i++) onB.push((await call(b, generateApiKey())).statusCode);
        assert.deepEqual(onB, [401, 429, 429, 429]);
        assert.equal(lookups(), 1);
        // The counter is kept under a hash of the address, never the address itself.
        const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
        const keys = await redis.keys(`${nameSpace}*`);
        redis.disconnect();
        assert.ok(keys.length > 0 && keys.every((k) => !k.includes('127.0.0.1')), keys.join(', '));
      } finally {
        await b.close();
        await a.close();
      }
    });
  });
});
