/**
 * npm run fuzz [-- --count N] [--seed S] [--timeout-ms T]: mutated documents and configurations sent
 * through the real HTTP path, one at a time, to a service on a loopback port. Every answer must be a
 * 200 success or a JSON error body with a 4xx status (or 503 overloaded); a 500, a non-JSON body, a
 * connection error or an answer slower than the timeout is a failure, printed with the seed and the
 * input number that reproduce it. Seeds: one invoice in every accepted form, plus bombs (zip, image
 * size, page count, YAML aliases). Peak RSS is sampled throughout. Exits 1 on any failure.
 */
import { parseArgs } from 'node:util';
import { INVOICE_FORM_YAML, INVOICE_FORMS } from '../test/helpers/invoice-forms.ts';
import { multipart } from '../test/helpers/multipart.ts';
import { BOMBS } from './fuzz-bombs.ts';
import { type Input, mutate, type Random, random } from './fuzz-mutations.ts';
import { startServer } from './fuzz-server.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'timeout-ms': { type: 'string', default: '30000' },
    /** Seeds whose name contains this, to find which kind of input a failure or growth comes from. */
    only: { type: 'string' },
    /** Seconds the service is left idle after the last input, its RSS read every 5 s (issue 30: under 500 MB within 30 s). */
    idle: { type: 'string', default: '0' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const timeoutMs = Number(values['timeout-ms']);
const log = (line: string) => process.stdout.write(`${line}\n`);

const seeds: Input[] = [];
for (const [name, fileName, make] of INVOICE_FORMS) {
  seeds.push({ name, fileName, file: await make(), yaml: INVOICE_FORM_YAML });
}
for (const bomb of BOMBS) seeds.push(await bomb());
if (values.only) seeds.splice(0, seeds.length, ...seeds.filter((s) => s.name.includes(values.only!)));

const service = await startServer();

interface Failure {
  input: number;
  from: string;
  how: string;
  status?: number;
}

const failures: Failure[] = [];
const statuses = new Map<string, number>();
const started = performance.now();
const rng: Random = random(seed);

log(`fuzz: ${count} inputs, seed ${seed}, ${seeds.length} seeds (${seeds.map((s) => s.name).join(', ')})`);
for (let i = 0; i < count; i++) {
  const input = mutate(seeds, rng);
  const body = multipart([
    { name: 'file', content: input.file, filename: input.fileName },
    { name: 'yaml_file', content: input.yaml, filename: 'fields.yaml' },
  ]);
  if (process.env.FUZZ_TRACE)
    log(
      `  input ${i} (${input.name}, ${input.file.length} bytes) service RSS ${mb(service.instance.rss())} MB`,
    );
  const outcome = await send(service.url, service.key, body);
  const key = outcome.ok ? `${outcome.status} ${outcome.code}` : 'failure';
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (!outcome.ok) {
    failures.push({
      input: i,
      from: input.name,
      how: outcome.how,
      ...(outcome.status ? { status: outcome.status } : {}),
    });
    log(`  ✗ input ${i} (${input.name}): ${outcome.how}`);
  }
  if ((i + 1) % 500 === 0)
    log(`  ${i + 1} inputs, ${failures.length} failures, service RSS ${mb(service.instance.rss())} MB`);
  if (!service.instance.alive()) {
    failures.push({ input: i, from: input.name, how: 'the service exited' });
    break;
  }
}
const peakRss = service.instance.peakRss();
const stray = service.strayRejections();
const idleSeconds = Number(values.idle);
const idleSeries: string[] = [`0 s ${mb(service.instance.rss())} MB`];
for (let s = 5; s <= idleSeconds; s += 5) {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  idleSeries.push(`${s} s ${mb(service.instance.rss())} MB`);
}
await service.instance.stop();

const seconds = (performance.now() - started) / 1000;
log(
  `\n${count} inputs in ${seconds.toFixed(0)} s (seed ${seed}): ${failures.length} failures, service peak RSS ${mb(peakRss)} MB`,
);
for (const [key, n] of [...statuses].sort((a, b) => b[1] - a[1])) log(`  ${String(n).padStart(6)}  ${key}`);
log(`  stray pdf.js rejections the service logged and ignored: ${stray}`);
if (idleSeconds > 0) log(`service RSS once idle: ${idleSeries.join(', ')}`);
log(
  `reproduce: npm run fuzz -- --count ${count} --seed ${seed}${idleSeconds ? ` --idle ${idleSeconds}` : ''}`,
);
process.exit(failures.length > 0 ? 1 : 0);

type Outcome = { ok: true; status: number; code: string } | { ok: false; how: string; status?: number };

async function send(
  url: string,
  key: string,
  body: { payload: Buffer; headers: Record<string, string> },
): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'x-api-key': key, ...body.headers },
      body: body.payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    let json: { status?: string; code?: string; details?: { request_id?: unknown; reason?: unknown } };
    try {
      json = JSON.parse(text);
    } catch {
      return {
        ok: false,
        how: `status ${response.status} with a body that is not JSON`,
        status: response.status,
      };
    }
    if (response.status === 200 && json.status === 'success')
      return { ok: true, status: 200, code: 'success' };
    const isError = json.status === 'error' && typeof json.code === 'string' && json.details?.request_id;
    const allowed = (response.status >= 400 && response.status < 500) || json.code === 'overloaded';
    if (!isError || !allowed) {
      return {
        ok: false,
        how: `status ${response.status} code ${json.code}${typeof json.details?.reason === 'string' ? ` (${json.details.reason})` : ''} in ${elapsed.toFixed(0)} ms`,
        status: response.status,
      };
    }
    return { ok: true, status: response.status, code: json.code! };
  } catch (error) {
    const name = (error as Error).name;
    return {
      ok: false,
      how:
        name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${name}: ${(error as Error).message}`,
    };
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
