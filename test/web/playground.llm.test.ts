import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeModelServer, openAiJson } from '../helpers/fake-model-server.ts';
import { createLlmTestApp, type LlmTestApp } from '../helpers/llm-test-app.ts';
import { INVOICE_DATA, INVOICE_TEXT, INVOICE_YAML } from '../helpers/test-app.ts';
import { csrfIn, WebClient } from '../helpers/web-client.ts';

async function extract(c: WebClient, engine: string) {
  const csrf = csrfIn((await c.get('/playground')).body);
  return c.postMultipart('/playground', [
    { name: 'csrf', content: csrf },
    { name: 'document', content: INVOICE_TEXT, filename: 'invoice.txt', contentType: 'text/plain' },
    { name: 'yaml', content: INVOICE_YAML },
    { name: 'engine', content: engine },
  ]);
}

describe('website: Playground with a model configured', () => {
  let model: FakeModelServer;
  let t: LlmTestApp;
  before(async () => {
    model = await FakeModelServer.start();
    t = await createLlmTestApp({ baseUrl: model.baseUrl });
  });
  after(async () => {
    await t.close();
    await model.close();
  });

  it('offers local, llm and hybrid (the default selected)', async () => {
    const c = new WebClient(t.app);
    await c.signup('pg-model-form@example.com');
    const page = await c.get('/playground');
    const options = [...page.body.matchAll(/<option value="([a-z]+)"( selected)?>/g)].map(
      (m) => m[1] + (m[2] ?? ''),
    );
    assert.deepEqual(options, ['local selected', 'llm', 'hybrid']);
  });

  it('extracts with the engine chosen, as engine=llm would; the call row and Usage show the tokens', async () => {
    model.script(openAiJson(INVOICE_DATA));
    const c = new WebClient(t.app);
    await c.signup('pg-model@example.com');
    const res = await extract(c, 'llm');
    assert.equal(res.statusCode, 200);
    assert.equal(model.received.length, 1, 'the model was asked');
    assert.match(res.body, /<option value="llm" selected>/, 'the choice is kept');
    assert.match(res.body, /1 page billed; 49 left/);

    assert.equal((await extract(c, 'local')).statusCode, 200);
    assert.equal(model.received.length, 1, 'local asks no model');

    const account = (await t.store.getAccountByEmail('pg-model@example.com'))!;
    const calls = await t.store.listCalls(account.id, '2000-01-01');
    assert.deepEqual(calls.map((call) => [call.inputTokens, call.outputTokens]).sort(), [
      [null, null],
      [812, 64],
    ]);
    const usage = await c.get('/usage');
    assert.match(usage.body, /<td data-label="Tokens" class="num">812 in \/ 64 out<\/td>/);
  });
});
