import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { docxReader } from '../../src/documents/docx/docx-reader.ts';
import { jpegReader, pngReader } from '../../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { createDocumentReading } from '../../src/documents/read-document.ts';
import { textReader } from '../../src/documents/text/text-reader.ts';
import { xlsxReader } from '../../src/documents/xlsx/xlsx-reader.ts';
import type { RowEvidence } from '../../src/engines/local/line-items.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';
import {
  expectedItems,
  LONG_ORDER_ITEMS,
  ORDER_FORMS,
  ORDER_ITEMS,
  ORDER_YAML,
  type OrderOptions,
  orderPng,
} from '../helpers/purchase-order-forms.ts';

const readDocument = createDocumentReading({
  pdf: pdfReader,
  jpeg: jpegReader,
  png: pngReader,
  docx: docxReader,
  xlsx: xlsxReader,
  text: textReader,
});
// One OCR worker for every scan of this file: starting Tesseract is the slow part.
const ocr = createTesseractPool({ size: 1 });
after(() => ocr.close());
const engine = new LocalEngine();
const fields = parseFieldConfig(ORDER_YAML).fields;

async function extract(bytes: Uint8Array, fileName: string) {
  const document = await readDocument(bytes, { limits: DEFAULT_READ_LIMITS, fileName, ocr });
  const { data, evidence } = await engine.extract(document, fields);
  return { items: data.items, rows: evidence.items as RowEvidence[] };
}

/** Each row points at where it is: boxes down the page for a PDF or a scan, its cell in a sheet. */
function assertLocated(form: string, rows: RowEvidence[]): void {
  if (form === 'xlsx') {
    const refs = ['B6', 'B7', 'B8', 'B9', 'B10'].map((ref) => `'Purchase order'!${ref}`);
    assert.deepEqual(
      rows.map((row) => row.cell),
      refs,
    );
    return;
  }
  if (!['pdf', 'scanned pdf', 'png', 'jpeg'].includes(form)) return;
  const tops = rows.map((row) => row.bbox![1]);
  assert.deepEqual(
    tops,
    [...tops].sort((a, b) => a - b),
  );
  // The wrapped description's box holds both of its lines.
  const height = (row: RowEvidence) => row.bbox![3] - row.bbox![1];
  assert.ok(height(rows[3]!) > 1.5 * height(rows[0]!));
}

const form = (name: string) => ORDER_FORMS.find(([f]) => f === name)!;
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });

describe('line items: one purchase order in every form', () => {
  for (const [name, fileName, make] of ORDER_FORMS) {
    it(`reads the same five items from ${name}, totals rows left out, and finds them complete`, async () => {
      const { items, rows } = await extract(await make(), fileName);
      assert.deepEqual(items, expectedItems());
      assert.ok((items as { description: string }[]).every((item) => !/total|tax/i.test(item.description)));
      assert.equal(rows.length, 5);
      for (const [i, row] of rows.entries()) {
        const item = ORDER_ITEMS[i]!;
        assert.equal(row.page, 1);
        // The row's evidence quotes it as printed: its description and its amount.
        const text = row.text ?? '';
        assert.ok(text.includes(item.description[0]!), text);
        assert.ok(text.replaceAll(',', '').includes(money(item.amount).replaceAll(',', '')), text);
        assert.deepEqual(row.table, {
          rows_seen: 5,
          rows_returned: 5,
          pages: [1],
          sum_of_amounts: 3439.2,
          stated_total: 3439.2,
          stated_as: 'Subtotal',
          complete: true,
        });
        assert.equal(row.note, undefined);
      }
      assertLocated(name, rows);
    });
  }
});

describe('line items: a table continued on the next page', () => {
  const twoPages: OrderOptions = { items: LONG_ORDER_ITEMS, firstPageItems: 5 };
  for (const repeatHeader of [true, false]) {
    for (const name of ['text', 'pdf', 'scanned pdf', 'docx', 'docx with tab stops']) {
      it(`joins both pages of ${name} ${repeatHeader ? 'under a repeated header' : 'whose columns line up'}`, async () => {
        const [, fileName, make] = form(name);
        const { items, rows } = await extract(await make({ ...twoPages, repeatHeader }), fileName);
        assert.deepEqual(items, expectedItems(LONG_ORDER_ITEMS));
        assert.deepEqual(
          rows.map((row) => row.page),
          [1, 1, 1, 1, 1, 2, 2, 2],
        );
        assert.deepEqual(rows[0]!.table, {
          rows_seen: 8,
          rows_returned: 8,
          pages: [1, 2],
          sum_of_amounts: 5000.7,
          stated_total: 5000.7,
          stated_as: 'Subtotal',
          complete: true,
        });
      });
    }
  }

  it('says a scan of the first page alone is not complete: no total is printed on it', async () => {
    const { items, rows } = await extract(orderPng({ ...twoPages, repeatHeader: true }), 'page1.png');
    assert.deepEqual(items, expectedItems());
    assert.equal(rows[0]!.table.complete, false);
    assert.equal(rows[0]!.table.stated_total, null);
    assert.equal(rows[0]!.note, 'no subtotal or total is stated with the table');
  });
});

describe('line items: completeness', () => {
  const linesConfig = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      lines:
        type: array
        items:
          type: object
          properties:
            item: { type: string }
            amount: { type: double }
`);
  const readText = (text: string) => textReader.read(Buffer.from(text), { limits: DEFAULT_READ_LIMITS });

  const withoutGloves = ORDER_ITEMS.filter((item) => item.description[0] !== 'Safety gloves (pair)');
  for (const name of ['text', 'pdf', 'png', 'docx', 'xlsx']) {
    it(`finds ${name} incomplete when the lines do not add up to the stated subtotal`, async () => {
      const [, fileName, make] = form(name);
      const { items, rows } = await extract(
        await make({ items: withoutGloves, statedSubtotal: 3439.2 }),
        fileName,
      );
      assert.deepEqual(items, expectedItems(withoutGloves));
      for (const row of rows) {
        assert.equal(row.table.complete, false);
        assert.equal(row.table.sum_of_amounts, 2989.2);
        assert.equal(row.table.stated_total, 3439.2);
        assert.equal(
          row.note,
          'the line amounts add up to 2989.20 but the subtotal says 3439.20: a row may be missing or misread',
        );
      }
    });
  }

  it('finds the total printed under the table, outside its columns', async () => {
    const text = [
      'Item                 Qty      Amount',
      'Printer paper          4       23.60',
      'Toner cartridge        1       89.90',
      '',
      'Total due: 113.50 EUR',
    ].join('\n');
    const { data, evidence } = await engine.extract(await readText(text), linesConfig.fields);
    assert.deepEqual(data.lines, [
      { item: 'Printer paper', amount: 23.6 },
      { item: 'Toner cartridge', amount: 89.9 },
    ]);
    const [row] = evidence.lines as RowEvidence[];
    assert.equal(row!.table.complete, true);
    assert.equal(row!.table.stated_as, 'Total due');
  });

  it('reads on past a sum carried to the next page, which is no item', async () => {
    const text = [
      'Item                 Qty      Amount',
      'Printer paper          4       23.60',
      'Carried forward                23.60',
      '\fItem                 Qty      Amount',
      'Brought forward                23.60',
      'Toner cartridge        1       89.90',
      'Subtotal                      113.50',
      'Total                         136.20',
    ].join('\n');
    const { data, evidence } = await engine.extract(await readText(text), linesConfig.fields);
    assert.deepEqual(data.lines, [
      { item: 'Printer paper', amount: 23.6 },
      { item: 'Toner cartridge', amount: 89.9 },
    ]);
    const [row] = evidence.lines as RowEvidence[];
    assert.deepEqual(row!.table.pages, [1, 2]);
    assert.equal(row!.table.complete, true);
  });

  it('checks the lines against the total when no subtotal is printed', async () => {
    const text = [
      'Item                 Qty      Amount',
      'Printer paper          4       23.60',
      'Toner cartridge        1       89.90',
      'Total                         113.50',
    ].join('\n');
    const { data, evidence } = await engine.extract(await readText(text), linesConfig.fields);
    assert.deepEqual(data.lines, [
      { item: 'Printer paper', amount: 23.6 },
      { item: 'Toner cartridge', amount: 89.9 },
    ]);
    const [row] = evidence.lines as RowEvidence[];
    assert.equal(row!.table.complete, true);
    assert.equal(row!.table.stated_as, 'Total');
  });
});

describe('line items: a purchase order laid out as printed', () => {
  const readText = (text: string) => textReader.read(Buffer.from(text), { limits: DEFAULT_READ_LIMITS });
  const order = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      items:
        type: array
        items:
          type: object
          properties:
            sku: { type: string, description: Item or part number of the product }
            description: { type: string }
            quantity: { type: double }
            unit_price: { type: double }
            line_total: { type: double }
`).fields;
  const text = [
    '  Line  Part No.      Description                            Qty  UOM  Unit Price  Extended',
    '  ------------------------------------------------------------------------------------------',
    '     1  6205-2RS-C3   Deep groove ball bearing, sealed,       40  EA         8.75    350.00',
    '                      25 x 52 x 15 mm',
    '     2  3V560         Narrow V-belt 3V560                     24  EA        11.95    286.80',
    '     3  UCP206-18     Pillow block bearing unit,              12  EA        34.60    415.20',
    '                      cast iron housing',
    '  ------------------------------------------------------------------------------------------',
    '                                                                  Basic Value     1,052.00',
    '                                                                  Freight            85.00',
    '                                                                  TOTAL (USD)     1,137.00',
  ].join('\n');

  it('names columns by the table’s own words (Part No., Extended), keeps the wrap above a rule and leaves the freight out', async () => {
    const { data, evidence } = await engine.extract(await readText(text), order);
    assert.deepEqual(data.items, [
      {
        sku: '6205-2RS-C3',
        description: 'Deep groove ball bearing, sealed, 25 x 52 x 15 mm',
        quantity: 40,
        unit_price: 8.75,
        line_total: 350,
      },
      {
        sku: '3V560',
        description: 'Narrow V-belt 3V560',
        quantity: 24,
        unit_price: 11.95,
        line_total: 286.8,
      },
      {
        sku: 'UCP206-18',
        description: 'Pillow block bearing unit, cast iron housing',
        quantity: 12,
        unit_price: 34.6,
        line_total: 415.2,
      },
    ]);
    const [row] = evidence.items as RowEvidence[];
    assert.equal(row!.table.complete, true);
    assert.equal(row!.table.stated_as, 'Basic Value');
  });

  it('reads "Item#" as the item number', async () => {
    const glued = text.replace('Part No. ', 'Item#    ');
    const { data } = await engine.extract(await readText(glued), order);
    assert.deepEqual(
      (data.items as { sku: string }[]).map((item) => item.sku),
      ['6205-2RS-C3', '3V560', 'UCP206-18'],
    );
  });
});

describe('line items: heads set apart from their figures', () => {
  it('gives a head over an empty column the figures beside it ("QTY" left, "6 Stk" under "ME")', async () => {
    const { makePdf } = await import('../documents/pdf-fixtures.ts');
    const rows = [
      ['Rapsöl raffiniert, 10-l-Kanister', '6 Stk', '21,90', '131,40'],
      ['Weizenmehl Type 405, 25 kg', '4 Sack', '18,45', '73,80'],
      ['Espresso Crema, Bohne, 1 kg', '10 Btl', '16,90', '169,00'],
    ];
    const texts = [
      { text: 'Bezeichnung', x: 50, y: 100, size: 9 },
      { text: 'Menge', x: 250, y: 100, size: 9 },
      { text: 'ME', x: 300, y: 100, size: 9 },
      { text: 'Einzelpreis €', x: 360, y: 100, size: 9 },
      { text: 'Gesamt €', x: 470, y: 100, size: 9 },
      ...rows.flatMap(([description, quantity, price, amount], i) => [
        { text: description!, x: 50, y: 116 + i * 14, size: 9 },
        { text: quantity!, x: 300, y: 116 + i * 14, size: 9 },
        { text: price!, x: 380, y: 116 + i * 14, size: 9 },
        { text: amount!, x: 480, y: 116 + i * 14, size: 9 },
      ]),
      { text: 'Summe netto', x: 360, y: 170, size: 9 },
      { text: '374,20', x: 480, y: 170, size: 9 },
    ];
    const document = await readDocument(await makePdf([{ texts }]), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'rechnung.pdf',
    });
    const config = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      positionen:
        type: array
        items:
          type: object
          properties:
            description: { type: string }
            quantity: { type: double }
            unit_price: { type: double }
            amount: { type: double }
`).fields;
    const { data } = await engine.extract(document, config);
    assert.deepEqual(
      (data.positionen as { quantity: number; amount: number }[]).map((item) => [item.quantity, item.amount]),
      [
        [6, 131.4],
        [4, 73.8],
        [10, 169],
      ],
    );
  });
});

describe('line items: columns told by their figures', () => {
  const fields = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      items:
        type: array
        items:
          type: object
          properties:
            description: { type: string }
            quantity: { type: double }
            unit_price: { type: double }
            amount: { type: double }
`).fields;
  const expected = [
    { description: 'Irodaszék, fekete', quantity: 4, unit_price: 38500, amount: 154000 },
    { description: 'Íróasztal 140 cm', quantity: 2, unit_price: 72900, amount: 145800 },
    { description: 'Monitorkar, dupla', quantity: 3, unit_price: 12450, amount: 37350 },
  ];

  it('reads the items of a table whose heads are words the lexicon has never met', async () => {
    // Hungarian heads: "Megnevezés" (description), "Menny." (quantity), "Egységár" (unit price),
    // "Összeg" (amount), with a VAT rate column between.
    const invoice = `SZÁMLA  2025/0042

Megnevezés                  Menny.   ÁFA      Egységár       Összeg
Irodaszék, fekete               4    27%     38 500,00   154 000,00
Íróasztal 140 cm                2    27%     72 900,00   145 800,00
Monitorkar, dupla               3    27%     12 450,00    37 350,00

Nettó összesen                                           337 150,00
`;
    const document = await readDocument(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'szamla.txt',
    });
    const { data } = await engine.extract(document, fields);
    assert.deepEqual(data.items, expected);
  });

  it('reads them where no heads are printed at all, and not from a table whose figures do not multiply out', async () => {
    const invoice = `Irodaszék, fekete               4     38 500,00   154 000,00
Íróasztal 140 cm                2     72 900,00   145 800,00
Monitorkar, dupla               3     12 450,00    37 350,00
`;
    const document = await readDocument(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'szamla.txt',
    });
    assert.deepEqual((await engine.extract(document, fields)).data.items, expected);
    const schedule = `Rata 1      2025-01-31     4 000,00     36 000,00
Rata 2      2025-02-28     4 000,00     32 000,00
Rata 3      2025-03-31     4 000,00     28 000,00
`;
    const other = await readDocument(Buffer.from(schedule), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'piano.txt',
    });
    assert.deepEqual((await engine.extract(other, fields)).data.items, []);
  });
});

describe('line items: a ruled table scanned askew, its heads in a language the lexicon lacks', () => {
  it('reads every row: the rules cleared before OCR, rows matched along the slope, columns by their figures', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const rows = [
      ['Steel bracket, galvanised', '40', '12,50', '500,00'],
      ['Hydraulic pump assembly', '2', '625,00', '1 250,00'],
      ['Safety gloves, pair', '120', '3,75', '450,00'],
      ['Copper wire 2.5 mm', '10', '95,00', '950,00'],
    ];
    const canvas = createCanvas(2200, 1100);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 2200, 1100);
    ctx.translate(120, 150);
    ctx.rotate((0.7 * Math.PI) / 180);
    const edges = [0, 1000, 1300, 1650, 2000];
    ctx.strokeStyle = '#666';
    ctx.lineWidth = 3;
    for (let r = 0; r <= rows.length + 1; r++) {
      ctx.beginPath();
      ctx.moveTo(0, r * 110);
      ctx.lineTo(2000, r * 110);
      ctx.stroke();
    }
    for (const x of edges) {
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, (rows.length + 1) * 110);
      ctx.stroke();
    }
    ctx.fillStyle = '#000';
    ctx.font = '46px DejaVu Sans';
    // Finnish heads: item, quantity, unit price, total.
    const heads = ['Nimike', 'Maara', 'A-hinta', 'Yhteensa'];
    [heads, ...rows].forEach((cells, r) => {
      cells.forEach((text, c) => {
        const x = c === 0 ? 20 : edges[c + 1]! - 20 - ctx.measureText(text).width;
        ctx.fillText(text, x, r * 110 + 72);
      });
    });
    const document = await readDocument(canvas.toBuffer('image/png'), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'faktura.png',
      ocr,
    });
    const config = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      pozycje:
        type: array
        items:
          type: object
          properties:
            nazwa: { type: string, description: Nazwa towaru }
            ilosc: { type: double }
            cena_jednostkowa: { type: double }
            wartosc: { type: double }
`).fields;
    const { data } = await engine.extract(document, config);
    assert.deepEqual(data.pozycje, [
      { nazwa: 'Steel bracket, galvanised', ilosc: 40, cena_jednostkowa: 12.5, wartosc: 500 },
      { nazwa: 'Hydraulic pump assembly', ilosc: 2, cena_jednostkowa: 625, wartosc: 1250 },
      { nazwa: 'Safety gloves, pair', ilosc: 120, cena_jednostkowa: 3.75, wartosc: 450 },
      { nazwa: 'Copper wire 2.5 mm', ilosc: 10, cena_jednostkowa: 95, wartosc: 950 },
    ]);
  });
});
