import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { hashApiKey } from '../../src/accounts/api-key.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

function newFilesIn(dir: string, since: number): string[] {
  return filesUnder(dir).filter((f) => {
    try {
      return statSync(f).mtimeMs >= since;
    } catch {
      return false;
    }
  });
}

describe('POST /api/v1/generate: security', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('never lets a canary from the document, the file name or the YAML reach a log line, a file or a row', async () => {
    const canary = 'CANARY9f2c41';
    const started = Date.now();
    const tmpBefore = new Set(filesUnder(tmpdir()));
    const key = await t.keyFor({ credits: 50 });
    const document = `${INVOICE_TEXT}\nReference: ${canary}-ref\nNote: ${canary}\n`;
    const yaml = `${INVOICE_YAML}      ${canary}_field:\n        type: string\n        description: the ${canary} note\n`;
    const requests = [
      upload(document, yaml, `${canary}.txt`),
      upload(document, `schemas:\n  data: [broken ${canary}`, `${canary}.txt`),
      upload(`%PDF-1.4 ${canary}`, yaml, `${canary}.pdf`),
      upload(
        document,
        `schemas:\n  data:\n    type: object\n    properties:\n      ${canary}: { type: ${canary} }\n`,
        `${canary}.txt`,
      ),
    ];
    const statuses = [];
    for (const { payload, headers } of requests) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate?evidence=true',
        headers: { 'x-api-key': key, ...headers },
        payload,
      });
      statuses.push(res.statusCode);
    }
    assert.deepEqual(statuses, [200, 422, 400, 422]);

    assert.ok(t.logs.lines.length >= 4, 'each request is logged');
    assert.ok(!t.logs.text.includes(canary), 'no log line holds the canary');
    assert.ok(!t.logs.text.includes(key), 'no log line holds the key');
    for (const line of t.logs.lines.filter((l) => l.includes('"msg":"request"'))) {
      const entry = JSON.parse(line);
      assert.ok(entry.reqId && entry.route && entry.status && entry.durationMs !== undefined, line);
    }
    const first = JSON.parse(t.logs.lines.find((l) => l.includes('"status":200'))!);
    assert.equal(first.format, 'text');
    assert.equal(first.pages, 1);
    assert.ok(first.bytes > 0 && first.accountId);

    for (const file of filesUnder(t.dataDir)) {
      assert.ok(!readFileSync(file).includes(canary), `${file} holds the canary`);
      assert.ok(!readFileSync(file).includes(key), `${file} holds the key`);
    }
    for (const file of newFilesIn(tmpdir(), started).filter(
      (f) => !tmpBefore.has(f) && !f.startsWith(t.dataDir),
    )) {
      assert.ok(!readFileSync(file).includes(canary), `${file} holds the canary`);
    }
  });

  it('stores keys only as their SHA-256 and records calls without content', async () => {
    const key = await t.keyFor({ email: 'hash@example.com' });
    const { payload, headers } = upload(INVOICE_TEXT, INVOICE_YAML);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { 'x-api-key': key, ...headers },
      payload,
    });
    assert.equal(answer.statusCode, 200);
    const db = new DatabaseSync(join(t.dataDir, 'docjson.sqlite'), { readOnly: true });
    try {
      const hashes = db
        .prepare('SELECT key_hash FROM api_keys')
        .all()
        .map((r) => r.key_hash);
      assert.ok(hashes.includes(hashApiKey(key)));
      const dump = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
      assert.ok(!dump.includes(key));
      const columns = db
        .prepare('PRAGMA table_info(calls)')
        .all()
        .map((c) => c.name);
      // Only shapes and counts: the model's token counts (llm, hybrid) are numbers, never text.
      assert.deepEqual(columns, [
        'account_id',
        'at',
        'status',
        'pages',
        'bytes',
        'duration_ms',
        'format',
        'input_tokens',
        'output_tokens',
        'key_id',
        'request_id',
      ]);
      // The call itself: its key (by id), its request id as the answer gave it, its shape; no content.
      const account = await t.store.getAccountByEmail('hash@example.com');
      const [keyRecord] = await t.store.listKeys(account!.id);
      const rows = db.prepare('SELECT * FROM calls WHERE account_id = ?').all(account!.id);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.key_id, keyRecord!.id);
      assert.equal(rows[0]!.request_id, answer.headers['x-request-id']);
      assert.equal(rows[0]!.status, 200);
      assert.equal(rows[0]!.pages, 1);
      assert.equal(rows[0]!.format, 'text');
    } finally {
      db.close();
    }
  });

  it('records last use of a key', async () => {
    const key = await t.keyFor({ email: 'used@example.com' });
    const account = await t.store.getAccountByEmail('used@example.com');
    assert.equal((await t.store.listKeys(account!.id))[0]?.lastUsedAt, null);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.ok((await t.store.listKeys(account!.id))[0]?.lastUsedAt);
  });

  it('spends each credit once: 20 parallel calls on 5 credits give exactly 5 successes', async () => {
    const key = await t.keyFor({ credits: 5, email: 'race@example.com' });
    const calls = Array.from({ length: 20 }, () => {
      const { payload, headers } = upload(INVOICE_TEXT, INVOICE_YAML);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': key, ...headers },
        payload,
      });
    });
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.statusCode === 200);
    assert.equal(ok.length, 5);
    assert.ok(
      results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'insufficient_credit'),
    );
    assert.deepEqual(ok.map((r) => r.headers['x-credits-remaining']).sort(), ['0', '1', '2', '3', '4']);
    assert.equal((await t.store.getAccountByEmail('race@example.com'))?.credits, 0);
  });

  it('answers errors without echoing the key, the file name or the content', async () => {
    const key = await t.keyFor();
    const res = await t.generate(key, upload('', INVOICE_YAML, 'secret-name.txt'));
    assert.equal(res.statusCode, 400);
    assert.ok(!res.body.includes('secret-name') && !res.body.includes(key));
  });
});

describe('HTTPS', () => {
  it('serves over TLS with TLS_CERT_FILE and TLS_KEY_FILE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docjson-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const cert = readFileSync(join(dir, 'cert.pem'));
      const t = await createTestApp({ tls: { cert, key: readFileSync(join(dir, 'key.pem')) } });
      try {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as { port: number };
        const body = await new Promise<{ status: number; json: { status: string } }>((resolve, reject) => {
          const req = httpsRequest(
            { host: '127.0.0.1', port, path: '/health', ca: cert, servername: 'localhost' },
            (res) => {
              let text = '';
              res.on('data', (c) => {
                text += c;
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
            },
          );
          req.on('error', reject);
          req.end();
        });
        assert.equal(body.status, 200);
        assert.equal(body.json.status, 'healthy');
      } finally {
        await t.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
