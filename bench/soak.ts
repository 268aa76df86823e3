/**
 * npm run soak [-- --minutes 10] [--concurrency 12]: two instances of the real service on one fresh
 * PostgreSQL database held at saturation (half the clients on a text invoice, half on a one-page PDF,
 * MAX_QUEUED_JOBS=4 so that the excess is refused with 503 overloaded) for the given minutes. The RSS of
 * both server processes is read from /proc/<pid>/status every 10 s; the series is printed with the
 * growth of the mean of the last third over the first third (target: at most 10%). Exits 1 on growth
 * over 10%, a process gone, a timeout, a connection error or a 5xx other than 503 overloaded.
 */
import { parseArgs } from 'node:util';
import {
  type Answer,
  closedLoop,
  dropDatabase,
  freshDatabase,
  log,
  makeKey,
  mb,
  REDIS_URL,
  redisReachable,
  startInstance,
  summarise,
  uploads,
} from './cluster.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '12' },
  },
});
const minutes = Number(values.minutes);
const concurrency = Number(values.concurrency);
const seconds = minutes * 60;
const DB = 'docjson_soak';

const dbUrl = (await freshDatabase(DB)).toString();
const redis = (await redisReachable()) ? REDIS_URL : '';
const key = makeKey(dbUrl);
const docs = await uploads();
const env = { DATABASE_URL: dbUrl, REDIS_URL: redis, MAX_QUEUED_JOBS: '4' };
const instances = await Promise.all([startInstance('a', env), startInstance('b', env)]);
const targets = instances.map((i) => i.base);

log(
  `soak: ${minutes} min, 2 instances (MAX_QUEUED_JOBS=4), ${concurrency} clients (half text, half PDF), RSS every 10 s`,
);
const series: number[][] = [];
const sample = () => {
  const row = instances.map((i) => i.rss());
  series.push(row);
  log(`  ${String((series.length - 1) * 10).padStart(4)} s  a ${mb(row[0]!)}  b ${mb(row[1]!)}`);
};
sample();
const timer = setInterval(sample, 10_000);
const all: Answer[] = [];
const half = Math.max(1, Math.floor(concurrency / 2));
await Promise.all([
  closedLoop({ targets, key, body: docs.text, concurrency: half, seconds, onAnswer: (a) => all.push(a) }),
  closedLoop({
    targets,
    key,
    body: docs.pdf,
    concurrency: concurrency - half,
    seconds,
    onAnswer: (a) => all.push(a),
  }),
]);
clearInterval(timer);
sample();

const failures: string[] = [];
const s = summarise(all, seconds);
log(
  `answers: ${s.statuses}; ${s.rps.toFixed(1)} rps of 200s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`,
);
// The sample at 0 s is taken before any load (start-up memory): the thirds are of the loaded samples.
const loaded = series.slice(1);
const third = Math.max(1, Math.floor(loaded.length / 3));
for (const [n, i] of instances.entries()) {
  const values = loaded.map((row) => row[n]!);
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  const first = mean(values.slice(0, third));
  const last = mean(values.slice(-third));
  const growth = (last / first - 1) * 100;
  log(
    `instance ${i.name} (pid ${i.pid}): mean RSS first third ${mb(first)}, last third ${mb(last)}, growth ${growth.toFixed(1)}%, peak ${mb(Math.max(...values))}`,
  );
  if (growth > 10) failures.push(`instance ${i.name} grew ${growth.toFixed(1)}%`);
  if (!i.alive()) failures.push(`instance ${i.name} exited`);
}
for (const a of all) {
  if (a.status === 0 || (a.status >= 500 && a.code !== 'overloaded')) {
    failures.push(`${a.status || ''} ${a.code}`);
  }
}
await Promise.all(instances.map((i) => i.stop()));
await dropDatabase(DB);
log(
  `failures: ${failures.length}${failures.length ? ` (${[...new Set(failures)].slice(0, 10).join('; ')})` : ''}`,
);
log(`reproduce: npm run soak -- --minutes ${minutes} --concurrency ${concurrency}`);
process.exit(failures.length ? 1 : 0);
