import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from '../../src/documents/model.ts';
import { textLine } from '../../src/documents/text-lines.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';
import { LEARNED_GAP } from '../helpers/learned-gaps.ts';

/** A receipt as OCR gives it back: misread words, split and lost decimal points. */
function ocrReceipt(lines: string[]): Document {
  return {
    pages: [
      {
        number: 1,
        width: 0,
        height: 0,
        source: 'ocr',
        tables: [],
        lines: lines.map((l, i) => textLine(l, i)),
      },
    ],
    meta: { format: 'jpeg', bytes: 1, billedPages: 1, characters: 1 },
  };
}

const fields = parseFieldConfig(
  'schemas:\n  data:\n    type: object\n    properties:\n      total: { type: double, description: Total amount paid }\n',
).fields;

describe('local engine on OCR text', () => {
  it('reads an amount whose decimal point OCR followed with a space, and ignores a misread "QTY"', async () => {
    const doc = ocrReceipt([
      'KEDAI MAJU',
      'Item A 2.50',
      'Item B 5.30',
      'Total QIY: 8',
      'TOTAL: 7. 80',
      'CASH 10.00',
      'CHANGE 2.20',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 7.8);
  });

  it('does not take the one item under an "Amount" column head for the total', async () => {
    const doc = ocrReceipt([
      'SLF CASH & CARRY',
      'ITEM     QTY     U/P     AMOUNT',
      '5194020100124     4     11.32     45.28',
      'TOTAL QUANTITY 4',
      'TOTAL ag .00',
      'CASH 48.00',
      'CHANGE 0.00',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 48);
  });

  it('reads an amount whose decimal point OCR put after a space', async () => {
    const doc = ocrReceipt(['KEDAI MAJU', 'Item A 2.50', 'Item B 5.30', 'TOTAL 47 .80', 'CASH 50 .00']);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 47.8);
  });

  it('reads a bare integer as cents where every other amount has cents, and agrees with cash − change', async () => {
    const doc = ocrReceipt([
      'SHOP',
      'Item A 12.50',
      'Item B 70.00',
      'Subtotal 82.50',
      'Total: 8250',
      'CASH : 100.00',
      'Change : 17.50',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 82.5);
  });

  it('takes the last amount of a summary row whose last is the sum of two before it', async () => {
    const doc = ocrReceipt([
      'SHOP',
      'CANON INK 1 27.36 29.00',
      'Total Inclusive GST:',
      'GST Summary',
      'Code % Net GST Total',
      'Total 27.36 1.64 29.00',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 29);
  });

  it('passes over totals whose label goes on to name what they count', async () => {
    const doc = ocrReceipt([
      'BAKERY',
      'Bread 26.61',
      'Returned -3.05',
      'Total 0% supplies: 26.61',
      'Total 6% supplies: -3.05',
      'Total Payable: 23.56',
      'TOTAL STAMP(S) 4',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 23.56);
  });

  it('reads a label OCR damaged by one letter', async () => {
    const doc = ocrReceipt([
      'SHOP',
      'Item 100.60',
      'Pounding Adjustment -0.02',
      '[otal After Rounding 100. 60',
    ]);
    const { data, evidence } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 100.6);
    assert.equal((evidence.total as { source: string }).source, 'label');
  });

  it('does not read a column header as the label of the row under it', async () => {
    const doc = ocrReceipt([
      'CAFE',
      'Item Qty U.Price Disc Amount',
      '711 WM TUNA',
      '1 5.00 0.00 5.00',
      'Total Due (GST Ine): 31.00',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 31);
  });

  it('names the shop from its heading: a leading number kept, a misread legal form mended, a greeting passed over', async () => {
    const company = parseFieldConfig(
      'schemas:\n  data:\n    type: object\n    properties:\n      company: { type: string, description: Name of the shop that issued the receipt }\n',
    ).fields;
    const read = async (lines: string[]) =>
      (await new LocalEngine().extract(ocrReceipt(lines), company)).data.company;
    assert.equal(
      await read(['99 BEST MART 5/8 (519537-X)', 'LOT 5, JALAN 3', 'Total 5.00']),
      '99 BEST MART S/B',
    );
    assert.equal(await read(['SUN RISE SON BHD', 'NO 1, JALAN 2', 'Total 5.00']), 'SUN RISE SDN BHD');
    assert.equal(
      await read(['THANK YOU AND DO VISIT US AGAIN', 'FIVE STAR CASH & CARRY', 'Total 5.00']),
      'FIVE STAR CASH & CARRY',
    );
    assert.equal(
      await read(['HASHA PETROKIOSK', 'Company No: JHG632980-Y', 'Total 5.00']),
      'HASHA PETROKIOSK',
    );
  });

  it('does not let lines OCR could hardly read push the name down the page', async () => {
    const company = parseFieldConfig(
      'schemas:\n  data:\n    type: object\n    properties:\n      company: { type: string, description: Name of the shop that issued the receipt }\n',
    ).fields;
    const noise = Array.from({ length: 8 }, (_, i) => ({
      ...textLine(`eR ${i} we`, i),
      words: [
        { text: 'eR', confidence: 0.1 },
        { text: 'we', confidence: 0.2 },
      ],
    }));
    const doc = ocrReceipt([]);
    doc.pages[0]!.lines = [
      ...noise,
      textLine('Anzel Advertising (M) Sdn bhd (758705-H)', 8),
      textLine('Total 5.00', 9),
    ];
    const { data } = await new LocalEngine().extract(doc, company);
    assert.equal(data.company, 'Anzel Advertising (M) Sdn Bhd');
  });

  it('adds a rounding adjustment to the total before it when that lands on 5 cents', async () => {
    const doc = ocrReceipt([
      'PHARMACY',
      'SHAMPOO 41.43',
      'SUBTOTAL (QTY 4) RM41.43',
      'ROUNDING RH0.02',
      'CASH RMB1,50',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 41.45);
  });

  it('reads an amount after a currency that follows a colon, or glued to misread letters', async () => {
    assert.equal(
      (await new LocalEngine().extract(ocrReceipt(['SHOP', 'Total Incl. GST:RM 20.05']), fields)).data.total,
      20.05,
    );
    assert.equal(
      (await new LocalEngine().extract(ocrReceipt(['SHOP', 'Item 3.00', 'TOTAL Ri14.00']), fields)).data
        .total,
      14,
    );
  });

  it('trusts cash minus change over a stated total one misread digit away', {
    todo: LEARNED_GAP,
  }, async () => {
    const doc = ocrReceipt([
      'CAFE',
      'Latte 31.00',
      'Sul: total 31.40',
      'CASH 50.00',
      'Item Count 2 Change Amt 19.00',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 31);
  });

  it('rounds a total by an adjustment whose decimal point OCR lost', async () => {
    const doc = ocrReceipt([
      'MART',
      'Rice 120.00',
      'Oil 41.98',
      'Sugar 20.00',
      'Total Sales (Inclusive GST) RM 181.98',
      'Rounding Adjustment RM 02',
      'CREDIT RN 182.00',
      'CHANGE RM 0.00',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 182);
  });

  it('falls back on the subtotal when no total can be read', async () => {
    const doc = ocrReceipt([
      'HARDWARE',
      'Tape 14.00',
      'SUB-TOTAL (GST) 14.00',
      'TOTAL G10 SDE',
      'CASH CAAIO0',
    ]);
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 14);
  });

  it('leaves text that was not OCR alone', async () => {
    const doc = ocrReceipt(['Total: 8250']);
    doc.pages[0]!.source = 'text';
    const { data } = await new LocalEngine().extract(doc, fields);
    assert.equal(data.total, 8250);
  });
});

describe('a lower-case line under a shop name on a scanned receipt', () => {
  it('leaves a lower-case line without a legal form alone', async () => {
    const doc = ocrReceipt(['KEDAI MAJU', 'terima kasih datang lagi', 'Total 4.00']);
    const config = parseFieldConfig(
      'schemas:\n  data:\n    type: object\n    properties:\n      company: { type: string, description: Name of the shop }\n',
    );
    const { data } = await new LocalEngine().extract(doc, config.fields);
    assert.equal(data.company, 'KEDAI MAJU');
  });
});

describe("a receipt's date beside other dates", () => {
  const receipt = (second: string) =>
    ocrReceipt([
      'KEDAI MAJU SDN BHD',
      'NO 1 JALAN BESAR 43000 KAJANG',
      '06/03/2018 12:01 PM',
      'ITEM A 2.50',
      'TOTAL 2.50',
      second,
    ]);
  const wordings: [string, string][] = [
    ['date', 'Date of the purchase printed on the receipt'],
    ['receipt_date', 'When the receipt was issued'],
    ['tarikh', 'Tarikh resit'],
  ];

  for (const [name, description] of wordings) {
    it(`is the one stamped with a time of day (${name})`, async () => {
      const config = parseFieldConfig(
        `schemas:\n  data:\n    type: object\n    properties:\n      ${name}: { type: date, description: "${description}" }\n`,
      );
      for (const second of ['Points expire 06/03/2019', 'Member since 01/01/2015']) {
        const { data } = await new LocalEngine().extract(receipt(second), config.fields);
        assert.equal(data[name], '2018-03-06', second);
      }
    });
  }

  it('is null when two dates carry a time of day and nothing tells them apart', async () => {
    const config = parseFieldConfig(
      'schemas:\n  data:\n    type: object\n    properties:\n      date: { type: date, description: Date of the purchase }\n',
    );
    const { data } = await new LocalEngine().extract(receipt('07/03/2018 09:00'), config.fields);
    assert.equal(data.date, null);
  });
});
