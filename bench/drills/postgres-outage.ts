/**
 * PostgreSQL unavailable mid-load. Two instances reach PostgreSQL through a TCP proxy that the drill
 * controls (the machine's PostgreSQL is never stopped). Under closed-loop load on a text invoice, the
 * proxy resets every connection and refuses new ones for the outage, then listens again. Expected:
 * during the outage calls answer 503 `unavailable` (never a 500, a hang or a crash) and /health 503
 * `unhealthy`; after it, 200s again without a restart.
 */
import {
  type Answer,
  byStatus,
  closedLoop,
  dropDatabase,
  freshDatabase,
  health,
  makeKey,
  startInstance,
  tcpProxy,
  type Upload,
} from '../cluster.ts';
import { type Checks, log, sleep } from './kit.ts';

export async function postgresOutage(
  checks: Checks,
  text: Upload,
  options: { before: number; outage: number; after: number; concurrency: number },
): Promise<void> {
  const { before, outage, after, concurrency } = options;
  const DB = 'docjson_faults';
  const direct = await freshDatabase(DB);
  const key = makeKey(direct.toString());
  const proxy = await tcpProxy(direct.hostname, Number(direct.port || 5432));
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const env = { DATABASE_URL: viaProxy.toString(), REDIS_URL: '' };
  const instances = await Promise.all([startInstance('a', env), startInstance('b', env)]);
  log(
    `PostgreSQL down: through a TCP proxy; ${concurrency} clients on a text invoice; ${before} s up, ${outage} s cut, ${after} s up again`,
  );
  const t0 = performance.now();
  const at = () => (performance.now() - t0) / 1000;
  type Phase = 'before' | 'outage' | 'after';
  let phase: Phase = 'before';
  const answers: Record<Phase, Answer[]> = { before: [], outage: [], after: [] };
  const healthSeen: Record<Phase, string[]> = { before: [], outage: [], after: [] };
  let restoredAt = 0;
  const firstOkAfter: (number | undefined)[] = [undefined, undefined];
  try {
    const polling = (async () => {
      while (at() < before + outage + after) {
        for (const i of instances) {
          const h = await health(i.base);
          healthSeen[phase].push(`${h.status} ${h.body}`);
        }
        await sleep(1000);
      }
    })();
    const schedule = (async () => {
      await sleep(before * 1000);
      await proxy.cut();
      phase = 'outage';
      log(`  ${at().toFixed(1)} s: PostgreSQL cut (connections reset, new ones refused)`);
      await sleep(outage * 1000);
      await proxy.restore();
      restoredAt = performance.now();
      phase = 'after';
      log(`  ${at().toFixed(1)} s: PostgreSQL back`);
    })();
    await closedLoop({
      targets: instances.map((i) => i.base),
      key,
      body: text,
      concurrency,
      seconds: before + outage + after,
      timeoutMs: 30_000,
      pauseAfter503Ms: 200,
      onAnswer: (a) => {
        // An answer belongs to the phase in which it arrived (one sent before the cut may end in it).
        answers[phase].push(a);
        if (phase === 'after' && a.status === 200 && firstOkAfter[a.target] === undefined) {
          firstOkAfter[a.target] = (performance.now() - restoredAt) / 1000;
        }
      },
    });
    await Promise.all([polling, schedule]);

    const count = (list: string[]) => {
      const m = new Map<string, number>();
      for (const x of list) m.set(x, (m.get(x) ?? 0) + 1);
      return [...m].map(([k, v]) => `${k}: ${v}`).join(', ');
    };
    for (const p of ['before', 'outage', 'after'] as const) {
      log(`  ${p.padEnd(7)} calls: ${byStatus(answers[p])}; /health: ${count(healthSeen[p])}`);
    }
    const outageAnswers = answers.outage;
    checks.expect(
      outageAnswers.length > 0 && outageAnswers.every((a) => a.status === 200 || a.code === 'unavailable'),
      'during the outage every call answers 200 (started before the cut) or 503 unavailable',
    );
    checks.expect(
      outageAnswers.filter((a) => a.code === 'unavailable').every((a) => a.retryAfter !== undefined),
      '503 unavailable carries Retry-After',
    );
    checks.expect(
      outageAnswers.filter((a) => a.status === 503).every((a) => a.ms < 10_000),
      `503s come quickly (slowest ${Math.max(0, ...outageAnswers.map((a) => a.ms)).toFixed(0)} ms)`,
    );
    checks.expect(
      healthSeen.outage.length > 0 && healthSeen.outage.slice(2).every((h) => h === '503 unhealthy'),
      '/health answers 503 unhealthy during the outage',
    );
    checks.expect(
      firstOkAfter.every((s) => s !== undefined),
      `both instances answer 200 again without a restart (first 200 after ${firstOkAfter.map((s) => s?.toFixed(1) ?? '-').join(' s and ')} s)`,
    );
    const lastHealth = await Promise.all(instances.map((i) => health(i.base)));
    checks.expect(
      lastHealth.every((h) => h.status === 200),
      `/health 200 healthy again (${lastHealth.map((h) => `${h.status} ${h.body}`).join(', ')})`,
    );
    checks.expect(
      instances.every((i) => i.alive()),
      'both processes still running (same pids)',
    );
    checks.expect(
      Object.values(answers)
        .flat()
        .every((a) => a.status !== 0 && a.status !== 500),
      'no 500, no timeout, no connection error in the whole run',
    );
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await proxy.close();
    await dropDatabase(DB);
  }
}
