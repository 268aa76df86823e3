import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { SqliteAccountStore } from '../../src/accounts/sqlite-store.ts';
import type { ExtractionEngine } from '../../src/engines/engine.ts';
import { createEngine } from '../../src/engines/registry.ts';
import { errorRegistry } from '../../src/errors.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

function assertError(res: Injected, code: keyof typeof errorRegistry, details: Record<string, unknown> = {}) {
  assert.equal(res.statusCode, errorRegistry[code].status, res.body);
  assert.deepEqual(res.json(), {
    status: 'error',
    code,
    message: errorRegistry[code].message,
    details: { request_id: res.headers['x-request-id'], ...details },
  });
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

const DAY = 24 * 60 * 60 * 1000;

describe('POST /api/v1/generate: Idempotency-Key', () => {
  const time = clock();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ now: time.now });
  });
  after(() => t.close());

  const call = (
    key: string,
    idempotencyKey: string | undefined,
    body = upload(INVOICE_TEXT, INVOICE_YAML),
    query = '',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/generate${query}`,
      headers: {
        'x-api-key': key,
        ...body.headers,
        ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
      },
      payload: body.payload,
    });
  const creditsOf = async (email: string) => (await t.store.getAccountByEmail(email))?.credits;

  it('replays a retried call: same status and data, no second charge, marked as replayed', async () => {
    const key = await t.keyFor({ email: 'replay@example.com', credits: 10 });
    const first = await call(key, 'order-42');
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    assert.equal(first.headers['x-credits-remaining'], '9');
    // A new multipart boundary: the same parts are the same request.
    const retry = await call(key, 'order-42');
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.headers['x-pages-billed'], '1');
    assert.equal(retry.headers['x-credits-remaining'], '9');
    assert.deepEqual(retry.json().data, first.json().data);
    assert.equal(retry.json().status, 'success');
    assert.equal(await creditsOf('replay@example.com'), 9);
    // The Usage page shows the replay as a call that billed nothing.
    const account = (await t.store.getAccountByEmail('replay@example.com'))!;
    const calls = await t.store.listCalls(account.id, '2000-01-01');
    assert.deepEqual(calls.map((c) => c.pages).sort(), [0, 1]);
    // Without a key, the same request is a new call.
    assert.equal((await call(key, undefined)).headers['x-credits-remaining'], '8');
  });

  it('replays the call that spent the last credit instead of refusing it', async () => {
    const key = await t.keyFor({ email: 'last@example.com', credits: 1 });
    assert.equal((await call(key, 'last')).headers['x-credits-remaining'], '0');
    const retry = await call(key, 'last');
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.equal(retry.headers['x-credits-remaining'], '0');
    assertError(await call(key, 'another'), 'insufficient_credit', { credits_left: 0 });
  });

  it('refuses the same key with another document, configuration or query (422), charging nothing', async () => {
    const key = await t.keyFor({ email: 'reuse@example.com', credits: 10 });
    assert.equal((await call(key, 'k-1')).statusCode, 200);
    const otherDocument = upload(INVOICE_TEXT.replace('1,481.47', '1,481.48'), INVOICE_YAML);
    assertError(await call(key, 'k-1', otherDocument), 'idempotency_key_reused');
    const otherYaml = upload(INVOICE_TEXT, INVOICE_YAML.replace('The invoice number', 'Invoice no'));
    assertError(await call(key, 'k-1', otherYaml), 'idempotency_key_reused');
    assertError(await call(key, 'k-1', undefined, '?evidence=true'), 'idempotency_key_reused');
    assert.equal(await creditsOf('reuse@example.com'), 9);
  });

  it('keeps keys per account', async () => {
    const a = await t.keyFor({ email: 'per-a@example.com', credits: 10 });
    const b = await t.keyFor({ email: 'per-b@example.com', credits: 10 });
    assert.equal((await call(a, 'shared')).headers['x-credits-remaining'], '9');
    const other = await call(b, 'shared');
    assert.equal(other.statusCode, 200);
    assert.equal(other.headers['idempotent-replayed'], undefined);
    assert.equal(other.headers['x-credits-remaining'], '9');
    // And a different request under b's key is b's own business, not a reuse of a's.
    assertError(await call(b, 'shared', upload(`${INVOICE_TEXT}\n`, INVOICE_YAML)), 'idempotency_key_reused');
  });

  it('forgets a key after 24 hours: the same call is then charged again', async () => {
    const key = await t.keyFor({ email: 'expiry@example.com', credits: 10 });
    assert.equal((await call(key, 'daily')).headers['x-credits-remaining'], '9');
    time.advance(DAY - 1000);
    assert.equal((await call(key, 'daily')).headers['idempotent-replayed'], 'true');
    time.advance(1001);
    const later = await call(key, 'daily');
    assert.equal(later.statusCode, 200);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.equal(later.headers['x-credits-remaining'], '8');
  });

  it('does not remember a failed call: a retry with the same key runs afresh', async () => {
    const key = await t.keyFor({ email: 'failed@example.com', credits: 10 });
    const broken = upload(INVOICE_TEXT, 'schemas: [');
    assert.equal((await call(key, 'retry-me', broken)).statusCode, 422);
    const fixed = await call(key, 'retry-me');
    assert.equal(fixed.statusCode, 200, fixed.body);
    assert.equal(fixed.headers['idempotent-replayed'], undefined);
    assert.equal(fixed.headers['x-credits-remaining'], '9');
  });

  it('keeps nothing of the document, the configuration or the answer', async () => {
    const key = await t.keyFor({ email: 'canary@example.com', credits: 10 });
    const canary = 'CANARY-5c1d8e';
    const value = 'INV-7731-9917';
    const document = `${INVOICE_TEXT.replace('INV-2024-0042', value)}Note: ${canary}\n`;
    const yaml = `${INVOICE_YAML}      canary_field_x7:\n        type: string\n`;
    const res = await call(key, 'canary-key', upload(document, yaml));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.invoice_number, value);
    assert.ok('canary_field_x7' in res.json().data);
    const db = new DatabaseSync(join(t.dataDir, 'docjson.sqlite'), { readOnly: true });
    try {
      const rows = db.prepare('SELECT * FROM idempotency_keys WHERE idem_key = ?').all('canary-key');
      assert.equal(rows.length, 1);
      assert.deepEqual(Object.keys(rows[0]!).sort(), [
        'account_id',
        'created_at',
        'idem_key',
        'lease_until',
        'pages',
        'request_hash',
        'request_id',
        'status',
      ]);
      assert.match(String(rows[0]!.request_hash), /^[0-9a-f]{64}$/);
      assert.equal(rows[0]!.status, 200);
      // The generated identifiers are hex and may spell the document's digits ("1481") by chance:
      // they are checked by their form, and the rest of the row is searched.
      const { request_hash: _digest, request_id: requestId, account_id: accountId, ...rest } = rows[0]!;
      assert.match(String(requestId), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.match(String(accountId), /^acc_[A-Za-z0-9]+$/);
      assert.doesNotMatch(JSON.stringify(rest), /CANARY|canary_field|7731|1481|Total/);
    } finally {
      db.close();
    }
    // Nor anywhere else in the store's files (the database, its journal).
    for (const file of readdirSync(t.dataDir)) {
      const bytes = readFileSync(join(t.dataDir, file));
      for (const secret of [canary, value, 'canary_field_x7'])
        assert.equal(bytes.includes(secret), false, file);
    }
  });

  it('accepts 1 to 255 printable ASCII characters, else 400 malformed_request', async () => {
    const key = await t.keyFor({ email: 'format@example.com', credits: 10 });
    const malformed = {
      errors: [{ path: 'headers.idempotency-key', message: 'must be 1 to 255 printable ASCII characters' }],
    };
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const res = await call(key, bad);
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      assert.equal(res.json().code, 'malformed_request');
      assert.equal(
        res.json().message,
        'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
      );
      assert.deepEqual(res.json().details, { request_id: res.headers['x-request-id'], ...malformed });
    }
    for (const good of ['x'.repeat(255), 'a b ~!"#$%&()*+,-./:;<=>?@[]^_`{|}', '7']) {
      assert.equal((await call(key, good)).statusCode, 200, good);
    }
    assert.equal(await creditsOf('format@example.com'), 7);
  });

  it('says the key is still in use (409) while its first call runs', async () => {
    let entered!: () => void;
    const inEngine = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const local = createEngine();
    const held: ExtractionEngine = {
      name: local.name,
      async extract(document, fields, options) {
        entered();
        await gate;
        return local.extract(document, fields, options);
      },
    };
    const slow = await createTestApp({ engine: held });
    try {
      const key = await slow.keyFor({ email: 'busy@example.com', credits: 10 });
      const body = upload(INVOICE_TEXT, INVOICE_YAML);
      const request = (idempotencyKey: string) =>
        slow.app.inject({
          method: 'POST',
          url: '/api/v1/generate',
          headers: { 'x-api-key': key, 'idempotency-key': idempotencyKey, ...body.headers },
          payload: body.payload,
        });
      const first = request('busy');
      await inEngine;
      assertError(await request('busy'), 'idempotency_in_progress');
      open();
      assert.equal((await first).statusCode, 200);
      assert.equal((await request('busy')).headers['idempotent-replayed'], 'true');
      assert.equal((await slow.store.getAccountByEmail('busy@example.com'))?.credits, 9);
    } finally {
      open();
      await slow.close();
    }
  });

  it('frees the key of a request that stopped (its lease ran out) within 30 s, with Retry-After meanwhile; charges once', async () => {
    const gate = Promise.withResolvers<void>();
    const entered = Promise.withResolvers<void>();
    const local = createEngine();
    const stuck: ExtractionEngine = {
      name: local.name,
      async extract(document, fields, options) {
        entered.resolve();
        await gate.promise;
        return local.extract(document, fields, options);
      },
    };
    const time = clock();
    // Two instances on one store; the first one's request stops (a frozen or killed process renews nothing).
    const frozen = await createTestApp({
      engine: stuck,
      now: time.now,
      idempotencyLease: { leaseMs: 30_000, renewEveryMs: 3_600_000 },
    });
    const other = await createTestApp({ store: new SqliteAccountStore(frozen.dataDir), now: time.now });
    try {
      const key = await frozen.keyFor({ email: 'stopped@example.com', credits: 10 });
      const body = upload(INVOICE_TEXT, INVOICE_YAML);
      const request = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/generate',
          headers: { 'x-api-key': key, 'idempotency-key': 'order-7', ...body.headers },
          payload: body.payload,
        });
      const first = request(frozen);
      await entered.promise;
      const busy = await request(other);
      assertError(busy, 'idempotency_in_progress');
      const retryAfter = Number(busy.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 30, `Retry-After ${busy.headers['retry-after']}`);
      time.advance(retryAfter * 1000 + 1);
      const retried = await request(other);
      assert.equal(retried.statusCode, 200, retried.body);
      assert.equal(retried.headers['x-credits-remaining'], '9');
      // The stopped request wakes up: its claim is no longer its own, so it is not charged.
      gate.resolve();
      const late = await first;
      assertError(late, 'idempotency_in_progress');
      assert.ok(Number(late.headers['retry-after']) >= 1);
      assert.equal(await other.store.getAccountByEmail('stopped@example.com').then((a) => a?.credits), 9);
      assert.equal((await request(other)).headers['idempotent-replayed'], 'true');
    } finally {
      gate.resolve();
      await other.close();
      await frozen.close();
    }
  });

  it('keeps the key of a request that runs longer than a lease: it renews its claim', async () => {
    const gate = Promise.withResolvers<void>();
    const entered = Promise.withResolvers<void>();
    const local = createEngine();
    const slow: ExtractionEngine = {
      name: local.name,
      async extract(document, fields, options) {
        entered.resolve();
        await gate.promise;
        return local.extract(document, fields, options);
      },
    };
    const time = clock();
    const busy = await createTestApp({
      engine: slow,
      now: time.now,
      idempotencyLease: { leaseMs: 30_000, renewEveryMs: 20 },
    });
    try {
      const key = await busy.keyFor({ email: 'long@example.com', credits: 10 });
      const account = (await busy.store.getAccountByEmail('long@example.com'))!;
      const body = upload(INVOICE_TEXT, INVOICE_YAML);
      const request = () =>
        busy.app.inject({
          method: 'POST',
          url: '/api/v1/generate',
          headers: { 'x-api-key': key, 'idempotency-key': 'long-job', ...body.headers },
          payload: body.payload,
        });
      const first = request();
      await entered.promise;
      // Two leases' worth of time pass while the first request runs; it renews its claim meanwhile.
      for (let lease = 0; lease < 2; lease++) {
        time.advance(25_000);
        const renewedPast = time.now().getTime() + 20_000;
        let leaseUntil = 0;
        for (let tries = 0; tries < 500 && !(leaseUntil > renewedPast); tries++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          const held = await busy.store.findIdempotencyKey(account.id, 'long-job', new Date(0));
          leaseUntil = Date.parse(held?.leaseUntil ?? '');
        }
        assert.ok(leaseUntil > renewedPast, 'the running request renewed its claim');
        assertError(await request(), 'idempotency_in_progress');
      }
      gate.resolve();
      assert.equal((await first).statusCode, 200);
      assert.equal((await request()).headers['idempotent-replayed'], 'true');
      assert.equal((await busy.store.getAccountByEmail('long@example.com'))?.credits, 9);
    } finally {
      gate.resolve();
      await busy.close();
    }
  });

  it('documents the header in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const parameters = doc.paths['/api/v1/generate'].post.parameters as { name: string; in: string }[];
    assert.ok(parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key'));
  });
});
