import { unionBox } from '../bbox.ts';
import type { BBox, Cell, Line, Table, Word } from '../model.ts';
import { findTables } from '../pdf/pdf-tables.ts';

type Boxed = Word & { bbox: BBox };

/** Rows of a table searched for a header. */
const HEADER_ROWS = 3;
/** Rows of values a header must stand over. */
const MIN_VALUE_ROWS = 2;

interface Row {
  words: Boxed[];
  top: number;
  bottom: number;
}

const centre = (box: BBox) => (box.y0 + box.y1) / 2;

/**
 * An OCR engine may read one printed row as several lines (a block per column, far apart): the
 * page's words are regrouped into rows by height before columns are looked for. A word joins the row
 * whose first word's band holds its centre.
 */
function rowsByBaseline(lines: Line[]): Line[] {
  const words = lines
    .flatMap((line) => line.words)
    .filter((word): word is Boxed => word.bbox !== undefined)
    .sort((a, b) => centre(a.bbox) - centre(b.bbox));
  const rows: Row[] = [];
  for (const word of words) {
    const row = rows.at(-1);
    const middle = centre(word.bbox);
    if (row && middle >= row.top && middle <= row.bottom) row.words.push(word);
    else rows.push({ words: [word], top: word.bbox.y0, bottom: word.bbox.y1 });
  }
  return rows.map((row, index) => {
    const sorted = row.words.sort((a, b) => a.bbox.x0 - b.bbox.x0);
    const bbox = unionBox(sorted.map((word) => word.bbox))!;
    return { text: sorted.map((word) => word.text).join(' '), bbox, words: sorted, index };
  });
}

const hasDigit = (cell: Cell) => /\d/.test(cell.text);

/**
 * A header row: two or more cells of words without digits, above at least two rows holding numbers.
 * Over a single row of values, a header is no different from labels above their values (a form's
 * "Date  Amount" block), which the engine reads as labels.
 */
function hasHeader(table: Table): boolean {
  return table.rows.slice(0, HEADER_ROWS).some((row, i) => {
    const cells = row.filter((cell) => cell.text.trim() !== '');
    return (
      cells.length >= 2 &&
      cells.every((cell) => /\p{L}/u.test(cell.text) && !hasDigit(cell)) &&
      table.rows.slice(i + 1).filter((below) => below.some(hasDigit)).length >= MIN_VALUE_ROWS
    );
  });
}

/** Each column's horizontal extent, left to right. */
function columnSpans(table: Table): { x0: number; x1: number }[] {
  const spans: { x0: number; x1: number }[] = [];
  for (const cell of table.rows.flat()) {
    if (!cell.bbox || cell.text.trim() === '') continue;
    const span = spans[cell.col];
    spans[cell.col] = span
      ? { x0: Math.min(span.x0, cell.bbox.x0), x1: Math.max(span.x1, cell.bbox.x1) }
      : { x0: cell.bbox.x0, x1: cell.bbox.x1 };
  }
  return spans.filter(Boolean);
}

/** A table whose columns fall where an earlier table's do: its continuation without a header. */
function linesUp(table: Table, earlier: Table): boolean {
  const ours = columnSpans(table);
  const theirs = columnSpans(earlier);
  return (
    ours.length === theirs.length &&
    ours.every((span, i) => Math.min(span.x1, theirs[i]!.x1) > Math.max(span.x0, theirs[i]!.x0))
  );
}

/**
 * Tables on a page read by OCR: rows by baseline, columns by blanks that line up across rows. A
 * scan's alignment is approximate and its words may be misread, so a table is kept only when a
 * header row names its columns, or when it goes on with the last table of the page before
 * (`previous`); label-and-value blocks stay lines, which the engine reads with OCR mending.
 */
export function ocrTables(lines: Line[], previous: Table[] = []): Table[] {
  const rows = rowsByBaseline(lines);
  const found = findTables(rows);
  const carried = previous.at(-1);
  return found.filter(
    (table, i) =>
      hasHeader(table) ||
      headedAbove(table, rows) ||
      (i === 0 && carried !== undefined && linesUp(table, carried)),
  );
}

/**
 * A table of figures whose header did not line up with its columns ("Pos. Bezeichnung" read as one
 * stretch over two): the row just above it is words without digits, and the engine gives each of
 * its heads to the column under it.
 */
function headedAbove(table: Table, rows: Line[]): boolean {
  const top = table.rows[0]?.find((cell) => cell.bbox)?.bbox;
  if (!top || table.rows.filter((row) => row.some(hasDigit)).length < MIN_VALUE_ROWS) return false;
  const above = rows.findLast((row) => row.bbox !== undefined && row.bbox.y1 <= top.y0 + 1);
  if (!above?.bbox || top.y0 - above.bbox.y1 > above.bbox.y1 - above.bbox.y0) return false;
  const words = above.words.filter((w) => w.text.trim() !== '');
  return words.length >= 2 && words.every((w) => /\p{L}/u.test(w.text) && !/\d/.test(w.text));
}
