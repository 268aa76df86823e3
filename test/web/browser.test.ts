import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { callApi, launchChromium, noChromium, serveTestApp } from '../helpers/browser.ts';
import { INVOICE_FORM_YAML, invoicePdf } from '../helpers/invoice-forms.ts';
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

  it('signs up from the home page, logs in, and lands on API Keys', async () => {
    await page.goto(`${baseUrl}/`);
    assert.ok(await page.getByRole('link', { name: 'API docs' }).first().isVisible());
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The same answer whether the e-mail was taken or not: log in.
    await page.getByText('Your account is ready if this e-mail had none').waitFor();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'API Keys' }).waitFor();
    for (const name of ['API Keys', 'Usage', 'Playground', 'Account']) {
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
    // A reload shows the page again: no second key, the first not shown again.
    await page.reload();
    assert.ok(!(await page.content()).includes(key), 'not shown a second time');
    assert.equal(await page.getByRole('cell', { name: 'e2e server', exact: true }).count(), 1);
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
    assert.match(text, /e2e server\s+200 OK\s+1\s+[\d.]+ s\s+text/);
    assert.match(
      text,
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/,
      'the call’s request id',
    );
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
    // The post is held back a moment, as OCR would: meanwhile the page says it is extracting, and the
    // button is held. What the status line says is kept in the tab's sessionStorage, read afterwards
    // (the page cannot be read while its navigation is pending).
    await page.evaluate(`new MutationObserver(() => sessionStorage.setItem('progress',
      document.getElementById('extract-progress').textContent + ' | disabled: ' +
      document.querySelector('form[data-progress] button').disabled))
      .observe(document.getElementById('extract-progress'), { childList: true, characterData: true, subtree: true })`);
    await page.route(`${baseUrl}/playground`, async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Extract' }).click();
    await page.unroute(`${baseUrl}/playground`);
    assert.match(
      String(await page.evaluate("sessionStorage.getItem('progress')")),
      /^Extracting… 1 s\. .* \| disabled: true$/,
    );
    await page.locator('#answer').waitFor();
    const answer = JSON.parse((await page.locator('#answer').textContent()) ?? '{}');
    assert.equal(answer.status, 'success');
    assert.equal(answer.data.invoice_number, 'INV-2024-0042');
    assert.equal(answer.data.total, 1481.47);
    // The YAML stays, in the text's own weight; the check box sits on its label's line.
    assert.match(await page.getByLabel('Fields (YAML)').inputValue(), /invoice_number/);
    assert.equal(await page.evaluate('getComputedStyle(document.getElementById("yaml")).fontWeight'), '400');
    const box = (await page.locator('#evidence').boundingBox())!;
    const label = (await page.locator('label[for="evidence"]').boundingBox())!;
    assert.ok(Math.abs(box.y + box.height / 2 - (label.y + label.height / 2)) < 6, 'on one line');
    assert.ok(label.x > box.x, 'the label after the box');
  });

  it('draws a PDF’s evidence with labels that do not overlap', async () => {
    await page.getByLabel('Document').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await invoicePdf()),
    });
    await page.getByLabel('Fields (YAML)').fill(INVOICE_FORM_YAML);
    await page.getByLabel('With evidence (where each value was found)').check();
    await page.getByRole('button', { name: 'Extract' }).click();
    await page.locator('svg.page-boxes').first().waitFor();
    const rects = await page
      .locator('svg.page-boxes .evidence-box text')
      .evaluateAll((texts) =>
        texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]),
      );
    assert.ok(rects.length >= 2, `${rects.length} labels`);
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const [a, b] = [rects[i]!, rects[j]!];
        const overlap =
          a[0]! < b[2]! - 0.5 && b[0]! < a[2]! - 0.5 && a[1]! < b[3]! - 0.5 && b[1]! < a[3]! - 0.5;
        assert.ok(!overlap, `labels ${i} and ${j} overlap: ${a} / ${b}`);
      }
    }
  });

  it('fits a phone 390 px wide: no page pushed sideways, Log out on one line', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of ['/keys', '/usage', '/playground', '/account']) {
        await page.goto(`${baseUrl}${path}`);
        const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        assert.ok(wide <= 390, `${path} is ${wide} px wide`);
      }
      // One line of text: about as high as the Account link's line, not two.
      const logout = (await page.getByRole('button', { name: 'Log out' }).boundingBox())!;
      const line = (await page.getByRole('link', { name: 'Account' }).boundingBox())!;
      assert.ok(
        logout.height < 2 * line.height + 6,
        `Log out is ${logout.height} px high, a line ${line.height}`,
      );
      assert.ok(logout.width > 2 * line.height, `Log out is ${logout.width} px wide`);
    } finally {
      await page.setViewportSize({ width: 1100, height: 800 });
    }
  });

  it('shows the Account page with its forms, a 404 page with a way back, and the API docs under their policy', async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    for (const label of ['Current password', 'New password'])
      assert.ok(await page.getByLabel(label).isVisible());
    for (const name of ['Change password', 'Delete account']) {
      assert.ok(await page.getByRole('button', { name }).isVisible(), name);
    }
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${baseUrl}/docs`);
    await page.getByText('/api/v1/generate').first().waitFor({ timeout: 20_000 });
    assert.deepEqual(refused, []);
    await page.goto(`${baseUrl}/keys`);
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
