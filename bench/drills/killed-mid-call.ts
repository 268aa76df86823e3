/**
 * An instance killed (SIGKILL) while it extracts a 300-page PDF sent with an Idempotency-Key; the client
 * retries the same call on the other instance as docs/operations.md ("What a client hears") advises (honouring Retry-After, else every
 * 5 s). The retry must succeed within 60 s of the kill, and the document be charged once (issue 30,
 * item 4).
 */
import { dropDatabase, freshDatabase, makeKey, startInstance, type Upload } from '../cluster.ts';
import { type Checks, creditsLeft, log, longPdf, seconds, send, sleep, statusOf, tally } from './kit.ts';

export async function killedMidCall(
  checks: Checks,
  text: Upload,
  options: { giveUpAfterS: number },
): Promise<void> {
  const DB = 'docjson_killed';
  const url = (await freshDatabase(DB)).toString();
  const key = makeKey(url);
  const env = { DATABASE_URL: url, REDIS_URL: '' };
  const [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
  log('killed mid-call: SIGKILL while a 300-page PDF with an Idempotency-Key is extracted, then retries');
  try {
    const long = await longPdf(300);
    const idem = { 'idempotency-key': `drill-${Date.now()}` };
    const before = creditsLeft(await send(b!.base, key, text));
    const doomed = send(a!.base, key, long, { headers: idem });
    await sleep(1000);
    a!.signal('SIGKILL');
    const killedAt = performance.now();
    await doomed;
    const seen: string[] = [];
    const retryAfters = new Set<string>();
    let last = await send(b!.base, key, long, { headers: idem });
    seen.push(statusOf(last));
    while (last.status !== 200 && performance.now() - killedAt < options.giveUpAfterS * 1000) {
      const retryAfter = last.headers.get('retry-after');
      if (retryAfter) retryAfters.add(retryAfter);
      await sleep(Math.min(5, Number(retryAfter ?? 5)) * 1000);
      last = await send(b!.base, key, long, { headers: idem });
      seen.push(statusOf(last));
    }
    const after = last.status === 200 ? creditsLeft(last) : Number.NaN;
    const took = performance.now() - killedAt;
    log(
      `  retries: ${tally(seen)}; Retry-After seen: ${[...retryAfters].join(', ') || 'none'}; ` +
        `${last.status === 200 ? `200 ${seconds(took)} after the kill` : `no 200 within ${options.giveUpAfterS} s`}; ` +
        `credits spent ${before - after} for one 300-page document`,
    );
    checks.expect(last.status === 200 && took < 60_000, 'the retry succeeds within 60 s of the kill');
    checks.expect(before - after === 300, 'the document is charged exactly once');
  } finally {
    await Promise.all([a!.stop(), b!.stop()]);
    await dropDatabase(DB);
  }
}
