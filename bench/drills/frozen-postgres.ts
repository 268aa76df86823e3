/**
 * PostgreSQL frozen (as with SIGSTOP: connections stay open, nothing is answered) under load, through
 * a TCP proxy that stops forwarding. Every call must end within 10 s with 503 `unavailable` and
 * Retry-After, /health must answer within 1 s (503 while frozen), and both instances must serve again
 * once the database answers, without a restart (issue 30, item 5).
 */
import {
  closedLoop,
  dropDatabase,
  freshDatabase,
  health,
  makeKey,
  startInstance,
  tcpProxy,
  type Upload,
} from '../cluster.ts';
import { type Checks, log, seconds, sleep, tally } from './kit.ts';

export async function frozenPostgres(
  checks: Checks,
  text: Upload,
  options: { before: number; freeze: number; after: number },
): Promise<void> {
  const DB = 'docjson_frozen';
  const direct = await freshDatabase(DB);
  const key = makeKey(direct.toString());
  const proxy = await tcpProxy(direct.hostname, Number(direct.port || 5432));
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const env = { DATABASE_URL: viaProxy.toString(), REDIS_URL: '' };
  const instances = await Promise.all([startInstance('a', env), startInstance('b', env)]);
  const total = options.before + options.freeze + options.after;
  log(
    `frozen PostgreSQL: 4 clients on 2 instances; ${options.before} s up, ${options.freeze} s frozen, ${options.after} s thawed`,
  );
  try {
    const t0 = performance.now();
    let phase: 'before' | 'frozen' | 'after' = 'before';
    let frozenAt = Number.POSITIVE_INFINITY;
    let thawedAt = Number.POSITIVE_INFINITY;
    const calls: { sentAt: number; answeredAt: number; status: string; retryAfter: boolean }[] = [];
    const healthSeen: Record<string, { status: number; ms: number }[]> = {
      before: [],
      frozen: [],
      after: [],
    };
    const firstOkAfter: (number | undefined)[] = [undefined, undefined];
    const polling = (async () => {
      while (performance.now() - t0 < total * 1000) {
        for (const i of instances) {
          const started = performance.now();
          const h = await health(i.base);
          healthSeen[phase]!.push({ status: h.status, ms: performance.now() - started });
        }
        await sleep(1000);
      }
    })();
    const schedule = (async () => {
      await sleep(options.before * 1000);
      proxy.freeze();
      frozenAt = performance.now();
      phase = 'frozen';
      await sleep(options.freeze * 1000);
      proxy.thaw();
      thawedAt = performance.now();
      phase = 'after';
    })();
    await closedLoop({
      targets: instances.map((i) => i.base),
      key,
      body: text,
      concurrency: 4,
      seconds: total,
      timeoutMs: 60_000,
      pauseAfter503Ms: 200,
      onAnswer: (a) => {
        const answeredAt = performance.now();
        const status = a.status === 200 ? '200' : `${a.status || 'no answer'} ${a.code ?? ''}`.trim();
        calls.push({ sentAt: answeredAt - a.ms, answeredAt, status, retryAfter: a.retryAfter !== undefined });
        if (phase === 'after' && a.status === 200 && firstOkAfter[a.target] === undefined) {
          firstOkAfter[a.target] = (answeredAt - thawedAt) / 1000;
        }
      },
    });
    await Promise.all([polling, schedule]);
    // The calls the freeze touched: in flight when it began, or made while it lasted.
    const touched = calls.filter((c) => c.sentAt < thawedAt && c.answeredAt > frozenAt);
    const slowest = Math.max(0, ...touched.map((c) => c.answeredAt - c.sentAt));
    const refused = touched.filter((c) => c.status !== '200');
    const healthFrozen = healthSeen.frozen!;
    const slowestHealth = Math.max(0, ...healthFrozen.map((h) => h.ms));
    log(
      `  calls the freeze touched: ${tally(touched.map((c) => c.status))}; slowest ${seconds(slowest)}; ` +
        `other calls: ${tally(calls.filter((c) => !touched.includes(c)).map((c) => c.status))}`,
    );
    for (const p of ['before', 'frozen', 'after']) {
      log(
        `  /health ${p.padEnd(6)}: ${tally(healthSeen[p]!.map((h) => String(h.status)))}, slowest ${seconds(Math.max(0, ...healthSeen[p]!.map((h) => h.ms)))}`,
      );
    }
    checks.expect(
      refused.length > 0 && refused.every((c) => c.status === '503 unavailable' && c.retryAfter),
      'calls that meet the frozen database answer 503 unavailable with Retry-After',
    );
    checks.expect(slowest < 10_000, `... within 10 s (slowest ${seconds(slowest)})`);
    checks.expect(
      healthFrozen.length > 0 && slowestHealth < 1000,
      `/health answers within 1 s while frozen (slowest ${seconds(slowestHealth)})`,
    );
    checks.expect(
      healthFrozen.slice(2).every((h) => h.status === 503),
      '/health says 503 while PostgreSQL is frozen',
    );
    checks.expect(
      firstOkAfter.every((s) => s !== undefined),
      `both instances serve again once thawed (first 200 after ${firstOkAfter.map((s) => s?.toFixed(1) ?? '-').join(' s and ')} s)`,
    );
    checks.expect(
      instances.every((i) => i.alive()),
      'both processes still running',
    );
  } finally {
    proxy.thaw();
    await Promise.all(instances.map((i) => i.stop()));
    await proxy.close();
    await dropDatabase(DB);
  }
}
