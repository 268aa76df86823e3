/**
 * Four uploads that trickle a byte every 2 s (never idle long enough for the idle deadline) beside
 * normal calls on an instance of 2 job slots: a normal call must not wait for them (issue 30, item 2:
 * less than 2 s more than without them).
 */
import type { Upload } from '../cluster.ts';
import { createKey, startInstance } from '../server-process.ts';
import { type Checks, log, rawUpload, seconds, send } from './kit.ts';

export async function slowUploads(checks: Checks, text: Upload): Promise<void> {
  log('slow uploads: 4 uploads trickling 1 byte every 2 s beside normal calls (2 job slots)');
  let key = '';
  const instance = await startInstance(
    'slow',
    { DATABASE_URL: '', MAX_CONCURRENT_JOBS: '2' },
    {
      prepare: (env) => {
        key = createKey(env, 'slow@example.com');
      },
    },
  );
  try {
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) alone.push((await send(instance.base, key, text)).ms);
    const slow = await Promise.all(
      Array.from({ length: 4 }, () =>
        rawUpload(instance.base, key, text, { bytes: text.payload.length >> 1, trickleEveryMs: 2000 }),
      ),
    );
    const beside = [];
    for (let i = 0; i < 3; i++) beside.push(await send(instance.base, key, text, { timeoutMs: 40_000 }));
    for (const s of slow) s.socket.destroy();
    const worst = Math.max(...beside.map((r) => r.ms));
    const delay = worst - Math.max(...alone);
    log(
      `  normal call alone ${seconds(Math.max(...alone))}; beside the slow uploads ${beside.map((r) => `${r.status || r.code} in ${seconds(r.ms)}`).join(', ')}; delay ${seconds(delay)}`,
    );
    checks.expect(
      beside.every((r) => r.status === 200) && delay < 2000,
      'slow uploads delay a normal call less than 2 s',
    );
  } finally {
    await instance.stop();
  }
}
