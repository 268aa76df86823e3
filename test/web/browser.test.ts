import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { callApi, launchChromium, noChromium, serveTestApp } from '../helpers/browser.ts';
import { INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

const EMAIL = 'journey@example.com';
const PASSWORD = 'a long enough passphrase';

/** The journey, in a real Chromium against the service listening on a real port. */
describe('website in Chromium: sign up → key → API → usage → playground → revoke → log out → log in', {
  skip: noChromium,
}, () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;
  const offSite: string[] = [];

  before(async () => {
    ({ t, baseUrl } = await serveTestApp());
    browser = await launchChromium();
    page = await browser.context.newPage();
    // Every asset comes from the service: any other request is recorded and refused.
    await browser.context.route('**/*', (route) => {
      if (route.request().url().startsWith(baseUrl)) return route.continue();
      offSite.push(route.request().url());
      return route.abort();
    });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  let key = '';

  it('signs up from the home page and lands on API Keys, logged in', async () => {
    await page.goto(`${baseUrl}/`);
    assert.ok(await page.getByRole('link', { name: 'API docs' }).first().isVisible());
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'API Keys' }).waitFor();
    for (const name of ['API Keys', 'Usage', 'Playground']) {
      assert.ok(await page.getByRole('link', { name }).isVisible(), name);
    }
    assert.ok(await page.getByRole('button', { name: 'Log out' }).isVisible());
  });

  it('creates a key, shown once with a copy button', async () => {
    await page.getByLabel('Key name').fill('e2e server');
    await page.getByRole('button', { name: 'Create key' }).click();
    key = ((await page.locator('#new-key').textContent()) ?? '').trim();
    assert.match(key, /^dj_[0-9A-Za-z]{43}$/);
    const copy = page.getByRole('button', { name: 'Copy key' });
    // The script file reveals the button once it has run: wait for it (a busy machine runs it later).
    await copy.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    assert.ok(await copy.isVisible(), 'the copy button is shown by the script file');
    await copy.click();
    await page.getByText(/Copied to the clipboard|Selected/).waitFor();
    await page.getByRole('link', { name: 'API Keys' }).click();
    assert.ok(!(await page.content()).includes(key), 'not shown a second time');
    assert.ok(await page.getByRole('cell', { name: 'e2e server', exact: true }).isVisible());
    assert.ok(await page.getByText(`${key.slice(0, 10)}…`).isVisible());
  });

  it('calls the API with that key, and Usage shows the call and the credit gone down', async () => {
    const res = await callApi(baseUrl, key, INVOICE_TEXT, INVOICE_YAML);
    assert.equal(res.status, 200);
    assert.equal(
      ((await res.json()) as { data: { invoice_number: string } }).data.invoice_number,
      'INV-2024-0042',
    );
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage' }).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the text a reader sees, cells apart.
    const text = await page.locator('main').innerText();
    assert.match(text, /Credit left\s+49 pages/);
    assert.match(text, /200 OK\s+1\s+[\d.]+ s\s+text/);
    assert.ok(await page.locator('svg.chart').isVisible());
  });

  it('extracts a text invoice in the Playground and shows the JSON', async () => {
    await page.getByRole('link', { name: 'Playground' }).click();
    await page.getByLabel('Document').setInputFiles({
      name: 'invoice.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(INVOICE_TEXT),
    });
    assert.match(await page.getByLabel('Fields (YAML)').inputValue(), /invoice_number/);
    await page.getByRole('button', { name: 'Extract' }).click();
    const answer = JSON.parse((await page.locator('#answer').textContent()) ?? '{}');
    assert.equal(answer.status, 'success');
    assert.equal(answer.data.invoice_number, 'INV-2024-0042');
    assert.equal(answer.data.total, 1481.47);
  });

  it('revokes the key (after a confirmation): the API answers 401', async () => {
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Revoke e2e server' }).click();
    await page.getByText('The key was revoked.').waitFor();
    const res = await callApi(baseUrl, key, INVOICE_TEXT, INVOICE_YAML);
    assert.equal(res.status, 401);
  });

  it('logs out; /keys then asks to log in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/keys`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
  });

  it('gives the same answer to a wrong password and an unknown e-mail, then logs in', async () => {
    const attempt = async (email: string, password: string) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').waitFor();
      return (await page.getByRole('alert').textContent()) ?? '';
    };
    const wrong = await attempt(EMAIL, 'not the password at all');
    const unknown = await attempt('nobody@example.com', 'not the password at all');
    assert.equal(wrong, unknown);
    assert.match(wrong, /Incorrect email or password/);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'API Keys' }).waitFor();
    assert.deepEqual(offSite, [], 'no request left the service');
  });
});
