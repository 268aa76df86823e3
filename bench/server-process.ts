/**
 * The real service (src/server.ts) as a child process, run as an operator runs it: its own data
 * folder, a free loopback port, keys made by the admin CLI. Shared by the fuzz, load, soak and faults
 * scripts. Memory is read from /proc (0 where it is absent).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MALLOC_ENV } from '../src/malloc-env.ts';
import { NODE_FLAGS } from '../src/node-flags.ts';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

type Env = Record<string, string | undefined>;

/** An enterprise account with ample credit and a key for it, made by the CLI; returns the key. */
export function createKey(env: Env, email: string): string {
  const full = { ...process.env, LOG_LEVEL: 'warn', ...env };
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [source('cli.ts'), ...args], {
      env: full,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  cli('accounts', 'create', '--email', email, '--plan', 'enterprise', '--credits', '1000000000');
  return cli('keys', 'create', '--email', email).trim().split('\n').at(-1)!;
}

export interface Instance {
  name: string;
  base: string;
  pid: number;
  /** Its DATA_DIR (the embedded store's files when DATABASE_URL is not set). */
  dataDir: string;
  /** Resident memory now, and the most it has held (VmHWM), in bytes. */
  rss(): number;
  peakRss(): number;
  alive(): boolean;
  exited: Promise<number | null>;
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export interface InstanceOptions {
  /** Runs with the instance's environment before it starts: to make its keys, say. */
  prepare?: (env: Env) => void;
  /** Each line the service logs on stdout (ignored when absent). */
  onLine?: (line: string) => void;
}

/** One instance on a free loopback port, its data in a folder of its own removed by stop(). */
export async function startInstance(
  name: string,
  extraEnv: Env,
  options: InstanceOptions = {},
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docjson-instance-'));
  const port = await freePort();
  const env: Env = {
    ...process.env,
    // As `npm start` runs it: with the allocator settings.
    ...MALLOC_ENV,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEBSITE: 'false',
    ...extraEnv,
  };
  options.prepare?.(env);
  // As `npm start` runs it: with the service's V8 heap flags.
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, source('server.ts')], {
    env,
    stdio: ['ignore', options.onLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.onLine && child.stdout) createInterface({ input: child.stdout }).on('line', options.onLine);
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (done) throw new Error(`${name} exited before listening`);
    if (tries > 600) throw new Error(`${name} did not listen within 60 s`);
    try {
      await fetch(`${base}/health`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const status = (field: string) => {
    try {
      const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
        readFileSync(`/proc/${child.pid}/status`, 'utf8'),
      );
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  return {
    name,
    base,
    pid: child.pid!,
    dataDir,
    rss: () => status('VmRSS'),
    peakRss: () => status('VmHWM'),
    alive: () => !done,
    exited,
    signal: (s) => child.kill(s),
    async stop() {
      if (!done) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
