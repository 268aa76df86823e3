import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';
import { WebClient } from '../helpers/web-client.ts';

describe('website: API Keys', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('creates a key that works on the API, shows it once, then lists its name and prefix only', async () => {
    const c = new WebClient(t.app);
    await c.signup('keys@example.com');
    const page = await c.get('/keys');
    for (const text of ['<h1>API Keys</h1>', 'Key name', 'Create key']) assert.ok(page.body.includes(text));
    const key = await c.createKey('billing server');
    assert.match(key, /^dj_[0-9A-Za-z]{43}$/);
    assert.equal(c.last?.headers['cache-control'], 'no-store');
    assert.match(c.last!.body, /shown only this once/);
    assert.match(c.last!.body, /data-copy="new-key"/);

    const api = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));
    assert.equal(api.statusCode, 200);

    const list = await c.get('/keys');
    assert.ok(!list.body.includes(key), 'the key is never shown again');
    assert.ok(list.body.includes('billing server'));
    assert.ok(list.body.includes(`${key.slice(0, 10)}…`));
    assert.ok(!list.body.includes(key.slice(0, 14)), 'no more than the prefix');
    assert.match(list.body, /<td data-label="Status">Active<\/td>/);
    assert.doesNotMatch(
      list.body,
      /<td data-label="Last used">Never<\/td>\s*<td data-label="Status">Active/,
      'last use is shown',
    );

    const stored = (await t.store.listKeys((await t.store.getAccountByEmail('keys@example.com'))!.id))[0]!;
    assert.equal(stored.prefix, key.slice(0, 10));
    assert.equal(stored.name, 'billing server');
  });

  it('refuses an empty name, and escapes a hostile one', async () => {
    const c = new WebClient(t.app);
    await c.signup('names@example.com');
    const csrf = await c.csrf('/keys');
    const empty = await c.post('/keys', { csrf, name: '   ' });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.body, /Give the key a name/);
    await c.createKey('<img src=x onerror=alert(1)>');
    const list = await c.get('/keys');
    assert.ok(!list.body.includes('<img src=x'));
    assert.ok(list.body.includes('&lt;img src=x onerror=alert(1)&gt;'));
  });

  it('revokes a key: the API answers 401 at once, on every instance sharing the store', async () => {
    const other = await createTestApp({ store: t.store });
    try {
      const c = new WebClient(t.app);
      await c.signup('revoke@example.com');
      const key = await c.createKey('to revoke');
      assert.equal((await other.generate(key, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);
      const page = await c.get('/keys');
      const action = /action="(\/keys\/[^"]+\/revoke)"/.exec(page.body)![1]!;
      assert.match(page.body, /data-confirm="Revoke the key/);
      const res = await c.post(action, { csrf: await c.csrf('/keys') });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/keys?done=revoked');
      for (const app of [t, other]) {
        const api = await app.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));
        assert.equal(api.statusCode, 401);
        assert.equal(api.json().code, 'invalid_api_key');
      }
      const list = await c.get('/keys?done=revoked');
      assert.match(list.body, /The key was revoked/);
      assert.match(list.body, /<td data-label="Status">Revoked<\/td>/);
    } finally {
      await other.app.close();
    }
  });
});

describe('website: two accounts never see each other', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('shows each account its own keys and calls, and refuses to revoke the other’s key', async () => {
    const alice = new WebClient(t.app);
    await alice.signup('alice@example.com');
    const aliceKey = await alice.createKey('alice-secret-server');
    assert.equal((await t.generate(aliceKey, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);

    const bob = new WebClient(t.app);
    await bob.signup('bob@example.com');
    await bob.createKey('bob-laptop');

    const bobKeys = await bob.get('/keys');
    assert.ok(!bobKeys.body.includes('alice-secret-server'));
    assert.ok(!bobKeys.body.includes(aliceKey.slice(0, 10)));
    assert.ok(!bobKeys.body.includes('alice@example.com'));
    const bobUsage = await bob.get('/usage');
    assert.match(bobUsage.body, /No call in the last 30 days/);
    assert.match(bobUsage.body, /50 pages/);

    const aliceUsage = await alice.get('/usage');
    assert.match(aliceUsage.body, /200 OK/);
    assert.ok(!(await alice.get('/keys')).body.includes('bob-laptop'));

    // Bob posts, with his own valid token, the revoke form of Alice's key.
    const aliceAccount = (await t.store.getAccountByEmail('alice@example.com'))!;
    const aliceRecord = (await t.store.listKeys(aliceAccount.id))[0]!;
    const res = await bob.post(`/keys/${aliceRecord.id}/revoke`, { csrf: await bob.csrf('/keys') });
    assert.equal(res.headers.location, '/keys');
    assert.equal((await t.generate(aliceKey, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);
  });
});
