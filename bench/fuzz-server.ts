/**
 * The real service (src/server.ts) in a child process, as an operator runs it, with a throwaway
 * data folder and an enterprise key made by the admin CLI. Its memory is read from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

export interface FuzzedServer {
  url: string;
  key: string;
  alive(): boolean;
  /** Resident memory now, and the most it has held (VmHWM), in bytes; 0 where /proc is absent. */
  rss(): number;
  peakRss(): number;
  /** Log lines saying a stray pdf.js rejection was ignored. */
  strayRejections(): number;
  close(): Promise<void>;
}

export async function startServer(): Promise<FuzzedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docjson-fuzz-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEBSITE: 'false',
  };
  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [source('cli.ts'), ...args], { env, encoding: 'utf8' });
  cli('accounts', 'create', '--email', 'fuzz@example.com', '--plan', 'enterprise', '--credits', '1000000000');
  const key = cli('keys', 'create', '--email', 'fuzz@example.com').trim().split('\n').at(-1)!;

  const child: ChildProcess = spawn(process.execPath, [source('server.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited = false;
  let stray = 0;
  child.once('exit', () => {
    exited = true;
  });
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    if (line.includes('pdf.js left a rejected promise behind')) stray++;
  });
  await listening(env.PORT, () => exited);
  const status = (field: string) => {
    try {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
        readFileSync(`/proc/${child.pid}/status`, 'utf8'),
      );
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  return {
    url: `http://127.0.0.1:${env.PORT}/api/v1/generate`,
    key,
    alive: () => !exited,
    rss: () => status('VmRSS'),
    peakRss: () => status('VmHWM'),
    strayRejections: () => stray,
    async close() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls the port until the service answers /health; fails if the process exits first. */
async function listening(port: string, exited: () => boolean): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if (exited()) throw new Error('the service exited before listening');
    try {
      await fetch(`http://127.0.0.1:${port}/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the service did not listen within 60 s');
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
