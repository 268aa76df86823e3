import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Line, Table } from '../../src/documents/model.ts';
import { ocrTables } from '../../src/documents/ocr/ocr-tables.ts';

/** An OCR line: words at the given left edges on one baseline, 5 pt per character, 10 pt high. */
function ocrLine(y: number, words: [string, number][]): Line {
  const boxed = words.map(([text, x]) => ({
    text,
    bbox: { x0: x, y0: y, x1: x + 5 * text.length, y1: y + 10 },
    confidence: 0.9,
  }));
  return {
    text: words.map(([text]) => text).join(' '),
    bbox: { x0: boxed[0]!.bbox.x0, y0: y, x1: boxed.at(-1)!.bbox.x1, y1: y + 10 },
    words: boxed,
    index: 0,
  };
}

/** A row of cells as OCR may give it: [text, left edge] per cell, each cell's words 5 pt apart. */
function spread(cells: [string, number][]): [string, number][] {
  return cells.flatMap(([text, x]) => {
    let at = x;
    return text.split(' ').map((word): [string, number] => {
      const placed: [string, number] = [word, at];
      at += 5 * word.length + 5;
      return placed;
    });
  });
}

const grid = (tables: Table[]) => tables.map((t) => t.rows.map((r) => r.map((c) => c.text)));
const COLUMNS = [50, 250, 330, 420];
const cells = (texts: string[]): [string, number][] => texts.map((text, i) => [text, COLUMNS[i]!]);

describe('ocrTables', () => {
  it('puts back together a row that OCR read as separate lines, by their shared baseline', () => {
    const rows = [
      ['Description', 'Qty', 'Unit price', 'Amount'],
      ['Steel bracket', '40', '12.50', '500.00'],
      ['Copper wire', '10', '95.00', '950.00'],
    ];
    // OCR read the left column as one block, then the figures as another.
    const left = rows.map((texts, i) => ocrLine(100 + 16 * i, spread(cells(texts).slice(0, 1))));
    const right = rows.map((texts, i) => ocrLine(101 + 16 * i, spread(cells(texts).slice(1))));
    assert.deepEqual(grid(ocrTables([...left, ...right])), [rows]);
  });

  it('leaves label-and-value blocks as lines: no header names their columns', () => {
    const lines = [
      ocrLine(
        100,
        spread([
          ['SUB-TOTAL', 50],
          ['45.28', 300],
        ]),
      ),
      ocrLine(
        116,
        spread([
          ['TAX', 50],
          ['0.00', 300],
        ]),
      ),
      ocrLine(
        132,
        spread([
          ['TOTAL', 50],
          ['45.28', 300],
        ]),
      ),
    ];
    assert.deepEqual(ocrTables(lines), []);
  });

  it('reads a header above a single row of values as labels, not a table', () => {
    const lines = [
      ocrLine(100, spread(cells(['Date', 'Invoice', 'Terms', 'Amount']))),
      ocrLine(116, spread(cells(['12/01/2024', 'A-17', '30 days', '45.28']))),
    ];
    assert.deepEqual(ocrTables(lines), []);
  });

  it('keeps a table without a header at the top of a page when it goes on with the last page’s', () => {
    const first = ocrTables(
      [
        ['Description', 'Qty', 'Unit price', 'Amount'],
        ['Steel bracket', '40', '12.50', '500.00'],
        ['Copper wire', '10', '95.00', '950.00'],
      ].map((texts, i) => ocrLine(100 + 16 * i, spread(cells(texts)))),
    );
    assert.equal(first.length, 1);
    const rest = [
      ['Drill bit set', '3', '42.00', '126.00'],
      ['Bench vice', '1', '1,375.50', '1,375.50'],
    ].map((texts, i) => ocrLine(80 + 16 * i, spread(cells(texts))));
    assert.equal(ocrTables(rest, first).length, 1);
    assert.equal(ocrTables(rest).length, 0);
    const shifted = rest.map((line) => ({
      ...line,
      words: line.words.map((w) => ({
        ...w,
        bbox: { ...w.bbox!, x0: w.bbox!.x0 + 60, x1: w.bbox!.x1 + 60 },
      })),
    }));
    assert.equal(ocrTables(shifted, first).length, 0);
  });
});

describe('ocrTables on a scan fed askew', () => {
  /** Lines whose words drop `slope` points per point across, as OCR boxes them on a turned page. */
  const askew = (rows: string[][], slope: number) =>
    rows.map((texts, i) => {
      const line = ocrLine(100 + 16 * i, spread(cells(texts)));
      const words = line.words.map((w) => {
        const drop = slope * w.bbox!.x0;
        return { ...w, bbox: { ...w.bbox!, y0: w.bbox!.y0 + drop, y1: w.bbox!.y1 + drop } };
      });
      return { ...line, words };
    });
  const rows = [
    ['Description', 'Qty', 'Unit price', 'Amount'],
    ['Steel bracket', '40', '12.50', '500.00'],
    ['Copper wire', '10', '95.00', '950.00'],
    ['Drill bit set', '3', '42.00', '126.00'],
  ];

  it('matches the cells of a row along the page’s slope, though its right end sits a row lower', () => {
    // One degree: 7.6 points lower at the amount column than at the description, most of a row.
    assert.deepEqual(grid(ocrTables(askew(rows, Math.tan(Math.PI / 180)))), [rows]);
  });

  it('keeps a grid of figures whose heads OCR did not read; a block of labels and values stays lines', () => {
    assert.deepEqual(grid(ocrTables(askew(rows.slice(1), 0))), [rows.slice(1)]);
    const labels = [
      ['Subtotal', '', '', '1,576.00'],
      ['VAT 20%', '', '', '315.20'],
      ['Total', '', '', '1,891.20'],
    ].map((texts, i) => ocrLine(100 + 16 * i, spread(cells(texts).filter(([text]) => text !== ''))));
    assert.deepEqual(ocrTables(labels), []);
  });
});
