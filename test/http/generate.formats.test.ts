import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INVOICE_EXPECTED, INVOICE_FORM_YAML, INVOICE_FORMS } from '../helpers/invoice-forms.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/v1/generate: the same invoice in all seven forms', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp();
    key = await t.keyFor({ credits: 1000 });
  });
  after(() => t.close());

  for (const [form, filename, make] of INVOICE_FORMS) {
    it(`gives the same values from ${form}`, async () => {
      const res = await t.generate(key, upload(await make(), INVOICE_FORM_YAML, filename), '?evidence=true');
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(body.data, INVOICE_EXPECTED);
      assert.equal(res.headers['x-pages-billed'], '1');
      assert.equal(body.evidence.total.page, 1);
      assert.ok(body.evidence.total.text.includes('1,250.40'), body.evidence.total.text);
    });
  }

  it('decides the format by the bytes, not the name', async () => {
    const [, , makePdf] = INVOICE_FORMS[1]!;
    const res = await t.generate(key, upload(await makePdf(), INVOICE_FORM_YAML, 'invoice.txt'));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, INVOICE_EXPECTED);
  });
});
