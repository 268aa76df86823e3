import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it, mock } from 'node:test';
import { passwords } from '../../src/web/passwords.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { PASSWORD, WebClient } from '../helpers/web-client.ts';

const WRONG = 'Incorrect email or password.';

/** A clock the tests move by hand: session expiry and the throttle window without waiting. */
function clock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

function sqlite(t: TestApp) {
  return new DatabaseSync(join(t.dataDir, 'docjson.sqlite'), { readOnly: true });
}

describe('website: sign up, log in, log out', () => {
  const time = clock();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ now: time.now });
  });
  after(() => t.close());

  it('signs up on the free plan with its credit, then is logged in', async () => {
    const c = new WebClient(t.app);
    const form = await c.get('/signup');
    assert.equal(form.statusCode, 200);
    for (const label of ['Email', 'Password', 'Confirm password', 'Create account'])
      assert.ok(form.body.includes(label));
    const res = await c.signup('New.User@Example.com');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/keys');
    const account = await t.store.getAccountByEmail('new.user@example.com');
    assert.equal(account?.plan, 'free');
    assert.equal(account?.credits, 50);
    const keys = await c.get('/keys');
    assert.equal(keys.statusCode, 200);
    for (const link of ['API Keys', 'Usage', 'Playground', 'Log out'])
      assert.ok(keys.body.includes(link), link);
  });

  it('refuses short passwords, differing confirmations, bad e-mails and taken e-mails, keeping the e-mail typed', async () => {
    const c = new WebClient(t.app);
    let csrf = await c.csrf('/signup');
    let res = await c.post('/signup', {
      csrf,
      email: 'short@example.com',
      password: '123456789',
      confirm: '123456789',
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /at least 10 characters/);
    assert.match(res.body, /value="short@example.com"/);
    res = await c.post('/signup', {
      csrf,
      email: 'short@example.com',
      password: PASSWORD,
      confirm: `${PASSWORD}x`,
    });
    assert.match(res.body, /The two passwords differ/);
    res = await c.post('/signup', { csrf, email: 'not-an-email', password: PASSWORD, confirm: PASSWORD });
    assert.match(res.body, /valid e-mail/);
    assert.equal(await t.store.getAccountByEmail('short@example.com'), null);
    await new WebClient(t.app).signup('taken@example.com');
    csrf = await c.csrf('/signup');
    res = await c.post('/signup', {
      csrf,
      email: 'taken@example.com',
      password: PASSWORD,
      confirm: PASSWORD,
    });
    assert.equal(res.statusCode, 409);
    assert.match(res.body, /already exists/);
  });

  it('escapes what a user typed when it is shown again', async () => {
    const c = new WebClient(t.app);
    const csrf = await c.csrf('/signup');
    const res = await c.post('/signup', {
      csrf,
      email: '"><script>alert(1)</script>',
      password: 'x',
      confirm: 'x',
    });
    assert.ok(!res.body.includes('<script>alert(1)</script>'));
    assert.ok(res.body.includes('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
  });

  it('stores the password only as a salted scrypt hash, and never logs it', async () => {
    const password = 'Unique-Password-7731';
    await new WebClient(t.app).signup('hash1@example.com', password);
    await new WebClient(t.app).signup('hash2@example.com', password);
    await new WebClient(t.app).login('hash1@example.com', `${password}-wrong`);
    const db = sqlite(t);
    try {
      const rows = db
        .prepare("SELECT password_hash FROM accounts WHERE email LIKE 'hash%' ORDER BY email")
        .all()
        .map((r) => String(r.password_hash));
      assert.equal(rows.length, 2);
      for (const row of rows) {
        assert.match(row, /^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
        assert.ok(!row.includes(password));
      }
      assert.notEqual(rows[0], rows[1], 'a random salt per password');
    } finally {
      db.close();
    }
    assert.ok(!t.logs.text.includes(password));
  });

  it('logs in with the right password; the same message for a wrong password and an unknown e-mail', async () => {
    await new WebClient(t.app).signup('login@example.com');
    const wrong = await new WebClient(t.app).login('login@example.com', 'not the password');
    const unknown = await new WebClient(t.app).login('nobody@example.com', 'not the password');
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, wrong.statusCode);
    assert.ok(wrong.body.includes(WRONG) && unknown.body.includes(WRONG));
    const strip = (body: string, email: string) =>
      body.replace(/name="csrf" value="[^"]+"/, '').replaceAll(email, 'E');
    assert.equal(strip(wrong.body, 'login@example.com'), strip(unknown.body, 'nobody@example.com'));

    const c = new WebClient(t.app);
    const ok = await c.login('LOGIN@example.com');
    assert.equal(ok.statusCode, 303);
    assert.equal((await c.get('/keys')).statusCode, 200);
  });

  it('does the same scrypt work for an unknown e-mail as for a wrong password (comparable timing)', async () => {
    await new WebClient(t.app).signup('timing@example.com');
    await new WebClient(t.app).login('nobody-at-all@example.com', 'warm up the dummy hash');
    const verify = mock.method(passwords, 'verify');
    try {
      await new WebClient(t.app).login('timing@example.com', 'wrong password!');
      assert.equal(verify.mock.callCount(), 1);
      await new WebClient(t.app).login('unknown-timing@example.com', 'wrong password!');
      assert.equal(verify.mock.callCount(), 2, 'an unknown e-mail is checked against a dummy hash');
    } finally {
      verify.mock.restore();
    }
  });

  it('gives a session cookie that is HttpOnly, SameSite=Lax, not Secure over plain HTTP, with an expiry', async () => {
    const c = new WebClient(t.app);
    const res = await c.signup('cookie@example.com');
    const cookie = [res.headers['set-cookie']].flat().find((h) => h?.startsWith('docjson_session='))!;
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.match(cookie, /; Path=\//);
    assert.match(cookie, /; Max-Age=43200/);
    assert.doesNotMatch(cookie, /Secure/);
  });

  it('stores only the hash of the session id', async () => {
    const c = new WebClient(t.app);
    await c.signup('stored@example.com');
    const id = c.cookies.get('docjson_session')!;
    const db = sqlite(t);
    try {
      const dump = JSON.stringify(db.prepare('SELECT * FROM sessions').all());
      assert.ok(!dump.includes(id));
      assert.ok(dump.includes(createHash('sha256').update(id).digest('hex')));
    } finally {
      db.close();
    }
  });

  it('gives a new session id on every log-in; the one held before stops working', async () => {
    const c = new WebClient(t.app);
    await c.signup('rotate@example.com');
    const first = c.cookies.get('docjson_session')!;
    // A log-in posted while a session is held (the token of a logged-in page is bound to it).
    const csrf = await c.csrf('/keys');
    assert.equal(
      (await c.post('/login', { csrf, email: 'rotate@example.com', password: PASSWORD })).statusCode,
      303,
    );
    const second = c.cookies.get('docjson_session')!;
    assert.notEqual(first, second);
    const old = new WebClient(t.app);
    old.cookies.set('docjson_session', first);
    assert.equal((await old.get('/keys')).headers.location, '/login');

    // A session id planted in the browser before log-in is not the one it ends with.
    const planted = new WebClient(t.app);
    planted.cookies.set('docjson_session', 'planted-by-an-attacker-0123456789');
    await planted.login('rotate@example.com');
    assert.notEqual(planted.cookies.get('docjson_session'), 'planted-by-an-attacker-0123456789');
  });

  it('logs out: the session ends in the store, /keys asks to log in again', async () => {
    const c = new WebClient(t.app);
    await c.signup('logout@example.com');
    const id = c.cookies.get('docjson_session')!;
    const keys = await c.get('/keys');
    const csrf = /action="\/logout"[\s\S]*?name="csrf" value="([^"]+)"/.exec(keys.body)![1]!;
    const res = await c.post('/logout', { csrf });
    assert.equal(res.statusCode, 303);
    assert.equal(c.cookies.has('docjson_session'), false);
    const replay = new WebClient(t.app);
    replay.cookies.set('docjson_session', id);
    const after = await replay.get('/keys');
    assert.equal(after.statusCode, 303);
    assert.equal(after.headers.location, '/login');
  });

  it('ends a session 12 hours after log-in', async () => {
    const c = new WebClient(t.app);
    await c.signup('expiry@example.com');
    time.advance(11 * 60 * 60 * 1000);
    assert.equal((await c.get('/usage')).statusCode, 200);
    time.advance(60 * 60 * 1000 + 1000);
    const res = await c.get('/usage');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/login');
  });

  it('sends a visitor to the log-in page from every page of a logged-in user', async () => {
    const c = new WebClient(t.app);
    for (const path of ['/keys', '/usage', '/playground']) {
      const res = await c.get(path);
      assert.equal(res.statusCode, 303, path);
      assert.equal(res.headers.location, '/login');
    }
    const login = await c.get('/login');
    for (const label of ['Email', 'Password', '>Log in</button>']) assert.ok(login.body.includes(label));
  });
});

describe('website: log-in throttle', () => {
  const time = clock();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ now: time.now });
  });
  after(() => t.close());

  it('refuses an account after 5 failures in 15 minutes, even with the right password, from any address', async () => {
    await new WebClient(t.app).signup('victim@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await new WebClient(t.app, { remoteAddress: `10.0.0.${i + 1}` }).login(
        'victim@example.com',
        'guess',
      );
      assert.equal(res.statusCode, 401);
    }
    const blocked = await new WebClient(t.app, { remoteAddress: '10.0.1.1' }).login('victim@example.com');
    assert.equal(blocked.statusCode, 429);
    assert.match(blocked.body, /Too many attempts/);
    // The same answer for an e-mail with no account: the throttle says nothing of who exists.
    for (let i = 0; i < 5; i++)
      await new WebClient(t.app, { remoteAddress: '10.0.2.1' }).login('ghost@example.com', 'x');
    assert.equal(
      (await new WebClient(t.app, { remoteAddress: '10.0.2.2' }).login('ghost@example.com', 'x')).statusCode,
      429,
    );

    time.advance(15 * 60 * 1000 + 1000);
    const c = new WebClient(t.app, { remoteAddress: '10.0.1.1' });
    assert.equal((await c.login('victim@example.com')).statusCode, 303);
  });

  it('refuses an address after 20 failures in 15 minutes, whatever the account', async () => {
    await new WebClient(t.app).signup('other@example.com');
    for (let i = 0; i < 20; i++) {
      await new WebClient(t.app, { remoteAddress: '192.0.2.7' }).login(`spray${i}@example.com`, 'guess');
    }
    const blocked = await new WebClient(t.app, { remoteAddress: '192.0.2.7' }).login('other@example.com');
    assert.equal(blocked.statusCode, 429);
    assert.equal(
      (await new WebClient(t.app, { remoteAddress: '192.0.2.8' }).login('other@example.com')).statusCode,
      303,
    );
  });
});

describe('website: cookies behind a TLS-terminating proxy', () => {
  it('marks the session cookie Secure when TRUST_PROXY is set', async () => {
    const t = await createTestApp({ trustProxy: true });
    try {
      const res = await new WebClient(t.app).signup('secure@example.com');
      const cookies = [res.headers['set-cookie']].flat();
      assert.ok(
        cookies.every((c) => c?.includes('; Secure')),
        String(cookies),
      );
    } finally {
      await t.close();
    }
  });
});
