import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, type TestApp } from '../helpers/test-app.ts';
import { PASSWORD, WebClient } from '../helpers/web-client.ts';

/** Every refusal is a 403 page that changed nothing; each test then checks the state it would have changed. */
function assertRefused(res: { statusCode: number; body: string }) {
  assert.equal(res.statusCode, 403);
  assert.match(res.body, /This form was not accepted/);
}

describe('website: cross-site request forgery', () => {
  let t: TestApp;
  let alice: WebClient;
  let bob: WebClient;
  const keyCount = async (email: string) => {
    const account = await t.store.getAccountByEmail(email);
    return (await t.store.listKeys(account!.id)).length;
  };
  before(async () => {
    t = await createTestApp();
    alice = new WebClient(t.app);
    await alice.signup('alice@example.com');
    bob = new WebClient(t.app);
    await bob.signup('bob@example.com');
  });
  after(() => t.close());

  it('refuses a post without a token, or with another session’s token: no key is made', async () => {
    assertRefused(await alice.post('/keys', { name: 'no token' }));
    assertRefused(await alice.post('/keys', { name: 'bad token', csrf: 'x'.repeat(43) }));
    assertRefused(await alice.post('/keys', { name: 'bob token', csrf: await bob.csrf('/keys') }));
    assert.equal(await keyCount('alice@example.com'), 0);
    const csrf = await alice.csrf('/keys');
    assert.equal((await alice.post('/keys', { name: 'good', csrf })).statusCode, 303);
    assert.equal(await keyCount('alice@example.com'), 1);
  });

  it('refuses a post that the browser says comes from another site, even with a valid token', async () => {
    const csrf = await alice.csrf('/keys');
    assertRefused(await alice.post('/keys', { name: 'x', csrf }, { 'sec-fetch-site': 'cross-site' }));
    assertRefused(await alice.post('/keys', { name: 'x', csrf }, { 'sec-fetch-site': 'same-site' }));
    assertRefused(await alice.post('/keys', { name: 'x', csrf }, { origin: 'https://evil.example' }));
    assertRefused(await alice.post('/keys', { name: 'x', csrf }, { origin: 'null' }));
    assert.equal(await keyCount('alice@example.com'), 1);
    const same = await alice.post(
      '/keys',
      { name: 'same origin', csrf },
      { host: 'docjson.test', origin: 'http://docjson.test', 'sec-fetch-site': 'same-origin' },
    );
    assert.equal(same.statusCode, 303);
    assert.equal(await keyCount('alice@example.com'), 2);
  });

  it('refuses a revoke without a token: the key still works', async () => {
    const key = await alice.createKey('keep me');
    const account = await t.store.getAccountByEmail('alice@example.com');
    const record = (await t.store.listKeys(account!.id)).find((k) => k.name === 'keep me')!;
    assertRefused(await alice.post(`/keys/${record.id}/revoke`, {}));
    const api = await t.generate(key, upload('', 'x'));
    assert.notEqual(api.statusCode, 401);
  });

  it('refuses a log-out without a token: the session lives on', async () => {
    assertRefused(await alice.post('/logout', {}));
    assert.equal((await alice.get('/keys')).statusCode, 200);
  });

  it('refuses a sign-up or log-in without the token of the form cookie (login forgery)', async () => {
    const visitor = new WebClient(t.app);
    assertRefused(
      await visitor.post('/signup', { email: 'forged@example.com', password: PASSWORD, confirm: PASSWORD }),
    );
    assert.equal(await t.store.getAccountByEmail('forged@example.com'), null);
    assertRefused(await visitor.post('/login', { email: 'alice@example.com', password: PASSWORD }));
    assert.equal(visitor.cookies.has('docjson_session'), false);
    // A token from one visitor's form does not fit another visitor's cookie.
    const other = new WebClient(t.app);
    const csrf = await other.csrf('/login');
    assertRefused(await visitor.post('/login', { csrf, email: 'alice@example.com', password: PASSWORD }));
  });

  it('refuses a playground post without a token: nothing is charged or recorded', async () => {
    const before = (await t.store.getAccountByEmail('alice@example.com'))!;
    const calls = (await t.store.listCalls(before.id, '2000-01-01')).length;
    const res = await alice.postMultipart('/playground', [
      { name: 'csrf', content: 'wrong' },
      { name: 'document', content: INVOICE_TEXT, filename: 'invoice.txt' },
      { name: 'yaml', content: 'schemas: {}' },
    ]);
    assertRefused(res);
    const after = (await t.store.getAccountByEmail('alice@example.com'))!;
    assert.equal(after.credits, before.credits);
    assert.equal((await t.store.listCalls(after.id, '2000-01-01')).length, calls);
  });
});
