import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import { expectedItems, ORDER_ITEMS, ORDER_YAML, orderPdf } from '../helpers/purchase-order-forms.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('POST /api/v1/generate: line items with their completeness', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await createTestApp();
    key = await t.keyFor({ credits: 100 });
  });
  after(() => t.close());

  it('returns each row with its evidence, and on every row what the table adds up to', async () => {
    const res = await t.generate(key, upload(await orderPdf(), ORDER_YAML, 'order.pdf'), '?evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(body.data.items, expectedItems());
    assert.equal(body.evidence.items.length, ORDER_ITEMS.length);
    const [first] = body.evidence.items;
    assert.equal(first.page, 1);
    assert.equal(first.text, 'Steel bracket, galvanised | 40 | 12.50 | 500.00');
    assert.equal(first.bbox.length, 4);
    assert.deepEqual(first.table, {
      rows_seen: 5,
      rows_returned: 5,
      pages: [1],
      sum_of_amounts: 3439.2,
      stated_total: 3439.2,
      stated_as: 'Subtotal',
      complete: true,
    });
  });

  it('says on every row why the array may be incomplete', async () => {
    const items = ORDER_ITEMS.slice(1);
    const file = await orderPdf({ items, statedSubtotal: 3439.2 });
    const res = await t.generate(key, upload(file, ORDER_YAML, 'order.pdf'), '?evidence=true');
    assert.equal(res.statusCode, 200, res.body);
    const { evidence } = res.json();
    for (const row of evidence.items) {
      assert.equal(row.table.complete, false);
      assert.equal(
        row.note,
        'the line amounts add up to 2939.20 but the subtotal says 3439.20: a row may be missing or misread',
      );
    }
  });
});
