/**
 * Shared by `npm run load`, `soak` and `faults`: a fresh PostgreSQL database, a TCP proxy in front of
 * PostgreSQL or Redis that can be cut or frozen (test/helpers/tcp-proxy.ts), instances of the real
 * service (src/server.ts) as child processes, and a closed-loop HTTP load generator (node:http,
 * keep-alive, no dependency).
 */
import { Agent, request } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import pg from 'pg';
import { INVOICE_FORM_YAML, invoicePdf, invoiceText } from '../test/helpers/invoice-forms.ts';
import { upload } from '../test/helpers/multipart.ts';
import { createKey } from './server-process.ts';

export { type TcpProxy, tcpProxy } from '../test/helpers/tcp-proxy.ts';
export { type Instance, startInstance } from './server-process.ts';

export const log = (line: string) => process.stdout.write(`${line}\n`);

/** The machine's PostgreSQL (trust auth); the scripts only create and drop their own database in it. */
export const ADMIN_DATABASE_URL =
  process.env.LOAD_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Drops and creates `name`, so that runs never see each other's (or the tests') rows. */
export async function freshDatabase(name: string): Promise<URL> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export async function redisReachable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = tcpConnect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Creates the load account and its key through the admin CLI (as an operator would). */
export function makeKey(databaseUrl: string): string {
  return createKey({ DATABASE_URL: databaseUrl }, 'load@example.com');
}

/** A prepared upload: the multipart body is built once and sent as bytes. */
export interface Upload {
  name: string;
  payload: Buffer;
  headers: Record<string, string>;
}

export async function uploads(): Promise<{ text: Upload; pdf: Upload }> {
  const text = upload(invoiceText(), INVOICE_FORM_YAML, 'invoice.txt');
  const pdf = upload(await invoicePdf(), INVOICE_FORM_YAML, 'invoice.pdf');
  return { text: { name: 'text', ...text }, pdf: { name: 'pdf (1 page)', ...pdf } };
}

export interface Answer {
  /** HTTP status, or 0 for a connection error / timeout. */
  status: number;
  /** The error body's code, `timeout`, or the connection error's code. */
  code?: string;
  retryAfter?: string;
  ms: number;
  target: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

/** One POST of `body` to `url`; never throws. */
export function post(
  url: string,
  key: string,
  body: Upload,
  timeoutMs: number,
  target = 0,
  useAgent: Agent | false = agent,
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (a: Omit<Answer, 'ms' | 'target'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...a, ms: performance.now() - t0, target });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: useAgent,
        headers: { ...body.headers, 'content-length': body.payload.length, 'x-api-key': key },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e: NodeJS.ErrnoException) => settle({ status: 0, code: e.code ?? 'ERR' }));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let code: string | undefined;
          if (status !== 200) {
            try {
              code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
            } catch {
              code = 'non-json';
            }
          }
          const retryAfter = res.headers['retry-after'];
          settle({ status, ...(code ? { code } : {}), ...(retryAfter ? { retryAfter } : {}) });
        });
      },
    );
    req.setTimeout(timeoutMs, () => {
      settle({ status: 0, code: 'timeout' });
      req.destroy();
    });
    req.on('error', (e: NodeJS.ErrnoException) => settle({ status: 0, code: e.code ?? 'ERR' }));
    req.end(body.payload);
  });
}

export async function health(base: string): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
    const json = (await res.json()) as { status?: string };
    return { status: res.status, body: json.status ?? '?' };
  } catch (error) {
    return { status: 0, body: (error as Error).name };
  }
}

/**
 * C clients, each sending its next request as soon as the last one is answered (closed loop), for
 * `seconds`; client i's n-th request goes to target (i + n) mod targets, so both instances get the same
 * share. `onAnswer` sees every answer as it comes.
 */
export async function closedLoop(options: {
  targets: string[];
  key: string;
  body: Upload;
  concurrency: number;
  seconds: number;
  timeoutMs?: number;
  onAnswer?: (a: Answer) => void;
  /** Pause after a 503 before the next request (a polite client honours Retry-After; 0 does not). */
  pauseAfter503Ms?: number;
}): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = performance.now() + options.seconds * 1000;
  const client = async (i: number) => {
    for (let n = 0; performance.now() < end; n++) {
      const target = (i + n) % options.targets.length;
      const a = await post(
        `${options.targets[target]}/api/v1/generate`,
        options.key,
        options.body,
        options.timeoutMs ?? 30_000,
        target,
      );
      answers.push(a);
      options.onAnswer?.(a);
      if (a.status === 503 && options.pauseAfter503Ms) {
        await new Promise((resolve) => setTimeout(resolve, options.pauseAfter503Ms));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, i) => client(i)));
  return answers;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** "200: 812, 503 overloaded: 40" */
export function byStatus(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const k = a.status === 200 ? '200' : `${a.status || 'no answer'} ${a.code ?? ''}`.trim();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return (
    [...counts]
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || 'none'
  );
}

export interface Summary {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  statuses: string;
}

/** Throughput counts every answer; latency percentiles are over the 200s. */
export function summarise(answers: Answer[], seconds: number): Summary {
  const ok = answers.filter((a) => a.status === 200);
  const ms = ok.map((a) => a.ms).sort((x, y) => x - y);
  return {
    requests: answers.length,
    rps: ok.length / seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    ok: ok.length,
    statuses: byStatus(answers),
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
