/**
 * npm run screenshots: the API Keys, Usage, Playground and Account pages of a fresh account, the
 * log-in page, and API Keys and Usage on a phone (390 px), in Chromium, written to docs/screenshots/
 * for the README and docs/website.md. Runs the service on 127.0.0.1 with a throw-away store.
 */
import { mkdirSync } from 'node:fs';
import { callApi, launchChromium, serveTestApp } from '../helpers/browser.ts';
import { INVOICE_TEXT, INVOICE_YAML } from '../helpers/test-app.ts';

const out = new URL('../../docs/screenshots/', import.meta.url);
mkdirSync(out, { recursive: true });

const { t, baseUrl } = await serveTestApp();
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Email').fill('jane@example.com');
  await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
  await page.getByLabel('Confirm password').fill('a long enough passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Your account is ready').waitFor();
  await page.screenshot({ path: new URL('login.png', out).pathname });
  await page.getByLabel('Email').fill('jane@example.com');
  await page.getByLabel('Password').fill('a long enough passphrase');
  await page.getByRole('button', { name: 'Log in' }).click();

  const keys: string[] = [];
  for (const name of ['old laptop', 'billing server', 'nightly import']) {
    await page.getByLabel('Key name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key').waitFor();
    keys.push(((await page.locator('#new-key').textContent()) ?? '').trim());
  }
  for (const yaml of [INVOICE_YAML, INVOICE_YAML, 'schemas: [', INVOICE_YAML]) {
    await callApi(baseUrl, keys[1]!, INVOICE_TEXT, yaml);
  }
  await callApi(baseUrl, keys[2]!, INVOICE_TEXT, INVOICE_YAML);
  // Earlier days of use, so that the chart has a month to show (rows as the API would leave them).
  const account = (await t.store.getAccountByEmail('jane@example.com'))!;
  const [, billing, nightly] = await t.store.listKeys(account.id);
  for (let day = 1; day < 30; day++) {
    for (let n = 0; n < (day * 7) % 5; n++) {
      const at = new Date(Date.now() - day * 86_400_000 - n * 3_600_000).toISOString();
      const format = ['pdf', 'docx', 'png', 'xlsx'][(day + n) % 4]!;
      await t.store.recordCall({
        accountId: account.id,
        at,
        status: 200,
        pages: 1 + n,
        bytes: 1,
        durationMs: 300,
        format,
        keyId: (n % 2 ? nightly : billing)!.id,
        requestId: crypto.randomUUID(),
      });
    }
  }
  await page.getByRole('link', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Revoke old laptop' }).click();
  await page.getByText('The key was revoked.').waitFor();
  await page.screenshot({ path: new URL('keys.png', out).pathname, fullPage: true });

  await page.getByRole('link', { name: 'Playground' }).click();
  await page.getByLabel('Document').setInputFiles({
    name: 'invoice.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(INVOICE_TEXT),
  });
  await page.getByRole('button', { name: 'Extract' }).click();
  await page.locator('#answer').waitFor();
  await page.screenshot({ path: new URL('playground.png', out).pathname, fullPage: true });

  await page.getByRole('link', { name: 'Usage' }).click();
  // The top of the page: the facts, the chart and the latest calls.
  await page.screenshot({ path: new URL('usage.png', out).pathname });

  await page.getByRole('link', { name: 'Account' }).click();
  await page.screenshot({ path: new URL('account.png', out).pathname, fullPage: true });

  // On a phone: rows stacked, nothing pushed sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'API Keys' }).click();
  await page.screenshot({ path: new URL('keys-phone.png', out).pathname });
  await page.getByRole('link', { name: 'Usage' }).click();
  await page.screenshot({ path: new URL('usage-phone.png', out).pathname });
  process.stdout.write(`screenshots written to ${out.pathname}\n`);
} finally {
  await browser.close();
  await t.close();
}
