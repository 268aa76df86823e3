import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  FakeModelServer,
  hang,
  malformedBody,
  malformedContent,
  openAiFenced,
  openAiJson,
  openAiRefusal,
  rateLimited,
  serverError,
} from '../helpers/fake-model-server.ts';
import { createLlmTestApp, type LlmTestApp, MODEL_KEY } from '../helpers/llm-test-app.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_DATA, INVOICE_TEXT, INVOICE_YAML } from '../helpers/test-app.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('POST /api/v1/generate?engine=llm (OpenAI-compatible model)', () => {
  let model: FakeModelServer;
  let t: LlmTestApp;
  before(async () => {
    model = await FakeModelServer.start();
    t = await createLlmTestApp({ baseUrl: model.baseUrl, timeoutMs: 2000 });
  });
  after(async () => {
    await t.close();
    await model.close();
  });
  beforeEach(() => {
    t.delays.length = 0;
  });

  it('sends the schema as strict structured output with the key, and answers typed, grounded values', async () => {
    model.script(openAiJson({ ...INVOICE_DATA, total: '$1,481.47' }));
    const key = await t.keyFor({ credits: 10 });
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm&evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(body.data, INVOICE_DATA);
    assert.equal(res.headers['x-pages-billed'], '1');

    const [request] = model.received;
    assert.equal(request!.path, '/v1/chat/completions');
    assert.equal(request!.headers.authorization, `Bearer ${MODEL_KEY}`);
    assert.equal(request!.body.model, 'test-model');
    const format = request!.body.response_format as { type: string; json_schema: Record<string, unknown> };
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema.strict, true);
    assert.equal(format.json_schema.name, 'extracted_fields');
    const schema = format.json_schema.schema as { properties: Record<string, unknown>; required: string[] };
    assert.deepEqual(schema.required, Object.keys(INVOICE_DATA));
    const messages = request!.body.messages as { role: string; content: string }[];
    assert.match(messages[1]!.content, /--- page 1 ---\nACME Supplies Ltd\nInvoice number: INV-2024-0042/);

    const { evidence } = body;
    assert.deepEqual(evidence.total, {
      confidence: 0.8,
      page: 1,
      paragraph: evidence.total.paragraph,
      text: 'Total: $1,481.47',
      source: 'model',
      engine: 'llm',
    });
    assert.equal(typeof evidence.total.paragraph, 'number');
    assert.equal(evidence.invoice_date.text, 'Invoice date: 03/04/2024');
    assert.equal(evidence.invoice_number.page, 1);
    assert.equal(evidence.paid.text, 'Paid: yes');
    assert.equal(evidence.paid.confidence, 0.8);
    assert.equal(evidence.purchase_order.note, 'not found in the document');
  });

  it('records the model’s token counts in the call’s row; a local call has none', async () => {
    model.script(openAiJson(INVOICE_DATA)); // the provider counts 812 tokens in, 64 out
    const key = await t.keyFor({ email: 'tokens-llm@example.com' });
    const account = (await t.store.getAccountByEmail('tokens-llm@example.com'))!;
    assert.equal((await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(!('usage' in res.json()), 'the answer itself is unchanged');
    const calls = await t.store.listCalls(account.id, '2000-01-01');
    assert.deepEqual(calls.map((c) => [c.status, c.inputTokens, c.outputTokens]).sort(), [
      [200, null, null],
      [200, 812, 64],
    ]);
    const line = t.logs.lines.map((l) => JSON.parse(l)).findLast((l) => l.msg === 'request');
    assert.equal(line.inputTokens, 812);
    assert.equal(line.outputTokens, 64);
  });

  it('drops an invented value (null, note) but keeps a derived one at 0.5 or less', async () => {
    const yaml = `${INVOICE_YAML}      line_count:\n        type: integer\n        description: How many line items the invoice lists\n`;
    model.script(openAiJson({ ...INVOICE_DATA, purchase_order: 'PO-777', line_count: 2 }));
    const key = await t.keyFor();
    const res = await t.generate(key, upload(INVOICE_TEXT, yaml), '?engine=llm&evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    const { data, evidence } = res.json();
    assert.equal(data.purchase_order, null);
    assert.equal(evidence.purchase_order.note, 'not found in the document');
    assert.ok(evidence.purchase_order.confidence <= 0.5);
    assert.equal(data.line_count, 2);
    assert.ok(evidence.line_count.confidence <= 0.5);
    assert.equal(evidence.line_count.note, 'not found in the document');
    assert.equal(evidence.line_count.page, null);
  });

  it('reads an answer wrapped in a code fence with words around it', async () => {
    model.script(openAiFenced(INVOICE_DATA));
    const key = await t.keyFor();
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, INVOICE_DATA);
  });

  it('waits what Retry-After asks on 429, then succeeds', async () => {
    model.script(rateLimited(1), openAiJson(INVOICE_DATA));
    const key = await t.keyFor();
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(model.received.length, 2);
    assert.deepEqual(t.delays, [1000]);
  });

  it('retries a 500 with backoff, and gives up after three tries with 503, nothing charged', async () => {
    model.script(serverError(), openAiJson(INVOICE_DATA));
    const key = await t.keyFor({ email: 'retry@example.com', credits: 10 });
    const ok = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(model.received.length, 2);
    assert.equal(t.delays.length, 1);

    model.script(serverError(502));
    const before = (await t.store.getAccountByEmail('retry@example.com'))!.credits;
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.json().code, 'llm_unavailable');
    assert.equal(res.json().details.retryable, true);
    assert.equal(res.headers['retry-after'], '5');
    assert.equal(model.received.length, 3);
    assert.equal((await t.store.getAccountByEmail('retry@example.com'))!.credits, before);
  });

  it('answers 503 llm_unavailable when the model is too slow, nothing charged', async () => {
    model.script(hang);
    const key = await t.keyFor({ email: 'slow@example.com', credits: 10 });
    const before = (await t.store.getAccountByEmail('slow@example.com'))!.credits;
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
    assert.equal(res.statusCode, 503, res.body);
    const body = res.json();
    assert.equal(body.code, 'llm_unavailable');
    assert.equal(body.details.reason, 'the language model did not answer in time');
    assert.equal(typeof body.details.request_id, 'string');
    assert.equal((await t.store.getAccountByEmail('slow@example.com'))!.credits, before);
    assert.equal(res.headers['x-pages-billed'], undefined);
  });

  it('answers 503 for a refusal at once, and for a malformed body or an answer with no JSON after two re-asks', async () => {
    const key = await t.keyFor();
    for (const [reply, calls] of [
      [openAiRefusal(), 1],
      [malformedBody, 3],
      [malformedContent, 3],
    ] as const) {
      model.script(reply);
      const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=llm');
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().code, 'llm_unavailable');
      assert.equal(model.received.length, calls);
    }
  });

  it('keeps the document out of logs, files and rows, and never logs the model key', async () => {
    const canary = 'CANARY71d3e0';
    model.script(openAiJson({ ...INVOICE_DATA, purchase_order: `${canary}-PO` }));
    const key = await t.keyFor({ credits: 10 });
    const document = `${INVOICE_TEXT}Purchase order: ${canary}-PO\n`;
    const res = await t.generate(key, upload(document, INVOICE_YAML), '?engine=llm&evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.purchase_order, `${canary}-PO`);
    // The configured endpoint is where the document is meant to go.
    assert.ok(JSON.stringify(model.received[0]!.body).includes(canary));
    assert.equal(model.received[0]!.headers.authorization, `Bearer ${MODEL_KEY}`);

    const modelLine = t.logs.lines.find((l) => l.includes('"msg":"model call"'));
    assert.ok(modelLine, 'the model call is logged');
    const entry = JSON.parse(modelLine!);
    assert.equal(entry.engine, 'llm');
    assert.equal(entry.model, 'test-model');
    assert.equal(entry.inputTokens, 812);
    assert.equal(entry.outputTokens, 64);
    assert.equal(typeof entry.durationMs, 'number');
    assert.ok(!t.logs.text.includes(canary), 'no log line holds the canary');
    assert.ok(!t.logs.text.includes(MODEL_KEY), 'no log line holds the model key');
    assert.ok(!t.logs.text.includes('INV-2024-0042'), 'no log line holds a value');
    for (const file of filesUnder(t.dataDir)) {
      assert.ok(!readFileSync(file).includes(canary), `${file} holds the canary`);
      assert.ok(!readFileSync(file).includes(MODEL_KEY), `${file} holds the model key`);
    }
  });
});

describe('engine selection', () => {
  it('refuses llm and hybrid with 400 engine_not_configured when no model is configured', async () => {
    const t = await createTestApp();
    try {
      const key = await t.keyFor();
      for (const engine of ['llm', 'hybrid']) {
        const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), `?engine=${engine}`);
        assert.equal(res.statusCode, 400, res.body);
        const body = res.json();
        assert.equal(body.code, 'engine_not_configured');
        assert.match(body.message, /no language model configured/);
        assert.equal(body.details.engine, engine);
      }
      const local = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=local');
      assert.equal(local.statusCode, 200, local.body);
      const bad = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?engine=gpt');
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().code, 'malformed_request');
    } finally {
      await t.close();
    }
  });

  it('documents engine= in OpenAPI', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      const parameters = res.json().paths['/api/v1/generate'].post.parameters as {
        name: string;
        schema: { enum: string[] };
      }[];
      assert.deepEqual(parameters.find((p) => p.name === 'engine')?.schema.enum, ['local', 'llm', 'hybrid']);
    } finally {
      await t.close();
    }
  });
});
