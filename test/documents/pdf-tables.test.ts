import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Line } from '../../src/documents/model.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { findTables } from '../../src/documents/pdf/pdf-tables.ts';
import { context, makePdf, type Text } from './pdf-fixtures.ts';

const grid: string[][] = [
  ['Item', 'Qty', 'Price'],
  ['Blue widget', '2', '10.00'],
  ['Red gadget large', '15', '7.50'],
  ['Green thing', '1', '120.00'],
];
const columns = [72, 300, 420];

function gridTexts(top: number): Text[] {
  return grid.flatMap((row, r) =>
    row.map((text, c) => ({ text, x: columns[c]!, y: top + r * 18, size: 11 })),
  );
}

/** A line whose words sit at the given left edges, 6 pt per character, 10 pt high. */
function line(index: number, y: number, words: [string, number][]): Line {
  const boxed = words.map(([text, x]) => ({
    text,
    bbox: { x0: x, y0: y, x1: x + 6 * text.length, y1: y + 10 },
    confidence: 1,
  }));
  return {
    text: words.map(([text]) => text).join(' '),
    bbox: { x0: boxed[0]!.bbox.x0, y0: y, x1: boxed.at(-1)!.bbox.x1, y1: y + 10 },
    words: boxed,
    index,
  };
}

describe('pdfReader: tables', () => {
  it('finds a table drawn as aligned text and keeps its rows as lines too', async () => {
    const doc = await pdfReader.read(
      await makePdf([
        {
          texts: [
            { text: 'Order summary for the month of May', x: 72, y: 80 },
            ...gridTexts(120),
            { text: 'Thank you for your business and see you soon.', x: 72, y: 220 },
          ],
        },
      ]),
      context(),
    );
    const page = doc.pages[0]!;
    assert.equal(page.tables.length, 1);
    const table = page.tables[0]!;
    assert.deepEqual(
      table.rows.map((row) => row.map((cell) => cell.text)),
      grid,
    );
    for (const [r, row] of table.rows.entries()) {
      for (const [c, cell] of row.entries()) {
        assert.deepEqual([cell.row, cell.col, cell.rowSpan, cell.colSpan], [r, c, 1, 1]);
        assert.ok(cell.bbox && Math.abs(cell.bbox.x0 - columns[c]!) < 0.5, `cell ${r},${c}`);
      }
    }
    assert.ok(table.bbox && table.bbox.y0 < 120 && table.bbox.y1 > 120 + 3 * 18);
    assert.deepEqual(
      page.lines.map((l) => l.text),
      [
        'Order summary for the month of May',
        ...grid.map((row) => row.join(' ')),
        'Thank you for your business and see you soon.',
      ],
    );
  });

  it('keeps "label … value" rows whole, on one line each', async () => {
    const doc = await pdfReader.read(
      await makePdf([
        {
          texts: [
            { text: 'Invoice date ........................ 2024-01-05', x: 72, y: 100 },
            { text: 'Total due:', x: 72, y: 130 },
            { text: '1,234.00 EUR', x: 420, y: 130 },
          ],
        },
      ]),
      context(),
    );
    assert.deepEqual(
      doc.pages[0]!.lines.map((l) => l.text),
      ['Invoice date ........................ 2024-01-05', 'Total due: 1,234.00 EUR'],
    );
  });
});

describe('findTables', () => {
  it('needs at least two rows of two aligned columns', () => {
    assert.deepEqual(
      findTables([
        line(0, 100, [
          ['Name', 72],
          ['Alice', 300],
        ]),
      ]),
      [],
    );
    const tables = findTables([
      line(0, 100, [
        ['Name', 72],
        ['Alice', 300],
      ]),
      line(1, 114, [
        ['City', 72],
        ['Paris', 300],
      ]),
    ]);
    assert.deepEqual(
      tables.map((t) => t.rows.map((row) => row.map((cell) => cell.text))),
      [
        [
          ['Name', 'Alice'],
          ['City', 'Paris'],
        ],
      ],
    );
  });

  it('leaves an empty cell where a row has nothing in a column', () => {
    const [table] = findTables([
      line(0, 100, [
        ['Code', 72],
        ['Label', 200],
        ['Amount', 400],
      ]),
      line(1, 114, [
        ['A1', 72],
        ['12.00', 400],
      ]),
    ]);
    assert.deepEqual(
      table?.rows[1]?.map((cell) => cell.text),
      ['A1', '', '12.00'],
    );
  });

  it('does not take numbered paragraphs for a table', () => {
    const lines = [
      line(0, 100, [
        ['1.', 72],
        ['The', 100],
        ['Recipient', 124],
        ['shall', 184],
      ]),
      line(1, 114, [
        ['2.', 72],
        ['All', 100],
        ['notices', 124],
      ]),
      line(2, 128, [
        ['(a)', 72],
        ['This', 100],
        ['contract', 130],
      ]),
    ];
    assert.deepEqual(findTables(lines), []);
  });

  it('ends a table at a row that does not line up', () => {
    const tables = findTables([
      line(0, 100, [
        ['Name', 72],
        ['Alice', 300],
      ]),
      line(1, 114, [
        ['City', 72],
        ['Paris', 300],
      ]),
      line(2, 128, [
        ['A sentence across the columns', 72],
        ['x', 400],
      ]),
    ]);
    assert.equal(tables.length, 1);
    assert.equal(tables[0]!.rows.length, 2);
  });
});

describe('pdfReader: item tables', () => {
  it('reads descriptions beside columns of figures row by row, not as two columns of text', async () => {
    const rows = [
      ['Description', 'Qty', 'Unit price', 'Amount'],
      ['Steel bracket, galvanised', '40', '12.50', '500.00'],
      ['Hydraulic pump assembly', '2', '625.00', '1,250.00'],
      ['Safety gloves (pair)', '120', '3.75', '450.00'],
      ['Copper wire 2.5 mm', '10', '95.00', '950.00'],
    ];
    const texts = rows.flatMap((row, r) =>
      row.map((text, c) => ({ text, x: [72, 330, 390, 470][c]!, y: 120 + r * 17, size: 10.5 })),
    );
    const doc = await pdfReader.read(await makePdf([{ texts }]), context());
    const page = doc.pages[0]!;
    assert.deepEqual(
      page.lines.map((l) => l.text),
      rows.map((row) => row.join(' ')),
    );
    assert.deepEqual(
      page.tables.map((t) => t.rows.map((row) => row.map((cell) => cell.text))),
      [rows],
    );
  });
});

describe('findTables: wrapped cells', () => {
  it('keeps a line of one cell under a column between rows, and leaves one after the table out', () => {
    const tables = findTables([
      line(0, 100, [
        ['Item', 72],
        ['Qty', 300],
      ]),
      line(1, 114, [
        ['Adhesive,', 72],
        ['6', 300],
      ]),
      line(2, 128, [['epoxy', 72]]),
      line(3, 142, [
        ['Wire', 72],
        ['10', 300],
      ]),
      line(4, 156, [['Thanks', 72]]),
    ]);
    assert.deepEqual(
      tables.map((t) => t.rows.map((row) => row.map((cell) => cell.text))),
      [
        [
          ['Item', 'Qty'],
          ['Adhesive,', '6'],
          ['epoxy', ''],
          ['Wire', '10'],
        ],
      ],
    );
  });
});
