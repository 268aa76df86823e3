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
    const signedUp = await c.signupOnly('New.User@Example.com');
    assert.equal(signedUp.headers.location, '/login?done=signed-up');
    const next = await c.get('/login?done=signed-up');
    assert.match(next.body, /Your account is ready if this e-mail had none/);
    const res = await c.login('new.user@example.com');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/keys');
    const account = await t.store.getAccountByEmail('new.user@example.com');
    assert.equal(account?.plan, 'free');
    assert.equal(account?.credits, 50);
    const keys = await c.get('/keys');
    assert.equal(keys.statusCode, 200);
    for (const link of ['API Keys', 'Usage', 'Playground', 'Account', 'Log out'])
      assert.ok(keys.body.includes(link), link);
  });

  it('refuses short passwords, differing confirmations, bad e-mails and taken e-mails, keeping the e-mail typed', async () => {
    const c = new WebClient(t.app);
    const csrf = await c.csrf('/signup');
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
    // A taken e-mail gets the answer a new one gets: the page never says who has an account.
    const fresh = await new WebClient(t.app).signupOnly('fresh@example.com');
    await new WebClient(t.app).signup('taken@example.com');
    const taken = await new WebClient(t.app).signupOnly('taken@example.com', 'another password 1');
    for (const res of [fresh, taken]) {
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/login?done=signed-up');
      assert.equal(res.body, '');
    }
    // And the taken account keeps its own password.
    assert.equal((await new WebClient(t.app).login('taken@example.com')).statusCode, 303);
    assert.equal(
      (await new WebClient(t.app).login('taken@example.com', 'another password 1')).statusCode,
      401,
    );
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

describe('website: log-in throttle (attacks)', () => {
  const time = clock();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ now: time.now });
  });
  after(() => t.close());

  it('counts guesses sent at once before checking them: of 15 wrong passwords together, 5 are checked', async () => {
    await new WebClient(t.app).signup('burst@example.com');
    const checks = mock.method(passwords, 'verify');
    try {
      const attacker = new WebClient(t.app, { remoteAddress: '203.0.113.9' });
      const csrf = await attacker.csrf('/login');
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          attacker.post('/login', { csrf, email: 'burst@example.com', password: `guess ${i}` }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      assert.equal(checks.mock.callCount(), 5);
      assert.deepEqual(statuses, [...Array(5).fill(401), ...Array(10).fill(429)]);
      // The next guess from there is refused unchecked, even the right password: the pair is spent.
      assert.equal((await attacker.login('burst@example.com')).statusCode, 429);
      assert.equal(checks.mock.callCount(), 5);
    } finally {
      checks.mock.restore();
    }
    // The owner, elsewhere, is not held by the stranger's pair.
    const owner = new WebClient(t.app, { remoteAddress: '198.51.100.20' });
    assert.equal((await owner.login('burst@example.com')).statusCode, 303);
  });

  it('never locks the owner out of a browser that logged in before, whatever strangers send from many addresses', async () => {
    const owner = new WebClient(t.app, { remoteAddress: '198.51.100.30' });
    await owner.signup('owner@example.com');
    await owner.post('/logout', { csrf: await owner.csrf('/keys') });
    // 7 strangers, 5 guesses each: past the account-wide limit (30 an hour) for unknown browsers.
    for (let a = 0; a < 7; a++) {
      const stranger = new WebClient(t.app, { remoteAddress: `192.0.2.${a + 1}` });
      for (let i = 0; i < 5; i++) await stranger.login('owner@example.com', `guess ${a}-${i}`);
    }
    const fresh = new WebClient(t.app, { remoteAddress: '192.0.2.99' });
    assert.equal((await fresh.login('owner@example.com', 'guess')).statusCode, 429);
    // The owner's browser carries its device cookie: the account-wide limit does not hold it.
    assert.ok(owner.cookies.has('docjson_device'));
    assert.equal((await owner.login('owner@example.com')).statusCode, 303);
    // A device cookie is the owner's pass for the owner's account only, and is no pass for guessing it.
    const thief = new WebClient(t.app, { remoteAddress: '192.0.2.100' });
    thief.cookies.set('docjson_device', 'A'.repeat(43));
    assert.equal((await thief.login('owner@example.com', 'guess')).statusCode, 429);
    time.advance(60 * 60 * 1000 + 1000);
    assert.equal((await fresh.login('owner@example.com')).statusCode, 303);
  });

  it('counts an IPv6 guesser by its /64: a new address of the same block per guess dodges nothing', async () => {
    await new WebClient(t.app).signup('six@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const hopper = new WebClient(t.app, { remoteAddress: `2001:db8:77:1::${(i + 1).toString(16)}` });
      statuses.push((await hopper.login('six@example.com', `guess ${i}`)).statusCode);
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
    const neighbour = new WebClient(t.app, { remoteAddress: '2001:db8:77:2::1' });
    assert.equal((await neighbour.login('six@example.com')).statusCode, 303);
  });

  it('says the same for an e-mail without an account: 5 failures, then 429', async () => {
    const c = new WebClient(t.app, { remoteAddress: '10.0.2.1' });
    for (let i = 0; i < 5; i++) assert.equal((await c.login('ghost@example.com', 'x')).statusCode, 401);
    assert.equal((await c.login('ghost@example.com', 'x')).statusCode, 429);
    time.advance(15 * 60 * 1000 + 1000);
    assert.equal((await c.login('ghost@example.com', 'x')).statusCode, 401);
  });

  it('refuses an address after 100 failures in 15 minutes, whatever the accounts; a known browser there still logs in', async () => {
    const known = new WebClient(t.app, { remoteAddress: '100.64.0.1' });
    await known.signup('office@example.com');
    await known.post('/logout', { csrf: await known.csrf('/keys') });
    const checks = mock.method(passwords, 'verify', async (password: string) => password === PASSWORD);
    try {
      for (let i = 0; i < 100; i++) {
        const res = await new WebClient(t.app, { remoteAddress: '100.64.0.1' }).login(
          `spray${i}@example.com`,
          'guess',
        );
        assert.equal(res.statusCode, 401);
      }
      const colleague = new WebClient(t.app, { remoteAddress: '100.64.0.1' });
      assert.equal((await colleague.login('office@example.com')).statusCode, 429);
      assert.equal((await known.login('office@example.com')).statusCode, 303);
    } finally {
      checks.mock.restore();
    }
  });
});

describe('website: sign-up limits (attacks)', () => {
  it('makes at most 5 accounts an hour from one address, however fast, and says so', async () => {
    const time = clock();
    const t = await createTestApp({ now: time.now });
    try {
      const farm = new WebClient(t.app, { remoteAddress: '198.18.0.1' });
      const csrf = await farm.csrf('/signup');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          farm.post('/signup', {
            csrf,
            email: `farm${i}@example.com`,
            password: PASSWORD,
            confirm: PASSWORD,
          }),
        ),
      );
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [
        ...Array(5).fill(303),
        ...Array(3).fill(429),
      ]);
      assert.match(
        answers.find((a) => a.statusCode === 429)!.body,
        /Too many accounts were made from your network/,
      );
      assert.equal((await t.store.listAccounts()).length, 5);
      // Another address is not held.
      assert.equal((await new WebClient(t.app).signupOnly('elsewhere@example.com')).statusCode, 303);
      time.advance(60 * 60 * 1000 + 1000);
      assert.equal((await farm.signupOnly('farm9@example.com')).statusCode, 303);
    } finally {
      await t.close();
    }
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
