import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { createTestApp, type TestApp } from './test-app.ts';

/** Debian's chromium (.ci/run installs it); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why a test that needs Chromium is skipped on this machine, or false when it can run. */
export const noChromium: string | false = existsSync(CHROMIUM_PATH)
  ? false
  : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH; CI installs it)`;

/** Headless, with nothing that would reach the network on its own, in a profile made for this run. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'docjson-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1100, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The whole service (API and website) on 127.0.0.1, on a port of the system's choosing. */
export async function serveTestApp(): Promise<{ t: TestApp; baseUrl: string }> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return { t, baseUrl: `http://127.0.0.1:${port}` };
}

/** POST /api/v1/generate as a client program would, with fetch. */
export async function callApi(
  baseUrl: string,
  key: string,
  document: string,
  yaml: string,
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([document], { type: 'text/plain' }), 'invoice.txt');
  form.append('yaml_file', new Blob([yaml], { type: 'application/yaml' }), 'fields.yaml');
  return fetch(`${baseUrl}/api/v1/generate`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
}
