/**
 * One worksheet as one page: its used range as a table of non-empty cells (each with its sheet
 * reference), and one line per non-empty row, the row's non-empty cells joined by tabs.
 */
import type { Cell as SheetCell, Worksheet } from 'exceljs';
import type { Cell, Line, Page, Table } from '../model.ts';
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

function decodeAddress(address: string): { row: number; col: number } | undefined {
  const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(address.trim().toUpperCase());
  if (!match) return undefined;
  let col = 0;
  for (const letter of match[1]!) col = col * COLUMN_LETTERS + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, col: col - 1 };
}

/** Merged ranges keyed by their top-left cell ("row:col"). */
function mergeSpans(worksheet: Worksheet): Map<string, Span> {
  const spans = new Map<string, Span>();
  const merges = (worksheet.model as { merges?: string[] }).merges ?? [];
  for (const range of merges) {
    const [first, last] = range.split(':');
    const start = first ? decodeAddress(first) : undefined;
    const end = last ? decodeAddress(last) : start;
    if (!start || !end) continue;
    spans.set(`${start.row}:${start.col}`, { rowSpan: end.row - start.row + 1, colSpan: end.col - start.col + 1 });
  }
  return spans;
}

function makeLine(text: string, index: number, row: number): Line {
  const words = text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => ({ text: word, confidence: 1 }));
  return { text, words, paragraph: row, index };
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

/** The used range, rows[i] being sheet row (first + i), blank rows kept as empty arrays. */
function usedRangeTable(rows: Map<number, Cell[]>): Table | undefined {
  if (rows.size === 0) return undefined;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const row of rows.keys()) {
    first = Math.min(first, row);
    last = Math.max(last, row);
  }
  const table: Cell[][] = [];
  for (let row = first; row <= last; row++) table.push(rows.get(row) ?? []);
  return { rows: table };
}

/** Reads one worksheet into page `number`. */
export function readSheet(worksheet: Worksheet, number: number): SheetPage {
  const rows = readRows(worksheet);
  const lines: Line[] = [];
  let nonEmptyCells = 0;
  for (const [row, cells] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    nonEmptyCells += cells.length;
    const text = cells.map((cell) => cell.text.replace(/\s+/g, ' ').trim()).join('\t');
    lines.push(makeLine(text, lines.length, row));
  }
  const table = usedRangeTable(rows);
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
