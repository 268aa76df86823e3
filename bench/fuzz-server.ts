/** The fuzzer's target: the real service on its embedded store, with a key and a count of the stray pdf.js rejections it logged. */
import { createKey, type Instance, startInstance } from './server-process.ts';

export interface FuzzedServer {
  url: string;
  key: string;
  instance: Instance;
  /** Log lines saying a stray pdf.js rejection was ignored. */
  strayRejections(): number;
}

export async function startServer(): Promise<FuzzedServer> {
  let key = '';
  let stray = 0;
  const instance = await startInstance(
    'fuzz',
    { DATABASE_URL: '' },
    {
      prepare: (env) => {
        key = createKey(env, 'fuzz@example.com');
      },
      onLine: (line) => {
        if (process.env.FUZZ_LOG && line.includes(process.env.FUZZ_LOG))
          process.stdout.write(`  service: ${line}\n`);
        if (line.includes('pdf.js left a rejected promise behind')) stray++;
      },
    },
  );
  return { url: `${instance.base}/api/v1/generate`, key, instance, strayRejections: () => stray };
}
