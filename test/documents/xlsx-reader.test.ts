import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { CellCounter } from '../../src/documents/xlsx/cell-count.ts';
import { cellText } from '../../src/documents/xlsx/cell-text.ts';
import { xlsxReader } from '../../src/documents/xlsx/xlsx-reader.ts';
import { isAppError } from '../../src/errors.ts';

const context = { limits: DEFAULT_READ_LIMITS };

async function toBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function sampleWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const invoice = workbook.addWorksheet('Invoice');
  invoice.getCell('A1').value = 'Invoice';
  invoice.mergeCells('A1:C1');
  invoice.getCell('A3').value = 'Date';
  invoice.getCell('B3').value = new Date(Date.UTC(2024, 2, 15));
  invoice.getCell('B3').numFmt = 'yyyy-mm-dd';
  invoice.getCell('A4').value = 'Item';
  invoice.getCell('B4').value = 'Qty';
  invoice.getCell('C4').value = 'Price';
  invoice.getCell('A5').value = 'Widget';
  invoice.getCell('B5').value = 3;
  invoice.getCell('C5').value = 0.1 + 0.2;
  invoice.getCell('A7').value = 'Total';
  invoice.getCell('D7').value = { formula: 'SUM(C5:C6)*2', result: 54.5 };
  invoice.getCell('D7').numFmt = '0.00';
  invoice.getCell('A8').value = { richText: [{ text: 'Rich ' }, { text: 'text', font: { bold: true } }] };
  invoice.getCell('B8').value = { text: 'our site', hyperlink: 'https://example.com' };
  invoice.getCell('C8').value = true;
  invoice.getCell('D8').value = { error: '#N/A' };
  invoice.getCell('A9').value = 0.125;
  invoice.getCell('A9').numFmt = '0.0%';
  const hidden = workbook.addWorksheet('Rates', { state: 'hidden' });
  hidden.getCell('A1').value = 'VAT';
  hidden.getCell('B1').value = 0.2;
  return toBytes(workbook);
}

async function rejection(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isAppError(error), `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    return true;
  });
}

describe('xlsxReader on a workbook made with exceljs', async () => {
  const document = await xlsxReader.read(await sampleWorkbook(), context);
  const [invoice, rates] = document.pages;

  it('gives one page per worksheet, hidden ones included', () => {
    assert.deepEqual(
      document.pages.map((page) => [page.number, page.name, page.width, page.height, page.source]),
      [
        [1, 'Invoice', 0, 0, 'xlsx'],
        [2, 'Rates', 0, 0, 'xlsx'],
      ],
    );
  });

  it('reads each non-empty row as a line of tab-joined cells', () => {
    assert.deepEqual(
      invoice!.lines.map((line) => line.text),
      [
        'Invoice',
        'Date\t2024-03-15',
        'Item\tQty\tPrice',
        'Widget\t3\t0.3',
        'Total\t54.50',
        'Rich text\tour site\tTRUE\t#N/A',
        '12.5%',
      ],
    );
    const total = invoice!.lines[4]!;
    assert.deepEqual(total.words, [
      { text: 'Total', confidence: 1 },
      { text: '54.50', confidence: 1 },
    ]);
    assert.equal(total.bbox, undefined);
    assert.equal(total.paragraph, 6, 'the line knows its sheet row');
  });

  it('holds the used range as a table of cells with sheet references and merges', () => {
    const table = invoice!.tables[0]!;
    assert.equal(table.rows.length, 7, 'the non-empty rows, blank rows 2 and 6 left out');
    assert.deepEqual(
      table.rows.map((row) => row[0]!.row),
      [0, 2, 3, 4, 6, 7, 8],
    );
    const title = table.rows[0]![0]!;
    assert.deepEqual(
      [title.text, title.ref, title.row, title.col, title.colSpan, title.rowSpan],
      ['Invoice', 'Invoice!A1', 0, 0, 3, 1],
    );
    const sum = table.rows[4]!.find((cell) => cell.col === 3)!;
    assert.deepEqual([sum.text, sum.ref, sum.row], ['54.50', 'Invoice!D7', 6]);
    assert.equal(rates!.tables[0]!.rows[0]![1]!.ref, 'Rates!B1');
  });

  it('bills at least one page per sheet', () => {
    assert.equal(document.meta.format, 'xlsx');
    assert.equal(document.meta.billedPages, 2);
    const characters = document.pages
      .flatMap((page) => page.lines)
      .reduce((sum, line) => sum + line.text.length, 0);
    assert.equal(document.meta.characters, characters);
  });
});

describe('xlsxReader billing and limits', () => {
  it('bills a sheet one page per 1,000 non-empty cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    for (let row = 1; row <= 1001; row++) sheet.getCell(row, 1).value = row;
    workbook.addWorksheet('Empty');
    const document = await xlsxReader.read(await toBytes(workbook), context);
    assert.equal(document.meta.billedPages, 3);
    assert.equal(document.pages[1]!.lines.length, 0);
    assert.deepEqual(document.pages[1]!.tables, []);
  });

  it('refuses a sheet with more than a million cells before loading it', async () => {
    const cells = '<c r="A1"><v>1</v></c>'.repeat(1_000_001);
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${cells}</row></sheetData></worksheet>`;
    const zip = zipSync(
      { 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/worksheets/sheet1.xml': strToU8(sheet) },
      { level: 0 },
    );
    await rejection(xlsxReader.read(zip, context), 'document_too_complex');
  });

  it('refuses a zip bomb', async () => {
    const zip = zipSync({
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': new Uint8Array(3 * 1024 * 1024),
    });
    const limits = { ...DEFAULT_READ_LIMITS, maxUncompressedBytes: 1024 * 1024 };
    await rejection(xlsxReader.read(zip, { limits }), 'document_too_complex');
  });

  it('reports damaged and non-workbook input as corrupt', async () => {
    await rejection(xlsxReader.read(new TextEncoder().encode('a,b,c\n1,2,3\n'), context), 'corrupt_document');
    const noSheets = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
    });
    await rejection(xlsxReader.read(noSheets, context), 'corrupt_document');
  });
});

describe('cellText', () => {
  it('shows values as a reader sees them', () => {
    assert.equal(cellText(1234.5), '1234.5');
    assert.equal(cellText(0.1 + 0.2), '0.3');
    assert.equal(cellText(-0.001, '0.00'), '0.00');
    assert.equal(cellText(1234.5, '#,##0.00 "EUR"'), '1234.50');
    assert.equal(cellText(0.075, '0%'), '8%');
    assert.equal(cellText(0.5, '# ?/?'), '0.5');
    assert.equal(cellText(45000, 'yyyy-mm-dd'), '45000');
    assert.equal(cellText(3, '1.0#'), '3', 'unusual formats show the plain value');
    assert.equal(cellText(1.5, '0.0#'), '1.5');
    assert.equal(cellText(1.256, '0.0#'), '1.26');
    assert.equal(cellText(-1234.5, '_("$"* #,##0.00_);_("$"* (#,##0.00)'), '-1234.50');
    assert.equal(cellText(new Date(Date.UTC(2023, 11, 31, 14, 30))), '2023-12-31 14:30');
    assert.equal(cellText(new Date(Date.UTC(1899, 11, 30, 9, 15))), '09:15');
    assert.equal(cellText(false), 'FALSE');
    assert.equal(cellText({ formula: 'A1', result: { error: '#DIV/0!' } }), '#DIV/0!');
    assert.equal(cellText({ formula: 'A1' }), '');
    assert.equal(
      cellText({ text: { richText: [{ text: 'li' }, { text: 'nk' }] }, hyperlink: 'x' } as never),
      'link',
    );
  });
});

describe('CellCounter', () => {
  it('counts cell elements across chunk boundaries, ignoring look-alike tags', () => {
    const xml = '<row><c r="A1"/><col/><cfRule/><x:c r="B1">1</x:c><c>2</c></row>';
    for (let size = 1; size <= xml.length; size++) {
      const counter = new CellCounter();
      for (let at = 0; at < xml.length; at += size) counter.push(strToU8(xml.slice(at, at + size)));
      assert.equal(counter.count, 3, `chunks of ${size}`);
    }
  });
});
