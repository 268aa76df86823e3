/**
 * One worksheet as one page: its used range as a table of its non-empty rows and cells (each cell
 * with its 0-based sheet row/col and its reference), and one line per non-empty row, the row's
 * non-empty cells joined by tabs. Rows come in sheet order (exceljs iterates them so).
 */
import type { Cell as SheetCell, Worksheet } from 'exceljs';
import type { Cell, Line, Page, Table } from '../model.ts';
import { textLine } from '../text-lines.ts';
import { cellText } from './cell-text.ts';

export interface SheetPage {
  page: Page;
  nonEmptyCells: number;
}

interface Span {
  rowSpan: number;
  colSpan: number;
}

const COLUMN_LETTERS = 26;

/** 0-based column index → letters ("A", "AA"). */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / COLUMN_LETTERS)) {
    name = String.fromCharCode(65 + ((rest - 1) % COLUMN_LETTERS)) + name;
  }
  return name;
}

/** Quotes a sheet name when a formula reference would need it ("My sheet"!A1 style). */
export function sheetReference(sheet: string, row: number, col: number): string {
  const name = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
  return `${name}!${columnName(col)}${row + 1}`;
}

interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/**
 * Merged ranges keyed by their top-left cell ("row:col", 0-based). exceljs keeps them in `_merges`;
 * its public `model.merges` would rebuild the model of every row of the sheet just to list them.
 */
function mergeSpans(worksheet: Worksheet): Map<string, Span> {
  const spans = new Map<string, Span>();
  const merges = (worksheet as unknown as { _merges?: Record<string, MergeRange> })._merges ?? {};
  for (const range of Object.values(merges)) {
    if (!range || !Number.isInteger(range.top) || !Number.isInteger(range.left)) continue;
    spans.set(`${range.top - 1}:${range.left - 1}`, {
      rowSpan: range.bottom - range.top + 1,
      colSpan: range.right - range.left + 1,
    });
  }
  return spans;
}

function isCovered(cell: SheetCell): boolean {
  return cell.isMerged && cell.master.address !== cell.address;
}

function readRows(worksheet: Worksheet): Map<number, Cell[]> {
  const spans = mergeSpans(worksheet);
  const rows = new Map<number, Cell[]>();
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
      if (isCovered(cell)) return;
      const text = cellText(cell.value, cell.numFmt);
      if (text.trim() === '') return;
      const r = rowNumber - 1;
      const c = colNumber - 1;
      const span = spans.get(`${r}:${c}`) ?? { rowSpan: 1, colSpan: 1 };
      cells.push({ text, row: r, col: c, ...span, ref: sheetReference(worksheet.name, r, c) });
    });
    if (cells.length > 0) rows.set(rowNumber - 1, cells);
  });
  return rows;
}

/** Reads one worksheet into page `number`. */
export function readSheet(worksheet: Worksheet, number: number): SheetPage {
  const rows = readRows(worksheet);
  const lines: Line[] = [];
  let nonEmptyCells = 0;
  for (const [row, cells] of rows) {
    nonEmptyCells += cells.length;
    const text = cells.map((cell) => cell.text.replace(/\s+/g, ' ').trim()).join('\t');
    lines.push(textLine(text, lines.length, row));
  }
  // Blank rows are left out (cells carry their own row): a sparse sheet must not become a million empty rows.
  const table: Table | undefined = rows.size === 0 ? undefined : { rows: [...rows.values()] };
  const page: Page = {
    number,
    name: worksheet.name,
    width: 0,
    height: 0,
    lines,
    tables: table ? [table] : [],
    source: 'xlsx',
  };
  return { page, nonEmptyCells };
}
