import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';
import { csrfIn, WebClient } from '../helpers/web-client.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function extract(
  c: WebClient,
  document: string,
  yaml: string,
  fileName = 'invoice.txt',
  evidence = false,
) {
  const csrf = csrfIn((await c.get('/playground')).body);
  return c.postMultipart('/playground', [
    { name: 'csrf', content: csrf },
    { name: 'document', content: document, filename: fileName, contentType: 'text/plain' },
    { name: 'yaml', content: yaml },
    ...(evidence ? [{ name: 'evidence', content: 'on' }] : []),
  ]);
}

function answerOf(body: string): Record<string, unknown> {
  const text = /<code id="answer">([\s\S]*?)<\/code>/.exec(body)![1]!;
  return JSON.parse(
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

describe('website: Playground', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('offers a Document input, a prefilled Fields (YAML) area and an Extract button', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-form@example.com');
    const page = await c.get('/playground');
    assert.match(
      page.body,
      /<label for="document">Document<\/label>\s*<input type="file" id="document" name="document"/,
    );
    assert.match(page.body, /<label>Fields \(YAML\) <textarea name="yaml"[^>]*>schemas:/);
    assert.match(page.body, /<button type="submit">Extract<\/button>/);
    assert.match(page.body, /enctype="multipart\/form-data"/);
  });

  it('answers with the API’s JSON, billed and recorded the same way', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg@example.com');
    const res = await extract(c, INVOICE_TEXT, INVOICE_YAML, 'invoice.txt', true);
    assert.equal(res.statusCode, 200);
    const answer = answerOf(res.body);
    assert.equal(answer.status, 'success');
    assert.deepEqual(answer.data, {
      invoice_number: 'INV-2024-0042',
      invoice_date: '2024-04-03',
      total: 1481.47,
      vat_rate: 20,
      paid: true,
      purchase_order: null,
    });
    assert.ok(answer.evidence, 'with evidence when asked');
    assert.match(res.body, /1 page billed; 49 left/);
    const account = (await t.store.getAccountByEmail('pg@example.com'))!;
    assert.equal(account.credits, 49);
    const calls = await t.store.listCalls(account.id, '2000-01-01');
    assert.equal(calls.length, 1);
    assert.equal(calls[0]?.status, 200);
    assert.equal(calls[0]?.pages, 1);
    assert.equal(calls[0]?.format, 'text');
  });

  it('shows the API’s error body for a bad configuration, and charges nothing', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-error@example.com');
    const res = await extract(c, INVOICE_TEXT, 'schemas:\n  data: [broken');
    assert.equal(res.statusCode, 422);
    const answer = answerOf(res.body);
    assert.equal(answer.code, 'invalid_yaml');
    assert.match(res.body, /Nothing was billed/);
    assert.equal((await t.store.getAccountByEmail('pg-error@example.com'))?.credits, 50);
  });

  it('refuses with 402 when the credit is spent, as the API does', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-broke@example.com');
    await t.store.updateAccount('pg-broke@example.com', { credits: 0 });
    const res = await extract(c, INVOICE_TEXT, INVOICE_YAML);
    assert.equal(res.statusCode, 402);
    assert.equal(answerOf(res.body).code, 'insufficient_credit');
  });

  it('keeps nothing: a canary in the document, its name or the YAML reaches no log line, file or row', async () => {
    const canary = 'CANARY7d1e90';
    const started = Date.now();
    const tmpBefore = new Set(filesUnder(tmpdir()));
    const c = new WebClient(t.app);
    await c.signup('canary@example.com');
    const document = `${INVOICE_TEXT}\nReference: ${canary}-ref\nNote: ${canary}\n`;
    const yaml = `${INVOICE_YAML}      ${canary}_field:\n        type: string\n        description: the ${canary} note\n`;
    const ok = await extract(c, document, yaml, `${canary}.txt`, true);
    assert.equal(ok.statusCode, 200);
    assert.ok(ok.body.includes(canary), 'the answer itself may show it to its owner');
    assert.equal((await extract(c, document, `schemas: [${canary}`, `${canary}.txt`)).statusCode, 422);

    assert.ok(t.logs.lines.length > 0);
    assert.ok(!t.logs.text.includes(canary), 'no log line holds the canary');
    for (const file of filesUnder(t.dataDir)) {
      assert.ok(!readFileSync(file).includes(canary), `${file} holds the canary`);
    }
    for (const file of filesUnder(tmpdir()).filter((f) => !tmpBefore.has(f) && !f.startsWith(t.dataDir))) {
      try {
        if (statSync(file).mtimeMs < started) continue;
        assert.ok(!readFileSync(file).includes(canary), `${file} holds the canary`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const usage = await c.get('/usage');
    assert.ok(!usage.body.includes(canary));
  });
});
