/**
 * npm run bench:health [-- --clients N] [--seconds D] [--interval MS]: the real service (src/server.ts,
 * a child process on its embedded store) under N closed-loop clients sending SROIE receipts (the first
 * 8 files of ../shared/corpus/sroie/docs) for D seconds, while another loop asks GET /health every
 * MS milliseconds. Prints /health p50/p99/max (the event loop's responsiveness while OCR saturates the
 * cores; issue 11 asks p99 < 20 ms) and receipts per second. Exits 1 if a receipt or /health fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RECEIPT_FIELDS } from './corpus-fields.ts';
import { createKey, startInstance } from './server-process.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '30' },
    interval: { type: 'string', default: '50' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const interval = Number(values.interval);
const log = (line: string) => process.stdout.write(`${line}\n`);

const dir = fileURLToPath(new URL('../../shared/corpus/sroie/docs', import.meta.url));
const receipts = readdirSync(dir)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort()
  .slice(0, 8)
  .map((f) => ({ name: f, bytes: readFileSync(join(dir, f)) }));
if (receipts.length === 0) throw new Error(`${dir}: no receipts`);

let key = '';
const instance = await startInstance(
  'health',
  { DATABASE_URL: '' },
  {
    prepare: (env) => {
      key = createKey(env, 'health@example.com');
    },
  },
);
const failures: string[] = [];

async function send(index: number): Promise<void> {
  const receipt = receipts[index % receipts.length]!;
  const form = new FormData();
  form.append('file', new Blob([receipt.bytes]), receipt.name);
  form.append('yaml_file', new Blob([RECEIPT_FIELDS]), 'fields.yaml');
  const res = await fetch(`${instance.base}/api/v1/generate`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  const body = await res.text();
  if (res.status !== 200) failures.push(`${receipt.name}: ${res.status} ${body.slice(0, 120)}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  log(
    `health under load: ${clients} clients, ${receipts.length} SROIE receipts, ${seconds} s, GET /health every ${interval} ms; load average before ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await send(0); // warm-up: the OCR workers start and load their model
  let next = 0;
  let done = 0;
  const stopAt = performance.now() + seconds * 1000;
  const t0 = performance.now();
  const loops = Array.from({ length: clients }, async () => {
    while (performance.now() < stopAt) {
      await send(next++);
      done++;
    }
  });
  const health: number[] = [];
  const probe = (async () => {
    while (performance.now() < stopAt) {
      const started = performance.now();
      const res = await fetch(`${instance.base}/health`);
      await res.arrayBuffer();
      health.push(performance.now() - started);
      if (res.status !== 200) failures.push(`/health: ${res.status}`);
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  })();
  await Promise.all([...loops, probe]);
  const elapsed = (performance.now() - t0) / 1000;
  const sorted = health.sort((a, b) => a - b);
  log(
    `/health ${sorted.length} probes: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  );
  log(`receipts: ${done} in ${elapsed.toFixed(1)} s = ${(done / elapsed).toFixed(2)} receipts/s`);
  log(
    `load average after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; peak RSS ${(instance.peakRss() / 1e6).toFixed(0)} MB`,
  );
  for (const failure of failures.slice(0, 10)) log(`FAIL ${failure}`);
} finally {
  await instance.stop();
}
if (failures.length > 0) process.exitCode = 1;
