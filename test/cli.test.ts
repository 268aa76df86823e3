import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { INVOICE_TEXT, INVOICE_YAML } from './helpers/test-app.ts';

const CLI = new URL('../src/cli.ts', import.meta.url).pathname;

describe('cli', () => {
  let dir: string;
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'docjson-cli-'));
    writeFileSync(join(dir, 'invoice.txt'), INVOICE_TEXT);
    writeFileSync(join(dir, 'fields.yaml'), INVOICE_YAML);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('creates an account, a key (alone on the last line), lists and revokes it', () => {
    const created = run(
      'accounts',
      'create',
      '--email',
      'me@example.com',
      '--plan',
      'pro',
      '--credits',
      '1000',
      '--expires',
      '2030-12-31',
    );
    assert.equal(created.code, 0, created.stderr);
    const account = JSON.parse(created.stdout);
    assert.equal(account.credits, 1000);
    assert.equal(account.expiresAt, '2030-12-31');

    const key = run('keys', 'create', '--email', 'me@example.com');
    assert.equal(key.code, 0, key.stderr);
    const last = key.stdout.trim().split('\n').at(-1)!;
    assert.match(last, /^dj_[0-9A-Za-z]{43}$/);

    const keys = JSON.parse(run('keys', 'list', '--email', 'me@example.com').stdout);
    assert.equal(keys.length, 1);
    assert.ok(!JSON.stringify(keys).includes(last), 'the key is never shown again');

    assert.equal(
      JSON.parse(run('credits', 'add', '--email', 'me@example.com', '--credits', '5').stdout).credits,
      1005,
    );
    const updated = JSON.parse(
      run('accounts', 'update', '--email', 'me@example.com', '--plan', 'starter', '--expires', 'never')
        .stdout,
    );
    assert.equal(updated.plan, 'starter');
    assert.equal(updated.expiresAt, null);
    assert.equal(run('keys', 'revoke', '--id', keys[0].id).code, 0);
    assert.ok(JSON.parse(run('keys', 'list').stdout)[0].revokedAt);
  });

  it('gives the plan credit by default and refuses bad input with a message', () => {
    assert.equal(
      JSON.parse(run('accounts', 'create', '--email', 'free@example.com', '--plan', 'free').stdout).credits,
      50,
    );
    const dup = run('accounts', 'create', '--email', 'free@example.com', '--plan', 'free');
    assert.equal(dup.code, 1);
    assert.match(dup.stderr, /already exists/);
    const badPlan = run('accounts', 'create', '--email', 'x@example.com', '--plan', 'gold');
    assert.equal(badPlan.code, 1);
    assert.match(badPlan.stderr, /unknown plan "gold"/);
    assert.match(
      run('accounts', 'update', '--email', 'free@example.com', '--expires', '31/12/2030').stderr,
      /YYYY-MM-DD/,
    );
    assert.match(run('keys', 'create', '--email', 'nobody@example.com').stderr, /no account/);
  });

  it('extracts offline, with no server and no key, the same JSON as the API', () => {
    const out = run('extract', join(dir, 'invoice.txt'), join(dir, 'fields.yaml'));
    assert.equal(out.code, 0, out.stderr);
    const body = JSON.parse(out.stdout);
    assert.equal(body.status, 'success');
    assert.equal(body.data.invoice_number, 'INV-2024-0042');
    assert.equal(body.data.total, 1481.47);
    assert.equal(body.evidence, undefined);
    const withEvidence = JSON.parse(
      run('extract', join(dir, 'invoice.txt'), join(dir, 'fields.yaml'), '--evidence').stdout,
    );
    assert.equal(withEvidence.evidence.total.text, 'Total: $1,481.47');
  });

  it('prints the error body for a bad configuration and exits 1', () => {
    writeFileSync(join(dir, 'bad.yaml'), 'schemas: [');
    const out = run('extract', join(dir, 'invoice.txt'), join(dir, 'bad.yaml'));
    assert.equal(out.code, 1);
    assert.equal(JSON.parse(out.stderr).code, 'invalid_yaml');
  });
});
