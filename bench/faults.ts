/**
 * npm run faults [-- --before 8 --outage 10 --after 12 --concurrency 4]: two faults on the real service.
 *
 * 1. PostgreSQL unavailable mid-load. Two instances reach PostgreSQL through a TCP proxy that this
 *    script controls (the machine's PostgreSQL is never stopped). Under closed-loop load on a text
 *    invoice, the proxy resets every connection and refuses new ones for the outage, then listens
 *    again. Expected: during the outage calls answer 503 `unavailable` (never a 500, a hang or a
 *    crash) and /health 503 `unhealthy`; after it, 200s again without a restart.
 * 2. SIGTERM mid-request. Slow uploads (a 300-page text PDF) are in flight when the instance gets
 *    SIGTERM: they must finish with 200 and the process exit 0, while requests sent after the signal
 *    are refused (503 `unavailable` or the connection refused).
 *
 * Exits 1 if an expectation fails.
 */
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { INVOICE_FORM_YAML } from '../test/helpers/invoice-forms.ts';
import { upload } from '../test/helpers/multipart.ts';
import {
  type Answer,
  byStatus,
  closedLoop,
  dropDatabase,
  freshDatabase,
  health,
  log,
  makeKey,
  post,
  startInstance,
  tcpProxy,
  uploads,
} from './cluster.ts';

const { values } = parseArgs({
  options: {
    before: { type: 'string', default: '8' },
    outage: { type: 'string', default: '10' },
    after: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '4' },
  },
});
const before = Number(values.before);
const outage = Number(values.outage);
const after = Number(values.after);
const concurrency = Number(values.concurrency);
const DB = 'docjson_faults';
const failures: string[] = [];
const expect = (ok: boolean, what: string) => {
  log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// ── 1. PostgreSQL unavailable mid-load ──────────────────────────────────────────────────────────────
const direct = await freshDatabase(DB);
const key = makeKey(direct.toString());
const proxy = await tcpProxy(direct.hostname, Number(direct.port || 5432));
const viaProxy = new URL(direct);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const env = { DATABASE_URL: viaProxy.toString(), REDIS_URL: '' };
const instances = await Promise.all([startInstance('a', env), startInstance('b', env)]);
const targets = instances.map((i) => i.base);
const docs = await uploads();

log(
  `faults 1: PostgreSQL through a TCP proxy; ${concurrency} clients on a text invoice; ${before} s up, ${outage} s cut, ${after} s up again`,
);
const t0 = performance.now();
const at = () => (performance.now() - t0) / 1000;
type Phase = 'before' | 'outage' | 'after';
let phase: Phase = 'before';
const answers: Record<Phase, Answer[]> = { before: [], outage: [], after: [] };
const healthSeen: Record<Phase, string[]> = { before: [], outage: [], after: [] };
let restoredAt = 0;
const firstOkAfter: (number | undefined)[] = [undefined, undefined];

const polling = (async () => {
  while (at() < before + outage + after) {
    for (const i of instances) {
      const h = await health(i.base);
      healthSeen[phase].push(`${h.status} ${h.body}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
})();
const schedule = (async () => {
  await new Promise((resolve) => setTimeout(resolve, before * 1000));
  await proxy.cut();
  phase = 'outage';
  log(`  ${at().toFixed(1)} s: PostgreSQL cut (connections reset, new ones refused)`);
  await new Promise((resolve) => setTimeout(resolve, outage * 1000));
  await proxy.restore();
  restoredAt = performance.now();
  phase = 'after';
  log(`  ${at().toFixed(1)} s: PostgreSQL back`);
})();
await closedLoop({
  targets,
  key,
  body: docs.text,
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
expect(
  outageAnswers.length > 0 && outageAnswers.every((a) => a.status === 200 || a.code === 'unavailable'),
  'during the outage every call answers 200 (started before the cut) or 503 unavailable',
);
expect(
  outageAnswers.filter((a) => a.code === 'unavailable').every((a) => a.retryAfter !== undefined),
  '503 unavailable carries Retry-After',
);
expect(
  outageAnswers.filter((a) => a.status === 503).every((a) => a.ms < 10_000),
  `503s come quickly (slowest ${Math.max(0, ...outageAnswers.map((a) => a.ms)).toFixed(0)} ms)`,
);
expect(
  healthSeen.outage.length > 0 && healthSeen.outage.slice(2).every((h) => h === '503 unhealthy'),
  '/health answers 503 unhealthy during the outage',
);
expect(
  firstOkAfter.every((s) => s !== undefined),
  `both instances answer 200 again without a restart (first 200 after ${firstOkAfter.map((s) => s?.toFixed(1) ?? '-').join(' s and ')} s)`,
);
const lastHealth = await Promise.all(instances.map((i) => health(i.base)));
expect(
  lastHealth.every((h) => h.status === 200),
  `/health 200 healthy again (${lastHealth.map((h) => `${h.status} ${h.body}`).join(', ')})`,
);
expect(
  instances.every((i) => i.alive()),
  'both processes still running (same pids)',
);
expect(
  Object.values(answers)
    .flat()
    .every((a) => a.status !== 0 && a.status !== 500),
  'no 500, no timeout, no connection error in the whole run',
);
await Promise.all(instances.map((i) => i.stop()));
await proxy.close();

// ── 2. SIGTERM mid-request ──────────────────────────────────────────────────────────────────────────
log('faults 2: SIGTERM while 4 uploads of a 300-page text PDF are in flight');
const pdf = await PDFDocument.create();
const font = await pdf.embedFont(StandardFonts.Helvetica);
for (let p = 0; p < 300; p++) {
  const page = pdf.addPage([595, 842]);
  for (let l = 0; l < 40; l++) {
    page.drawText(`Page ${p + 1} line ${l + 1}: Invoice number INV-7731, total due 1,250.40 EUR`, {
      x: 40,
      y: 800 - l * 19,
      size: 10,
      font,
    });
  }
}
const big = { name: 'pdf (300 pages)', ...upload(await pdf.save(), INVOICE_FORM_YAML, 'long.pdf') };
const one = await startInstance('c', { DATABASE_URL: direct.toString(), SHUTDOWN_GRACE_MS: '60000' });
const url = `${one.base}/api/v1/generate`;
const timed = await post(url, key, big, 60_000, 0, false);
log(`  one such upload alone: ${timed.status} in ${timed.ms.toFixed(0)} ms`);
// Keep-alive connections, as a proxy holds them: one idle across the signal, four busy with uploads.
const held = new Agent({ keepAlive: true, maxSockets: 1 });
await post(url, key, docs.text, 10_000, 0, held);
const busy = new Agent({ keepAlive: true, maxSockets: 4 });
const inFlight = Array.from({ length: 4 }, () => post(url, key, big, 60_000, 0, busy));
await new Promise((resolve) => setTimeout(resolve, 300));
one.signal('SIGTERM');
const signalledAt = performance.now();
// The signal is handled when the event loop gets a turn between PDF pages: wait until it shows.
while ((await health(one.base)).status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
const late = await Promise.all([
  post(url, key, docs.text, 10_000, 0, false),
  post(url, key, docs.text, 10_000, 0, held),
]);
const finished = await Promise.all(inFlight);
const code = await one.exited;
const exitAfter = (performance.now() - signalledAt) / 1000;
log(
  `  in flight: ${byStatus(finished)} (slowest ${Math.max(...finished.map((a) => a.ms)).toFixed(0)} ms); ` +
    `sent after SIGTERM: new connection → ${late[0]!.status || ''} ${late[0]!.code}, held keep-alive connection → ${late[1]!.status || ''} ${late[1]!.code}; exit code ${code} ${exitAfter.toFixed(1)} s after the signal`,
);
expect(
  finished.every((a) => a.status === 200),
  'every upload in flight at SIGTERM finishes with 200',
);
expect(
  late.every((a) => a.code === 'unavailable' || a.code === 'ECONNREFUSED' || a.code === 'ECONNRESET'),
  'requests after SIGTERM are refused (503 unavailable or connection refused)',
);
expect(code === 0, 'the process exits 0 once they are done');
held.destroy();
busy.destroy();
await one.stop();
await dropDatabase(DB);

log(`failures: ${failures.length}`);
log(
  `reproduce: npm run faults -- --before ${before} --outage ${outage} --after ${after} --concurrency ${concurrency}`,
);
process.exit(failures.length ? 1 : 0);
