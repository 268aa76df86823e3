import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { issueResetLink } from '../../src/accounts/password-reset.ts';
import type { MailMessage } from '../../src/web/mailer.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';
import { PASSWORD, WebClient } from '../helpers/web-client.ts';

const NEW_PASSWORD = 'a brand new passphrase';

function linkIn(text: string): string {
  const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!link) throw new Error('no reset link');
  return link;
}

describe('website: Account page', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('is linked from every logged-in page, with Change password and Delete account and their labels', async () => {
    const c = new WebClient(t.app);
    await c.signup('labels@example.com');
    for (const path of ['/keys', '/usage', '/playground', '/account']) {
      assert.match((await c.get(path)).body, /<a href="\/account"[^>]*>Account<\/a>/, path);
    }
    const page = (await c.get('/account')).body;
    for (const label of [
      '<h1>Account</h1>',
      'Change password',
      'Current password',
      'New password',
      'Delete account',
    ]) {
      assert.ok(page.includes(label), label);
    }
    assert.ok((await new WebClient(t.app).get('/login')).body.includes('>Forgot password?</a>'));
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const here = new WebClient(t.app);
    await here.signup('change@example.com');
    const elsewhere = new WebClient(t.app);
    await elsewhere.login('change@example.com');
    const csrf = await here.csrf('/account');

    const wrong = await here.post('/account/password', {
      csrf,
      current: 'not it at all',
      password: NEW_PASSWORD,
    });
    assert.equal(wrong.statusCode, 403);
    assert.match(wrong.body, /The password is not right/);
    const short = await here.post('/account/password', { csrf, current: PASSWORD, password: 'short' });
    assert.equal(short.statusCode, 400);

    const res = await here.post('/account/password', { csrf, current: PASSWORD, password: NEW_PASSWORD });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/account?done=password');
    assert.match((await here.get('/account?done=password')).body, /Your password was changed/);
    assert.equal((await here.get('/keys')).statusCode, 200, 'this session stays');
    assert.equal((await elsewhere.get('/keys')).headers.location, '/login', 'the other session ended');
    assert.equal((await new WebClient(t.app).login('change@example.com')).statusCode, 401);
    assert.equal((await new WebClient(t.app).login('change@example.com', NEW_PASSWORD)).statusCode, 303);
  });

  it('deletes the account with its password: its key stops at once, its session ends, the e-mail is free', async () => {
    const c = new WebClient(t.app);
    await c.signup('leave@example.com');
    const key = await c.createKey('soon gone');
    assert.equal((await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);
    const csrf = await c.csrf('/account');
    assert.equal((await c.post('/account/delete', { csrf, password: 'wrong password' })).statusCode, 403);
    assert.equal((await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);

    const res = await c.post('/account/delete', { csrf, password: PASSWORD });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/login?done=deleted');
    const api = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));
    assert.equal(api.statusCode, 401);
    assert.equal(api.json().code, 'invalid_api_key');
    assert.equal((await c.get('/keys')).headers.location, '/login');
    assert.equal(await t.store.getAccountByEmail('leave@example.com'), null);
    assert.equal((await new WebClient(t.app).signup('leave@example.com')).statusCode, 303);
  });

  it('refuses a delete sent from another site or without its token: nothing is deleted', async () => {
    const c = new WebClient(t.app);
    await c.signup('stay@example.com');
    const refused = await c.post('/account/delete', { password: PASSWORD });
    assert.equal(refused.statusCode, 403);
    assert.match(refused.body, /<a href="\/account">Open the page again<\/a>/);
    const csrf = await c.csrf('/account');
    const cross = await c.post(
      '/account/delete',
      { csrf, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    assert.equal(cross.statusCode, 403);
    assert.ok(await t.store.getAccountByEmail('stay@example.com'));
  });
});

describe('website: Forgot password, without SMTP (admin CLI)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('says to ask the administrator; the CLI prints a link that works once, ends every session, and is never logged', async () => {
    const c = new WebClient(t.app);
    await c.signup('forgot@example.com');
    const page = await new WebClient(t.app).get('/forgot-password');
    assert.match(page.body, /This service sends no e-mail/);

    const out = execFileSync(
      process.execPath,
      ['src/cli.ts', 'accounts', 'reset-link', '--email', 'forgot@example.com'],
      {
        env: { ...process.env, DATA_DIR: t.dataDir, PUBLIC_URL: 'https://docs.example.test' },
        encoding: 'utf8',
      },
    );
    const link = linkIn(out);
    assert.ok(link.startsWith('https://docs.example.test/reset-password?token='));
    const path = link.slice('https://docs.example.test'.length);

    const stranger = new WebClient(t.app);
    const form = await stranger.get(path);
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /New password/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const res = await stranger.post('/reset-password', {
      csrf,
      token,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/login?done=reset');
    assert.equal((await c.get('/keys')).headers.location, '/login', 'the old session ended');
    assert.equal((await new WebClient(t.app).login('forgot@example.com', NEW_PASSWORD)).statusCode, 303);

    const again = await stranger.post('/reset-password', {
      csrf,
      token,
      password: PASSWORD,
      confirm: PASSWORD,
    });
    assert.equal(again.statusCode, 404);
    assert.match(again.body, /This link no longer works/);
    assert.equal((await stranger.get(path)).statusCode, 404);
    assert.ok(!t.logs.text.includes(token), 'the token is never logged');
  });
});

describe('website: a reset link gets the owner past strangers filling the account’s limit (attack)', () => {
  it('lets the browser that used the link log in while new browsers are refused', async () => {
    const t = await createTestApp();
    try {
      await new WebClient(t.app).signup('besieged@example.com');
      for (let a = 0; a < 7; a++) {
        const stranger = new WebClient(t.app, { remoteAddress: `192.0.2.${a + 1}` });
        for (let i = 0; i < 5; i++) await stranger.login('besieged@example.com', `guess ${a}-${i}`);
      }
      const owner = new WebClient(t.app, { remoteAddress: '198.51.100.77' });
      assert.equal((await owner.login('besieged@example.com')).statusCode, 429);
      const account = (await t.store.getAccountByEmail('besieged@example.com'))!;
      const link = await issueResetLink(t.store, account.id, 'http://site.test', new Date());
      const form = await owner.get(link.slice('http://site.test'.length));
      const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
      const token = new URL(link).searchParams.get('token')!;
      await owner.post('/reset-password', { csrf, token, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
      assert.equal((await owner.login('besieged@example.com', NEW_PASSWORD)).statusCode, 303);
      const stranger = new WebClient(t.app, { remoteAddress: '192.0.2.200' });
      assert.equal((await stranger.login('besieged@example.com', NEW_PASSWORD)).statusCode, 429);
    } finally {
      await t.close();
    }
  });
});

describe('website: Forgot password, with SMTP', () => {
  const sent: MailMessage[] = [];
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      mailer: { send: async (message) => void sent.push(message) },
      publicUrl: 'https://docs.example.test',
    });
  });
  after(() => t.close());

  it('mails a one-time link to the account’s address only, and answers the same for an unknown e-mail', async () => {
    await new WebClient(t.app).signup('mailed@example.com');
    sent.length = 0;
    const c = new WebClient(t.app);
    const form = await c.get('/forgot-password');
    assert.match(form.body, /<label>Email <input type="email" name="email"/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const known = await c.post('/forgot-password', { csrf, email: 'mailed@example.com' });
    const unknown = await c.post('/forgot-password', { csrf, email: 'nobody@example.com' });
    for (const res of [known, unknown]) {
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/forgot-password?done=sent');
    }
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.to, 'mailed@example.com');
    const link = linkIn(sent[0]!.text);
    assert.ok(!t.logs.text.includes(new URL(link).searchParams.get('token')!));
    const path = link.slice('https://docs.example.test'.length);
    assert.equal((await new WebClient(t.app).get(path)).statusCode, 200);
  });

  it('sends at most 3 links an hour for one e-mail, so the form cannot flood an inbox', async () => {
    sent.length = 0;
    for (let i = 0; i < 5; i++) {
      const c = new WebClient(t.app);
      const csrf = /name="csrf" value="([^"]+)"/.exec((await c.get('/forgot-password')).body)![1]!;
      assert.equal((await c.post('/forgot-password', { csrf, email: 'mailed@example.com' })).statusCode, 303);
    }
    // The link of the test before counts: 3 in the hour in all.
    assert.equal(sent.length, 2);
  });

  it('tells the owner of a taken e-mail that someone tried to sign up, with the same page as a new account', async () => {
    sent.length = 0;
    const fresh = await new WebClient(t.app).signupOnly('brand-new@example.com');
    const taken = await new WebClient(t.app).signupOnly('mailed@example.com');
    assert.equal(fresh.headers.location, taken.headers.location);
    assert.deepEqual(
      sent.map((m) => [m.to, m.subject]),
      [
        ['brand-new@example.com', 'Your docjson account'],
        ['mailed@example.com', 'Sign-up with your e-mail address'],
      ],
    );
  });
});
