import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { PostgresAccountStore } from '../../src/accounts/postgres-store.ts';
import { upload } from '../helpers/multipart.ts';
import { type TcpProxy, tcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * PostgreSQL frozen, as with SIGSTOP: its connections stay open and it answers nothing. The store's
 * timeouts are shortened here (the defaults are seconds) so that the test does not wait for them;
 * without any timeout the calls below would wait until the database answers again.
 */
describe('POST /api/v1/generate when PostgreSQL freezes', { timeout: 60_000 }, () => {
  const schema = `docjson_frozen_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  let proxy: TcpProxy;
  let t: TestApp;
  before(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(PG_URL);
    proxy = await tcpProxy(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    const store = await PostgresAccountStore.open(url.toString(), {
      schema,
      timeouts: { connectMs: 300, statementMs: 400, queryMs: 600 },
    });
    t = await createTestApp({ store });
  });
  after(async () => {
    proxy.thaw();
    await t.close();
    await proxy.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  const call = (key: string) => t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));

  it('answers 503 unavailable with Retry-After, /health 503, charges nothing, and serves again once it answers', async () => {
    const key = await t.keyFor({ email: 'frozen@example.com', credits: 10 });
    assert.equal((await call(key)).headers['x-credits-remaining'], '9');
    proxy.freeze();
    try {
      for (let i = 0; i < 3; i++) {
        const res = await call(key);
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.json().code, 'unavailable');
        assert.equal(res.json().details.reason, 'a dependency did not answer in time');
        assert.equal(res.headers['retry-after'], '5');
      }
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      assert.equal(health.statusCode, 503);
      assert.equal(health.json().status, 'unhealthy');
    } finally {
      proxy.thaw();
    }
    let answer = await call(key);
    for (let tries = 0; tries < 20 && answer.statusCode !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call(key);
    }
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.headers['x-credits-remaining'], '8');
    assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
  });
});
