/**
 * npm run faults [-- --only a,b] [--before 8 --outage 10 --after 12 --concurrency 4]: the bad days an
 * operator drills before production, each on real instances of the service (child processes), each
 * printing its figures and its expectations (bench/drills/*.ts):
 *
 *   postgres-down    PostgreSQL cut mid-load (connections reset, new ones refused), then back
 *   postgres-frozen  PostgreSQL frozen mid-load (connections open, nothing answered), then thawed
 *   sigterm          SIGTERM while long uploads are in flight
 *   vanished         100 clients vanish mid-upload and mid-queue; a normal call, the charges, the log
 *   slow-uploads     uploads that trickle beside normal calls
 *   killed           an instance killed mid-call with an Idempotency-Key; the retry on another
 *   full-disk        the embedded store's disk full: no answer without its charge
 *   redis            Redis frozen, then down: added time per call, rate-limit headers
 *   bad-keys         a flood of unknown keys from one address: 429s and database lookups
 *   metrics          who can read /metrics, at which spellings of its path
 *
 * Exits 1 if an expectation fails. Needs the machine's PostgreSQL (and Redis for `redis`; prlimit for
 * `full-disk`).
 */
import { parseArgs } from 'node:util';
import { log, uploads } from './cluster.ts';
import { badKeys } from './drills/bad-keys.ts';
import { frozenPostgres } from './drills/frozen-postgres.ts';
import { frozenRedis } from './drills/frozen-redis.ts';
import { fullDisk } from './drills/full-disk.ts';
import { killedMidCall } from './drills/killed-mid-call.ts';
import { Checks } from './drills/kit.ts';
import { metricsExposure } from './drills/metrics-exposure.ts';
import { postgresOutage } from './drills/postgres-outage.ts';
import { sigterm } from './drills/sigterm.ts';
import { slowUploads } from './drills/slow-uploads.ts';
import { vanishedClients } from './drills/vanished-clients.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    before: { type: 'string', default: '8' },
    outage: { type: 'string', default: '10' },
    after: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '4' },
    /** How long PostgreSQL stays frozen (postgres-frozen): longer than a call may wait. */
    freeze: { type: 'string', default: '20' },
  },
});
const before = Number(values.before);
const outage = Number(values.outage);
const after = Number(values.after);
const concurrency = Number(values.concurrency);

const { text } = await uploads();
const checks = new Checks();
const drills: Record<string, () => Promise<void>> = {
  'postgres-down': () => postgresOutage(checks, text, { before, outage, after, concurrency }),
  'postgres-frozen': () => frozenPostgres(checks, text, { before, freeze: Number(values.freeze), after }),
  sigterm: () => sigterm(checks, text),
  vanished: () => vanishedClients(checks, text),
  'slow-uploads': () => slowUploads(checks, text),
  killed: () => killedMidCall(checks, text, { giveUpAfterS: 90 }),
  'full-disk': () => fullDisk(checks, text),
  redis: () => frozenRedis(checks, text),
  'bad-keys': () => badKeys(checks, text),
  metrics: () => metricsExposure(checks),
};
const chosen = values.only ? values.only.split(',') : Object.keys(drills);
for (const name of chosen) {
  const drill = drills[name];
  if (!drill) throw new Error(`no drill named ${name} (drills: ${Object.keys(drills).join(', ')})`);
  await drill();
}

log(`failures: ${checks.failures.length}${checks.failures.length ? ` (${checks.failures.join('; ')})` : ''}`);
log(
  `reproduce: npm run faults -- --only ${chosen.join(',')} --before ${before} --outage ${outage} --after ${after} --concurrency ${concurrency} --freeze ${values.freeze}`,
);
process.exit(checks.failures.length ? 1 : 0);
