/**
 * SIGTERM mid-request. Slow uploads (a 300-page text PDF) are in flight when the instance gets
 * SIGTERM: they must finish with 200 and the process exit 0, while requests sent after the signal
 * are refused (503 `unavailable` or the connection refused).
 */
import { Agent } from 'node:http';
import {
  byStatus,
  dropDatabase,
  freshDatabase,
  health,
  makeKey,
  post,
  startInstance,
  type Upload,
} from '../cluster.ts';
import { type Checks, log, longPdf, sleep } from './kit.ts';

export async function sigterm(checks: Checks, text: Upload): Promise<void> {
  log('SIGTERM while 4 uploads of a 300-page text PDF are in flight');
  const DB = 'docjson_sigterm';
  const direct = await freshDatabase(DB);
  const key = makeKey(direct.toString());
  const big = await longPdf(300);
  const one = await startInstance('c', { DATABASE_URL: direct.toString(), SHUTDOWN_GRACE_MS: '60000' });
  const url = `${one.base}/api/v1/generate`;
  const held = new Agent({ keepAlive: true, maxSockets: 1 });
  const busy = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const timed = await post(url, key, big, 60_000, 0, false);
    log(`  one such upload alone: ${timed.status} in ${timed.ms.toFixed(0)} ms`);
    // Keep-alive connections, as a proxy holds them: one idle across the signal, four busy with uploads.
    await post(url, key, text, 10_000, 0, held);
    const inFlight = Array.from({ length: 4 }, () => post(url, key, big, 60_000, 0, busy));
    await sleep(300);
    one.signal('SIGTERM');
    const signalledAt = performance.now();
    // The signal is handled when the event loop gets a turn between PDF pages: wait until it shows.
    while ((await health(one.base)).status === 200) await sleep(50);
    const late = await Promise.all([
      post(url, key, text, 10_000, 0, false),
      post(url, key, text, 10_000, 0, held),
    ]);
    const finished = await Promise.all(inFlight);
    const code = await one.exited;
    const exitAfter = (performance.now() - signalledAt) / 1000;
    log(
      `  in flight: ${byStatus(finished)} (slowest ${Math.max(...finished.map((a) => a.ms)).toFixed(0)} ms); ` +
        `sent after SIGTERM: new connection → ${late[0]!.status || ''} ${late[0]!.code}, held keep-alive connection → ${late[1]!.status || ''} ${late[1]!.code}; exit code ${code} ${exitAfter.toFixed(1)} s after the signal`,
    );
    checks.expect(
      finished.every((a) => a.status === 200),
      'every upload in flight at SIGTERM finishes with 200',
    );
    checks.expect(
      late.every((a) => a.code === 'unavailable' || a.code === 'ECONNREFUSED' || a.code === 'ECONNRESET'),
      'requests after SIGTERM are refused (503 unavailable or connection refused)',
    );
    checks.expect(code === 0, 'the process exits 0 once they are done');
  } finally {
    held.destroy();
    busy.destroy();
    await one.stop();
    await dropDatabase(DB);
  }
}
