import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { INVOICE_FORM_YAML, invoicePdf, invoiceXlsx } from '../helpers/invoice-forms.ts';
import {
  createTestApp,
  INVOICE_DATA,
  INVOICE_TEXT,
  INVOICE_YAML,
  type TestApp,
} from '../helpers/test-app.ts';
import { csrfIn, WebClient } from '../helpers/web-client.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function extract(
  c: WebClient,
  document: string | Uint8Array,
  yaml: string,
  fileName = 'invoice.txt',
  evidence = false,
  engine?: string,
) {
  const csrf = csrfIn((await c.get('/playground')).body);
  return c.postMultipart('/playground', [
    { name: 'csrf', content: csrf },
    { name: 'document', content: document, filename: fileName, contentType: 'text/plain' },
    { name: 'yaml', content: yaml },
    ...(evidence ? [{ name: 'evidence', content: 'on' }] : []),
    ...(engine !== undefined ? [{ name: 'engine', content: engine }] : []),
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
    assert.match(
      page.body,
      /<label for="yaml">Fields \(YAML\)<\/label>\s*<textarea id="yaml" name="yaml"[^>]*>schemas:/,
    );
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
    assert.deepEqual(answer.data, INVOICE_DATA);
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

  it('offers the engines as the API does: local alone without a model; llm refused with 400, nothing billed', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-engine@example.com');
    const page = await c.get('/playground');
    assert.match(page.body, /<label for="engine">Engine<\/label>\s*<select id="engine" name="engine"/);
    const options = [...page.body.matchAll(/<option value="([a-z]+)"( selected)?>/g)].map(
      (m) => m[1] + (m[2] ?? ''),
    );
    assert.deepEqual(options, ['local selected']);

    const local = await extract(c, INVOICE_TEXT, INVOICE_YAML, 'invoice.txt', false, 'local');
    assert.equal(local.statusCode, 200);
    for (const engine of ['llm', 'hybrid']) {
      const res = await extract(c, INVOICE_TEXT, INVOICE_YAML, 'invoice.txt', false, engine);
      assert.equal(res.statusCode, 400);
      assert.equal(answerOf(res.body).code, 'engine_not_configured');
      assert.match(res.body, /Nothing was billed/);
    }
    const bogus = await extract(c, INVOICE_TEXT, INVOICE_YAML, 'invoice.txt', false, 'gpt');
    assert.equal(bogus.statusCode, 400);
    assert.equal(answerOf(bogus.body).code, 'malformed_request');
    assert.equal((await t.store.getAccountByEmail('pg-engine@example.com'))?.credits, 49);
  });

  it('draws a PDF’s page with one box per located field, beside the list of fields, under the strict CSP', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-pdf@example.com');
    const res = await extract(c, await invoicePdf(), INVOICE_FORM_YAML, 'invoice.pdf', true);
    assert.equal(res.statusCode, 200);
    const evidence = answerOf(res.body).evidence as Record<string, { bbox?: number[]; page: number }>;
    const located = Object.entries(evidence).filter(([, e]) => e.bbox);
    assert.equal(located.length, 4);

    const images = [...res.body.matchAll(/<image href="data:image\/png;base64,([A-Za-z0-9+/=]+)"/g)];
    assert.equal(images.length, 1, 'the one page, drawn');
    const png = Buffer.from(images[0]![1]!, 'base64');
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.match(
      res.body,
      /<svg class="page-boxes" viewBox="0 0 595 842" role="img" aria-labelledby="page-1-caption">/,
    );
    const boxes = [
      ...res.body.matchAll(
        /<g class="evidence-box"><rect x="([\d.]+)" y="([\d.]+)"[^>]*\/><text [^>]*>([^<]+)<\/text><\/g>/g,
      ),
    ];
    assert.deepEqual(boxes.map((b) => b[3]).sort(), located.map(([name]) => name).sort());
    for (const [, x, y, name] of boxes) {
      const [x0, y0] = evidence[name!]!.bbox!;
      assert.equal(Number(x), Math.round(x0! * 100) / 100);
      assert.equal(Number(y), Math.round(y0! * 100) / 100);
    }
    assert.match(res.body, /Page 1: 4 fields outlined/);
    assert.match(
      res.body,
      /<td data-label="Field"><code>total<\/code><\/td><td data-label="Page" class="num">1<\/td><td data-label="Where">box \d+, \d+, \d+, \d+ \(points/,
    );

    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /img-src 'self' data:(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.doesNotMatch(res.body, /\sstyle=/, 'no inline style attribute');
    assert.doesNotMatch(res.body, /<script(?![^>]*\ssrc=)/, 'no inline script');
  });

  it('lists an XLSX answer’s cells (sheet!A1), and draws nothing', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-xlsx@example.com');
    const res = await extract(c, await invoiceXlsx(), INVOICE_FORM_YAML, 'invoice.xlsx', true);
    assert.equal(res.statusCode, 200);
    assert.match(
      res.body,
      /<td data-label="Field"><code>invoice_number<\/code><\/td><td data-label="Page" class="num">1<\/td><td data-label="Where">cell Invoice!B2<\/td>/,
    );
    assert.match(
      res.body,
      /<td data-label="Field"><code>total<\/code><\/td><td data-label="Page" class="num">1<\/td><td data-label="Where">cell Invoice!B5<\/td>/,
    );
    assert.doesNotMatch(res.body, /<image /);
  });

  it('shows no evidence section without "With evidence"', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-noev@example.com');
    const res = await extract(c, await invoicePdf(), INVOICE_FORM_YAML, 'invoice.pdf', false);
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /evidence-heading|<image /);
  });

  it('keeps nothing of a drawn PDF: a canary on its page reaches no log line, file or row', async () => {
    const canary = 'CANARYPDF4b2f7';
    const started = Date.now();
    const tmpBefore = new Set(filesUnder(tmpdir()));
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    for (const [i, text] of [
      'Invoice number: INV-7731',
      `Reference: ${canary}`,
      'Total due: 1,250.40 EUR',
    ].entries())
      page.drawText(text, { x: 60, y: 760 - i * 24, size: 13, font });
    const yaml = `${INVOICE_FORM_YAML}      reference: { type: string, description: The ${canary} reference }\n`;
    const c = new WebClient(t.app);
    await c.signup('pg-canary-pdf@example.com');
    const res = await extract(c, await pdf.save(), yaml, `${canary}.pdf`, true);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<image href="data:image\/png;base64,/);

    assert.ok(!t.logs.text.includes(canary), 'no log line holds the canary');
    for (const file of filesUnder(t.dataDir)) {
      assert.ok(!readFileSync(file).includes(canary), `${file} holds the canary`);
    }
    for (const file of filesUnder(tmpdir()).filter((f) => !tmpBefore.has(f) && !f.startsWith(t.dataDir))) {
      try {
        if (statSync(file).mtimeMs < started) continue;
        const bytes = readFileSync(file);
        assert.ok(!bytes.includes(canary), `${file} holds the canary`);
        assert.ok(
          !bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
          `${file} is a PNG written during the test`,
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const usage = await c.get('/usage');
    assert.ok(!usage.body.includes(canary));
  });
});

describe('website: Playground keeps what the user typed, and answers a form once', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const MY_YAML =
    'schemas:\n  data:\n    type: object\n    properties:\n      my_own_field:\n        type: string\n';

  it('keeps the YAML (and the evidence box ticked) when the file is refused as too large', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-keep@example.com');
    const csrf = csrfIn((await c.get('/playground')).body);
    const res = await c.postMultipart('/playground', [
      { name: 'csrf', content: csrf },
      {
        name: 'document',
        content: Buffer.alloc(1_000_001, 0x41),
        filename: 'big.txt',
        contentType: 'text/plain',
      },
      { name: 'yaml', content: MY_YAML },
      { name: 'evidence', content: 'on' },
    ]);
    assert.equal(res.statusCode, 400);
    assert.equal(answerOf(res.body).code, 'file_too_large');
    assert.ok(res.body.includes('my_own_field'), 'the YAML typed is still there');
    assert.match(res.body, /<input type="checkbox" id="evidence" name="evidence" checked>/);
    assert.match(res.body, /Nothing was billed/);
    assert.equal((await t.store.getAccountByEmail('pg-keep@example.com'))?.credits, 50);
  });

  it('extracts and bills a form once: sent again (a reload), it redirects and bills nothing', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-once@example.com');
    const page = (await c.get('/playground')).body;
    const submission = /name="submission" value="([^"]+)"/.exec(page)![1]!;
    const parts = [
      { name: 'csrf', content: csrfIn(page) },
      { name: 'submission', content: submission },
      { name: 'document', content: INVOICE_TEXT, filename: 'invoice.txt', contentType: 'text/plain' },
      { name: 'yaml', content: INVOICE_YAML },
    ];
    const first = await c.postMultipart('/playground', parts);
    assert.equal(first.statusCode, 200);
    assert.match(first.body, /Request id <code class="request-id">[0-9a-f-]{36}<\/code>/);
    assert.notEqual(
      /name="submission" value="([^"]+)"/.exec(first.body)![1],
      submission,
      'a new form, a new id',
    );
    const again = await c.postMultipart('/playground', parts);
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, '/playground?done=repeated');
    assert.match((await c.get('/playground?done=repeated')).body, /was not extracted or billed again/);
    const account = (await t.store.getAccountByEmail('pg-once@example.com'))!;
    assert.equal(account.credits, 49);
    assert.equal((await t.store.listCalls(account.id, '2000-01-01')).length, 1);
  });

  it('shows progress while extracting (a status line the script fills) and the check box inside its own label', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-progress@example.com');
    const page = (await c.get('/playground')).body;
    assert.match(page, /data-progress="extract-progress"/);
    assert.match(page, /<p id="extract-progress" class="progress" role="status" aria-live="polite"><\/p>/);
    assert.match(
      page,
      /<div class="check"><input type="checkbox" id="evidence" name="evidence"><label for="evidence">With evidence/,
    );
    const script = (await c.get('/assets/site.js')).body;
    assert.match(script, /Extracting…/);
  });
});
