/**
 * npm run load [-- --concurrency C] [--seconds D] [--saturation-clients N]: two instances of the real
 * service (child processes) on one fresh PostgreSQL database (and the machine's Redis when it answers),
 * driven by C closed-loop keep-alive clients alternating between them, D seconds on a text invoice and
 * D seconds on a one-page text PDF: throughput, p50/p99 latency of the 200s, answers by status. Then
 * saturation: two instances with MAX_CONCURRENT_JOBS=1 and MAX_QUEUED_JOBS=2 under N clients: the excess
 * must be 503 `overloaded` with Retry-After at once, never a timeout. Exits 1 if any answer is a timeout,
 * a connection error, a 5xx other than 503 overloaded, or a 503 without Retry-After.
 */
import { parseArgs } from 'node:util';
import {
  type Answer,
  closedLoop,
  dropDatabase,
  freshDatabase,
  type Instance,
  log,
  makeKey,
  REDIS_URL,
  redisReachable,
  startInstance,
  summarise,
  uploads,
} from './cluster.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    'saturation-clients': { type: 'string', default: '24' },
  },
});
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
const saturationClients = Number(values['saturation-clients']);
const DB = 'docjson_load';

const dbUrl = (await freshDatabase(DB)).toString();
const redis = (await redisReachable()) ? REDIS_URL : '';
const key = makeKey(dbUrl);
const docs = await uploads();
const bad: string[] = [];

function check(phase: string, answers: Answer[], allow503: boolean) {
  for (const a of answers) {
    if (a.status === 0) bad.push(`${phase}: ${a.code}`);
    else if (a.status >= 500 && !(allow503 && a.status === 503 && a.code === 'overloaded'))
      bad.push(`${phase}: ${a.status} ${a.code}`);
    else if (a.status === 503 && !a.retryAfter) bad.push(`${phase}: 503 without Retry-After`);
  }
}

async function pair(env: Record<string, string>): Promise<Instance[]> {
  const common = { DATABASE_URL: dbUrl, REDIS_URL: redis, ...env };
  return Promise.all([startInstance('a', common), startInstance('b', common)]);
}

log(
  `load: 2 instances, PostgreSQL database ${DB}${redis ? ', Redis' : ', no Redis'}, ${concurrency} clients, ${seconds} s per document`,
);
log('phase                     | requests |   rps | p50 ms | p99 ms | answers');
const row = (phase: string, s: ReturnType<typeof summarise>) =>
  log(
    `${phase.padEnd(25)} | ${String(s.requests).padStart(8)} | ${s.rps.toFixed(1).padStart(5)} | ${s.p50.toFixed(1).padStart(6)} | ${s.p99.toFixed(1).padStart(6)} | ${s.statuses}`,
  );

let instances = await pair({});
try {
  const targets = instances.map((i) => i.base);
  for (const doc of [docs.text, docs.pdf]) {
    await closedLoop({ targets, key, body: doc, concurrency: 2, seconds: 1 }); // warm-up
    const answers = await closedLoop({ targets, key, body: doc, concurrency, seconds });
    check(doc.name, answers, false);
    row(doc.name, summarise(answers, seconds));
  }
} finally {
  await Promise.all(instances.map((i) => i.stop()));
}

instances = await pair({ MAX_CONCURRENT_JOBS: '1', MAX_QUEUED_JOBS: '2' });
try {
  const targets = instances.map((i) => i.base);
  const answers = await closedLoop({
    targets,
    key,
    body: docs.pdf,
    concurrency: saturationClients,
    seconds,
    timeoutMs: 30_000,
  });
  check('saturation', answers, true);
  const s = summarise(answers, seconds);
  row(`saturation (${saturationClients} clients)`, s);
  const refused = answers.filter((a) => a.status === 503);
  const refusedMs = refused.map((a) => a.ms).sort((x, y) => x - y);
  const slowest = Math.max(0, ...answers.map((a) => a.ms));
  log(
    `saturation: MAX_CONCURRENT_JOBS=1, MAX_QUEUED_JOBS=2 per instance; ${refused.length} answered 503 overloaded ` +
      `(Retry-After on ${refused.filter((a) => a.retryAfter).length}, p99 ${refusedMs[Math.floor(refusedMs.length * 0.99)]?.toFixed(1) ?? '-'} ms), ` +
      `timeouts ${answers.filter((a) => a.code === 'timeout').length}, slowest answer ${slowest.toFixed(0)} ms`,
  );
} finally {
  await Promise.all(instances.map((i) => i.stop()));
  await dropDatabase(DB);
}

log(`failures: ${bad.length}${bad.length ? ` (${[...new Set(bad)].slice(0, 10).join('; ')})` : ''}`);
log(
  `reproduce: npm run load -- --concurrency ${concurrency} --seconds ${seconds} --saturation-clients ${saturationClients}`,
);
process.exit(bad.length ? 1 : 0);
