/**
 * A full disk under the embedded store (SQLite): the instance's file size limit is set, with prlimit,
 * to the size its write-ahead log has, so that the next commit cannot be written (the kernel refuses
 * the write as a full disk would; SQLite reports an I/O error). Ten calls without and ten with an
 * Idempotency-Key: none may answer 200 unless its charge is stored (issue 30, item 3). The limit is
 * then lifted: calls are served and charged again, and a key used while the disk was full runs afresh.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Upload } from '../cluster.ts';
import { createKey, startInstance } from '../server-process.ts';
import { type Checks, creditsLeft, log, send, statusOf, tally } from './kit.ts';

export async function fullDisk(checks: Checks, text: Upload): Promise<void> {
  log('full disk (SQLite): 10 calls without and 10 with an Idempotency-Key while no commit can be written');
  let key = '';
  const instance = await startInstance(
    'disk',
    { DATABASE_URL: '' },
    {
      prepare: (env) => {
        key = createKey(env, 'disk@example.com');
      },
    },
  );
  const limit = (value: string) =>
    execFileSync('prlimit', ['--pid', String(instance.pid), `--fsize=${value}:`], { stdio: 'pipe' });
  try {
    const before = creditsLeft(await send(instance.base, key, text));
    const wal = statSync(join(instance.dataDir, 'docjson.sqlite-wal')).size;
    limit(String(wal));
    const plain = [];
    for (let i = 0; i < 10; i++) plain.push(await send(instance.base, key, text));
    const keyed = [];
    for (let i = 0; i < 10; i++)
      keyed.push(await send(instance.base, key, text, { headers: { 'idempotency-key': `disk-${i}` } }));
    limit('unlimited');
    const served = [...plain, ...keyed].filter((r) => r.status === 200).length;
    const next = await send(instance.base, key, text);
    const retry = await send(instance.base, key, text, { headers: { 'idempotency-key': 'disk-0' } });
    const replay = await send(instance.base, key, text, { headers: { 'idempotency-key': 'disk-0' } });
    const spent = before - creditsLeft(replay);
    log(
      `  disk full: without a key ${tally(plain.map(statusOf))} (Retry-After ${plain[0]?.headers.get('retry-after') ?? 'none'}); ` +
        `with a key ${tally(keyed.map(statusOf))}; X-Credits-Remaining said ${[...new Set(plain.map((r) => r.headers.get('x-credits-remaining')))].join(', ')}`,
    );
    log(
      `  disk free again: ${statusOf(next)}; the key used while full ${statusOf(retry)}, then ${statusOf(replay)}` +
        `${replay.headers.get('idempotent-replayed') ? ' (replayed)' : ''}; credits spent ${spent} for ${served + 2} charged answers`,
    );
    checks.expect(served === 0, 'no 200 while no charge can be stored');
    checks.expect(
      [...plain, ...keyed].every((r) => r.code === 'unavailable' && r.headers.get('retry-after')),
      'every call answers 503 unavailable with Retry-After',
    );
    checks.expect(spent === served + 2, 'credits spent match the answers charged');
    checks.expect(
      next.status === 200 && retry.status === 200,
      'calls are served again once the disk has room',
    );
  } finally {
    try {
      limit('unlimited');
    } catch {}
    await instance.stop();
  }
}
