import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('environment configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    assert.equal(config.PORT, 8080);
    assert.equal(config.HOST, '127.0.0.1');
    assert.equal(config.DATA_DIR, './data');
    assert.equal(config.TRUST_PROXY, false);
    assert.equal(config.tls, undefined);
    assert.deepEqual(Object.keys(config.plans), ['free', 'starter', 'pro', 'enterprise']);
    assert.equal(config.plans.free?.maxFileBytes, 1_000_000);
    assert.equal(config.plans.enterprise?.maxFileBytes, 100_000_000);
    assert.equal(config.MAX_PAGES_IN_FLIGHT, 500);
  });

  it('reads MAX_PAGES_IN_FLIGHT', () => {
    assert.equal(loadConfig({ MAX_PAGES_IN_FLIGHT: '2000' }).MAX_PAGES_IN_FLIGHT, 2000);
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY, [
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('reads REDIS_URL and METRICS_TOKEN, both optional', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      METRICS_TOKEN: 'a-long-enough-token',
    });
    assert.equal(config.REDIS_URL, 'redis://127.0.0.1:6379/0');
    assert.equal(config.METRICS_TOKEN, 'a-long-enough-token');
    assert.equal(loadConfig({}).REDIS_URL, undefined);
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgres/],
    [{ TLS_CERT_FILE: '/x.pem' }, /TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE must be set together/],
    [
      { TLS_CERT_FILE: '/nonexistent/c.pem', TLS_KEY_FILE: '/nonexistent/k.pem' },
      /TLS_CERT_FILE: cannot read/,
    ],
    [{ TRUST_PROXY: 'sometimes' }, /TRUST_PROXY/],
    [{ PLANS_FILE: '/nonexistent/plans.json' }, /PLANS_FILE/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /REDIS_URL: must be a redis/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: use at least 16 characters/],
    [{ MAX_PAGES_IN_FLIGHT: '0' }, /MAX_PAGES_IN_FLIGHT/],
  ];
  for (const [env, message] of bad) {
    it(`refuses ${JSON.stringify(env)} with a clear message`, () => {
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && message.test(e.message),
      );
    });
  }
});
