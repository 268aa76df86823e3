import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateApiKey, hashApiKey } from '../src/accounts/api-key.ts';
import { SqliteAccountStore } from '../src/accounts/sqlite-store.ts';
import { buildApp, createAdapters } from '../src/app.ts';
import { loadPlans } from '../src/config.ts';
import { DEFAULT_READ_LIMITS } from '../src/documents/model.ts';

/** The real service on a loopback port, with a throwaway store and an enterprise key. */
export async function startBenchApp(
  options: { ocrBackend?: 'auto' | 'wasm' | 'native' } = {},
): Promise<{ url: string; key: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docjson-bench-'));
  const store = new SqliteAccountStore(dataDir);
  const adapters = await createAdapters(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      OCR_WORKERS: undefined,
      OCR_BACKEND: options.ocrBackend ?? 'auto',
    },
    { withStore: false },
  );
  const app: FastifyInstance = await buildApp({
    ...adapters,
    store,
    plans: loadPlans(),
    limits: DEFAULT_READ_LIMITS,
    rateLimitPerMinute: 1_000_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const account = await store.createAccount({
    email: 'bench@example.com',
    plan: 'enterprise',
    credits: 10_000_000,
    expiresAt: null,
  });
  const key = generateApiKey();
  await store.createKey(account.id, hashApiKey(key));
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/v1/generate`,
    key,
    async close() {
      await app.close();
      await adapters.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function postDocument(url: string, key: string, bytes: Uint8Array, name: string, yaml: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  form.append('yaml_file', new Blob([yaml]), 'fields.yaml');
  const res = await fetch(url, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`status ${res.status}: ${body.slice(0, 200)}`);
  return { pages: Number(res.headers.get('x-pages-billed')), body };
}
