import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { SqliteAccountStore } from '../../src/accounts/sqlite-store.ts';
import { upload } from '../helpers/multipart.ts';
import { tcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const call = (t: TestApp, key: string) => t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));

describe('rate limits shared through Redis (REDIS_URL), two instances', () => {
  // One prefix per run: parallel runs against the same Redis never count each other's calls.
  const nameSpace = `docjson-test:${randomUUID()}:`;
  const perMinute = 3;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;

  before(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await redis.connect();
    a = await createTestApp({
      redisUrl: REDIS_URL,
      rateLimitNamespace: nameSpace,
      rateLimitPerMinute: perMinute,
    });
    // The second instance shares the first one's accounts, as two instances share one database.
    b = await createTestApp({
      store: new SqliteAccountStore(a.dataDir),
      redisUrl: REDIS_URL,
      rateLimitNamespace: nameSpace,
      rateLimitPerMinute: perMinute,
    });
  });
  after(async () => {
    await b.close();
    await a.close();
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('lets N calls a minute through for one key in total, then 429 with Retry-After on either instance', async () => {
    const key = await a.keyFor({ credits: 100 });
    const results = [];
    for (let i = 0; i < 2 * perMinute; i++) results.push(await call(i % 2 === 0 ? a : b, key));
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [200, 200, 200, 429, 429, 429],
    );
    for (const refused of results.slice(perMinute)) {
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${refused.headers['retry-after']}`);
      assert.equal(refused.json().code, 'rate_limited');
      assert.equal(refused.json().details.limit, perMinute);
    }
    // The counter lives in Redis under the run's prefix, by account id: no key, no e-mail.
    const keys = await redis.keys(`${nameSpace}*`);
    assert.equal(keys.length, 1);
    assert.ok(!keys[0]!.includes(key) && !keys[0]!.includes('@'));
  });

  it('another key has its own budget', async () => {
    const other = await a.keyFor({ credits: 100 });
    assert.equal((await call(b, other)).statusCode, 200);
  });

  it('without REDIS_URL each instance counts alone (as before)', async () => {
    const c = await createTestApp({ rateLimitPerMinute: 1 });
    const d = await createTestApp({ store: new SqliteAccountStore(c.dataDir), rateLimitPerMinute: 1 });
    try {
      const key = await c.keyFor({ credits: 10 });
      assert.equal((await call(c, key)).statusCode, 200);
      assert.equal((await call(d, key)).statusCode, 200);
      assert.equal((await call(c, key)).statusCode, 429);
    } finally {
      await d.close();
      await c.close();
    }
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('fails open: every call answered (never 500, never a hang), with a warning in the log', async () => {
    const t = await createTestApp({
      redisUrl: 'redis://127.0.0.1:1',
      rateLimitNamespace: `docjson-test:${randomUUID()}:`,
      rateLimitPerMinute: 1,
    });
    try {
      const key = await t.keyFor({ credits: 10 });
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await call(t, key));
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        [200, 200, 200],
      );
      for (const r of answers) assert.equal(r.headers['x-ratelimit-remaining'], undefined);
      const warnings = t.logs.lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
      assert.ok(
        warnings.some((w) => String(w.msg).startsWith('rate limits: Redis unavailable')),
        t.logs.text,
      );
      assert.ok(warnings.length <= 2, 'the warning is not repeated for every call');
      assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  it('fails open when Redis accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const t = await createTestApp({
      redisUrl: `redis://127.0.0.1:${port}`,
      rateLimitNamespace: `docjson-test:${randomUUID()}:`,
      rateLimitPerMinute: 1,
    });
    try {
      const key = await t.keyFor({ credits: 10 });
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await call(t, key)).statusCode);
      assert.deepEqual(statuses, [200, 200]);
    } finally {
      await t.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('rate limits when Redis freezes (connections open, nothing answered)', () => {
  it('asks the frozen Redis once, not at every call, claims no count meanwhile, and counts again once it answers', async () => {
    const target = new URL(REDIS_URL);
    const proxy = await tcpProxy(target.hostname, Number(target.port || 6379));
    const t = await createTestApp({
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      rateLimitNamespace: `docjson-test:${randomUUID()}:`,
      rateLimitPerMinute: 100,
    });
    try {
      const key = await t.keyFor({ credits: 20 });
      const counted = await call(t, key);
      assert.equal(counted.headers['x-ratelimit-remaining'], '99');
      proxy.freeze();
      const whileFrozen = [];
      for (let i = 0; i < 5; i++) whileFrozen.push(await call(t, key));
      assert.deepEqual(
        whileFrozen.map((r) => r.statusCode),
        [200, 200, 200, 200, 200],
      );
      for (const r of whileFrozen) {
        assert.equal(r.headers['x-ratelimit-remaining'], undefined, 'a count no counter gave');
        assert.equal(r.headers['x-ratelimit-limit'], undefined);
      }
      const asked = proxy.heldFromClients().toString('latin1').match(/EVAL/gi)?.length ?? 0;
      assert.equal(asked, 1, 'rate-limit commands sent to the frozen Redis');
      proxy.thaw();
      let after = await call(t, key);
      for (let tries = 0; tries < 50 && after.headers['x-ratelimit-remaining'] === undefined; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await call(t, key);
      }
      assert.equal(after.statusCode, 200);
      assert.ok(Number(after.headers['x-ratelimit-remaining']) < 99, 'counted again once Redis answers');
    } finally {
      proxy.thaw();
      await t.close();
      await proxy.close();
    }
  });
});
