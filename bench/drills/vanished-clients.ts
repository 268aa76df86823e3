/**
 * 100 clients vanish: 50 mid-upload (half a body sent), 50 once their whole upload is in (queued or
 * being read: 300-page PDFs on an instance of 2 job slots). Then a normal call must be served, /health
 * must say 200, no call that vanished may be charged (issue 30, items 1 and 6), and no disconnect may be
 * logged as an error (item 10).
 */

import type { Upload } from '../cluster.ts';
import { createKey, startInstance } from '../server-process.ts';
import { type Checks, creditsLeft, log, longPdf, rawUpload, seconds, send, sleep, statusOf } from './kit.ts';

export async function vanishedClients(checks: Checks, text: Upload): Promise<void> {
  log('vanished clients: 50 leave mid-upload, 50 once their 300-page PDF is sent (2 job slots)');
  let key = '';
  const errors: string[] = [];
  const closed: string[] = [];
  const instance = await startInstance(
    'vanish',
    { DATABASE_URL: '', MAX_CONCURRENT_JOBS: '2', LOG_LEVEL: 'info' },
    {
      prepare: (env) => {
        key = createKey(env, 'vanish@example.com');
      },
      onLine: (line) => {
        let entry: { level: number; msg: string; status?: number };
        try {
          entry = JSON.parse(line);
        } catch {
          return;
        }
        if (entry.level >= 50) errors.push(entry.msg);
        if (entry.status === 499) closed.push(String(entry.level));
      },
    },
  );
  try {
    const long = await longPdf(300);
    const first = await send(instance.base, key, text);
    const before = creditsLeft(first);
    const midUpload = await Promise.all(
      Array.from({ length: 50 }, () =>
        rawUpload(instance.base, key, long, { bytes: long.payload.length >> 1 }).catch(() => null),
      ),
    );
    const midQueue = await Promise.all(
      Array.from({ length: 50 }, () =>
        rawUpload(instance.base, key, long, { bytes: long.payload.length }).catch(() => null),
      ),
    );
    await sleep(500);
    for (const upload of [...midUpload, ...midQueue]) upload?.socket.destroy();
    const t0 = performance.now();
    // A client as docs/operations.md ("What a client hears") expects: a 503 is retried after its Retry-After (at most three times).
    const answers = [await send(instance.base, key, text, { timeoutMs: 60_000 })];
    while (answers.at(-1)!.status === 503 && answers.length < 4) {
      await sleep(Number(answers.at(-1)!.headers.get('retry-after') ?? 5) * 1000);
      answers.push(await send(instance.base, key, text, { timeoutMs: 60_000 }));
    }
    const normal = answers.at(-1)!;
    const health = await fetch(`${instance.base}/health`).then(
      (r) => r.status,
      () => 0,
    );
    await sleep(1000);
    const after = await send(instance.base, key, text);
    const spent = before - creditsLeft(after);
    log(
      `  normal call after the 100 vanished: ${answers.map(statusOf).join(', then ')}, within ${seconds(performance.now() - t0)}; /health ${health}; ` +
        `credits spent ${spent} for 2 answers of 1 page received; ${closed.length} lines of status 499 logged (levels ${[...new Set(closed)].join(', ') || '-'}); ` +
        `error lines ${errors.length}${errors.length ? ` (${[...new Set(errors)].join('; ')})` : ''}`,
    );
    checks.expect(normal.status === 200, 'a normal call is served after 100 clients vanished');
    checks.expect(health === 200, '/health says 200');
    checks.expect(spent === 2, 'no call whose client vanished was charged');
    checks.expect(errors.length === 0, 'no disconnect logged as an error');
    checks.expect(
      closed.length > 0 && closed.every((level) => level === '30'),
      'the calls whose client vanished are logged, as 499 at info level',
    );
  } finally {
    await instance.stop();
  }
}
