import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import {
  createTestApp,
  INVOICE_DATA,
  INVOICE_TEXT,
  INVOICE_YAML,
  type TestApp,
} from '../helpers/test-app.ts';

describe('POST /api/v1/generate: happy paths', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('returns the configured fields, typed and in order, for a text invoice', async () => {
    const key = await t.keyFor({ credits: 10 });
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.status, 'success');
    assert.equal(typeof body.execution_time, 'number');
    assert.ok(body.execution_time >= 0 && body.execution_time < 60);
    assert.deepEqual(body.data, INVOICE_DATA);
    assert.deepEqual(Object.keys(body.data), [
      'invoice_number',
      'invoice_date',
      'total',
      'vat_rate',
      'paid',
      'purchase_order',
    ]);
    assert.equal(body.evidence, undefined);
    assert.equal(res.headers['x-pages-billed'], '1');
    assert.equal(res.headers['x-credits-remaining'], '9');
    assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.match(String(res.headers['content-type']), /^application\/json/);
  });

  it('adds evidence per field with ?evidence=true', async () => {
    const key = await t.keyFor();
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML), '?evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    const { evidence } = res.json();
    assert.equal(evidence.total.page, 1);
    assert.equal(evidence.total.text, 'Total: $1,481.47');
    assert.equal(typeof evidence.total.paragraph, 'number');
    assert.ok(evidence.total.confidence > 0 && evidence.total.confidence <= 1);
    assert.deepEqual(evidence.purchase_order, {
      confidence: 0,
      page: null,
      text: null,
      note: 'not found in the document',
    });
  });

  it('charges billed pages: one per 3,000 characters of text started', async () => {
    const key = await t.keyFor({ credits: 10 });
    const long = `${INVOICE_TEXT}\n${'lorem ipsum dolor sit amet '.repeat(300)}`;
    assert.ok(long.length > 6000 && long.length <= 9000);
    const res = await t.generate(key, upload(long, INVOICE_YAML));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['x-pages-billed'], '3');
    assert.equal(res.headers['x-credits-remaining'], '7');
  });

  it('reads UTF-16 and Latin-1 text, and CSV as a table', async () => {
    const key = await t.keyFor();
    const yaml =
      'schemas:\n  data:\n    type: object\n    properties:\n      total: { type: double, description: Total }\n      customer: { type: string }\n';
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Customer: Zoë Müller\nTotal: 12,50 €\n', 'utf16le'),
    ]);
    const latin1 = Buffer.from('Customer: Zoë Müller\nTotal: 12,50 €\n'.replace('€', 'EUR'), 'latin1');
    for (const file of [utf16, latin1]) {
      const res = await t.generate(key, upload(file, yaml));
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data, { total: 12.5, customer: 'Zoë Müller' });
    }
    const csv = 'Customer,Total\nZoë Müller,12.50\n';
    const res = await t.generate(key, upload(csv, yaml, 'export.csv'));
    assert.equal(res.statusCode, 200, res.body);
    // Each value read from the cell under its column's head.
    assert.deepEqual(res.json().data, { total: 12.5, customer: 'Zoë Müller' });
    assert.equal(res.headers['x-pages-billed'], '1');
  });

  it('fills line items from a table whose header names the item properties', async () => {
    const key = await t.keyFor();
    const yaml = `schemas:
  data:
    type: object
    properties:
      items:
        type: array
        items:
          type: object
          properties:
            description: { type: string }
            quantity: { type: integer }
            unit_price: { type: double }
`;
    const md =
      '| Description | Qty | Unit price |\n|---|---|---|\n| Widget | 2 | 10.00 |\n| Gasket | 5 | 1,25 |\n';
    const res = await t.generate(key, upload(md, yaml, 'order.md'));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data.items, [
      { description: 'Widget', quantity: 2, unit_price: 10 },
      { description: 'Gasket', quantity: 5, unit_price: 1.25 },
    ]);
  });
});
