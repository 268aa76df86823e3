import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashApiKey } from '../../src/accounts/api-key.ts';
import { FakeModelServer, openAiJson, serverError } from '../helpers/fake-model-server.ts';
import { createLlmTestApp, type LlmTestApp } from '../helpers/llm-test-app.ts';
import { upload } from '../helpers/multipart.ts';
import { INVOICE_TEXT, INVOICE_YAML } from '../helpers/test-app.ts';

const DOCUMENT = `${INVOICE_TEXT}Our reference QX-88-ALPHA\n`;
const YAML = `${INVOICE_YAML}      supplier_code:\n        type: string\n        description: The supplier's own reference code\n`;

describe('POST /api/v1/generate?engine=hybrid', () => {
  let model: FakeModelServer;
  let t: LlmTestApp;
  let key: string;
  let local: { data: Record<string, unknown>; evidence: Record<string, { confidence: number }> };
  before(async () => {
    model = await FakeModelServer.start();
    t = await createLlmTestApp({ baseUrl: model.baseUrl, hybridThreshold: 0.4 });
    key = await t.keyFor({ credits: 50 });
    const res = await t.generate(key, upload(DOCUMENT, YAML), '?engine=local&evidence=true');
    local = res.json();
  });
  after(async () => {
    await t.close();
    await model.close();
  });

  it('asks the model only for the fields the local engine found below the threshold', async () => {
    const weak = Object.keys(local.evidence).filter((f) => local.evidence[f]!.confidence < 0.4);
    assert.ok(weak.includes('supplier_code') && weak.includes('purchase_order'), JSON.stringify(local));
    assert.ok(!weak.includes('total') && !weak.includes('invoice_number'));
    model.script((request) => {
      const format = request.body.response_format as { json_schema: { schema: { required: string[] } } };
      const asked = format.json_schema.schema.required;
      return openAiJson(
        Object.fromEntries(asked.map((f) => [f, f === 'supplier_code' ? 'QX-88-ALPHA' : null])),
      );
    });
    const res = await t.generate(key, upload(DOCUMENT, YAML), '?engine=hybrid&evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(model.received.length, 1);
    const format = model.received[0]!.body.response_format as {
      json_schema: { schema: { properties: Record<string, unknown> } };
    };
    assert.deepEqual(Object.keys(format.json_schema.schema.properties), weak);

    const { data, evidence } = res.json();
    assert.equal(data.supplier_code, 'QX-88-ALPHA');
    assert.equal(evidence.supplier_code.engine, 'llm');
    assert.equal(evidence.supplier_code.text, 'Our reference QX-88-ALPHA');
    assert.equal(data.total, local.data.total);
    assert.equal(evidence.total.engine, 'local');
    assert.equal(evidence.invoice_number.engine, 'local');
    const account = (await t.store.findByKeyHash(hashApiKey(key)))!.account;
    const [call] = await t.store.listCalls(account.id, '2000-01-01');
    assert.deepEqual([call?.inputTokens, call?.outputTokens], [812, 64], 'the model’s tokens are recorded');
  });

  it('gives the local candidates to the model as hints', async () => {
    const hinted = Object.keys(local.evidence).filter(
      (f) => local.evidence[f]!.confidence < 0.4 && local.data[f] !== null,
    );
    model.script(openAiJson({}));
    await t.generate(key, upload(DOCUMENT, YAML), '?engine=hybrid');
    const user = (model.received[0]!.body.messages as { content: string }[])[1]!.content;
    for (const f of hinted) assert.ok(user.includes(`- ${f}: `), `${f} hinted`);
  });

  it('answers with the local result (200, charged) when the model fails, and says so', async () => {
    model.script(serverError(503));
    const res = await t.generate(key, upload(DOCUMENT, YAML), '?engine=hybrid&evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, local.data);
    assert.equal(model.received.length, 3);
    assert.equal(res.headers['x-llm-fallback'], 'llm_unavailable');
    assert.equal(res.headers['x-pages-billed'], '1');
    const { evidence } = res.json();
    assert.match(evidence.supplier_code.note, /the language model did not answer \(llm_unavailable\)/);
    assert.equal(evidence.total.note, undefined, 'a field not asked is not noted');
    assert.ok(t.logs.lines.some((l) => l.includes('model failed; local answers kept')));
    const account = (await t.store.findByKeyHash(hashApiKey(key)))!.account;
    const [call] = await t.store.listCalls(account.id, '2000-01-01');
    assert.deepEqual(
      [call?.inputTokens, call?.outputTokens],
      [0, 0],
      'hybrid, nothing counted by the provider',
    );
  });

  it('says a refused key in the fallback header', async () => {
    model.script({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    const res = await t.generate(key, upload(DOCUMENT, YAML), '?engine=hybrid');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['x-llm-fallback'], 'llm_auth_failed');
    assert.equal(model.received.length, 1);
  });

  it('keeps a value the model took from elsewhere in the document below the grounded confidence', async () => {
    // The supplier's name is printed, but not where a purchase order reference stands.
    model.script(openAiJson({ supplier_code: null, purchase_order: 'ACME Supplies Ltd' }));
    const res = await t.generate(key, upload(DOCUMENT, YAML), '?engine=hybrid&evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    const { data, evidence } = res.json();
    assert.equal(res.headers['x-llm-model'], 'test-model');
    // The local engine had no answer: the model's is kept, but stated at most 0.4, with why.
    assert.equal(data.purchase_order, 'ACME Supplies Ltd');
    assert.equal(evidence.purchase_order.confidence, 0.4);
    assert.match(evidence.purchase_order.note, /not where such a field's value stands/);
    assert.equal(evidence.purchase_order.text, 'ACME Supplies Ltd');
  });
});
