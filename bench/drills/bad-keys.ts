/**
 * A flood of well-formed but unknown API keys from one client address (8 connections, 5 s), on an
 * instance behind a proxy (TRUST_PROXY, X-Forwarded-For) on PostgreSQL: how many were answered, how
 * many the database was asked about (its transaction count), and whether a client at another address
 * is still served (issue 30, item 8).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropDatabase, freshDatabase, makeKey, startInstance, type Upload } from '../cluster.ts';
import { type Checks, log, send, statusOf, tally } from './kit.ts';

const STATS_FLUSH_MS = 11_000;

export async function badKeys(checks: Checks, text: Upload): Promise<void> {
  const DB = 'docjson_bad_keys';
  const url = await freshDatabase(DB);
  const key = makeKey(url.toString());
  const instance = await startInstance('keys', {
    DATABASE_URL: url.toString(),
    REDIS_URL: '',
    TRUST_PROXY: 'true',
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const transactions = async () => {
    await db.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await db.query(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
      [DB],
    );
    return Number(rows[0].n);
  };
  log('bad keys: 8 connections send unknown keys from one address for 5 s');
  try {
    const fake = () => `dj_${randomBytes(32).toString('base64url').replace(/[-_]/g, 'A').slice(0, 43)}`;
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    // A PostgreSQL backend reports its transaction counts when idle for 10 s at the latest.
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
    const before = await transactions();
    const statuses: string[] = [];
    const end = performance.now() + 5000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < end)
          statuses.push(statusOf(await send(instance.base, fake(), text, { headers: attacker })));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
    const asked = (await transactions()) - before;
    const other = await send(instance.base, key, text, { headers: { 'x-forwarded-for': '198.51.100.2' } });
    const limited = await send(instance.base, fake(), text, { headers: attacker });
    log(
      `  ${statuses.length} answered (${(statuses.length / 5).toFixed(0)}/s): ${tally(statuses)}; ` +
        `database transactions during the flood ${asked}; a valid key from another address ${statusOf(other)}; ` +
        `the flooding address afterwards ${statusOf(limited)} (Retry-After ${limited.headers.get('retry-after') ?? 'none'})`,
    );
    checks.expect(
      statuses.some((s) => s === '429 rate_limited'),
      'failed authentications are rate-limited (429)',
    );
    checks.expect(asked < 100, 'the database is asked about fewer than 100 of them');
    checks.expect(other.status === 200, 'a client at another address is served');
    checks.expect(limited.headers.get('retry-after') !== null, 'the 429 carries Retry-After');
  } finally {
    await db.end();
    await instance.stop();
    await dropDatabase(DB);
  }
}
