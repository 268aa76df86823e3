import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

/**
 * A full disk, for real: this process's file size limit (prlimit, soft limit only) is lowered to the
 * size the store's write-ahead log has, so the kernel refuses the next commit as a full disk would
 * (SQLite reports an I/O error). PRAGMA max_page_count cannot stand in: it bounds the database file,
 * not the log that a commit appends to, so an in-place charge would still commit.
 */
function limitFileSize(bytes: number | 'unlimited'): void {
  execFileSync('prlimit', ['--pid', String(process.pid), `--fsize=${bytes}:`], { stdio: 'pipe' });
}

const prlimit = spawnSync('prlimit', ['--version']).status === 0;

describe('POST /api/v1/generate on a full disk (embedded store)', {
  skip: prlimit ? false : 'prlimit (util-linux) is not installed',
}, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    limitFileSize('unlimited');
    await t.close();
  });

  const call = (key: string, idempotencyKey?: string) => {
    const body = upload(INVOICE_TEXT, INVOICE_YAML);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: {
        'x-api-key': key,
        ...body.headers,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      payload: body.payload,
    });
  };

  it('answers 503 unavailable with Retry-After and charges nothing, with or without an Idempotency-Key', async () => {
    const key = await t.keyFor({ email: 'full@example.com', credits: 10 });
    assert.equal((await call(key)).headers['x-credits-remaining'], '9');
    limitFileSize(statSync(join(t.dataDir, 'docjson.sqlite-wal')).size);
    try {
      for (const idempotencyKey of [undefined, 'full-1']) {
        const res = await call(key, idempotencyKey);
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.json().code, 'unavailable');
        assert.deepEqual(res.json().details, {
          request_id: res.headers['x-request-id'],
          reason: 'the account store cannot write',
        });
        assert.ok(Number(res.headers['retry-after']) > 0);
        assert.equal(res.headers['x-credits-remaining'], undefined);
      }
    } finally {
      limitFileSize('unlimited');
    }
    assert.equal((await t.store.getAccountByEmail('full@example.com'))?.credits, 9);
    // Once the disk has room, the key used while it was full runs afresh, charged once.
    const retry = await call(key, 'full-1');
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
    assert.equal(retry.headers['x-credits-remaining'], '8');
    const replay = await call(key, 'full-1');
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal((await t.store.getAccountByEmail('full@example.com'))?.credits, 8);
  });
});
