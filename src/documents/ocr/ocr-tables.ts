import { unionBox } from '../bbox.ts';
import type { BBox, Cell, Line, Table, Word } from '../model.ts';
import { findTables } from '../pdf/pdf-tables.ts';

type Boxed = Word & { bbox: BBox };

/** Rows of a table searched for a header. */
const HEADER_ROWS = 3;
/** Rows of values a header must stand over. */
const MIN_VALUE_ROWS = 2;
/** A table without heads: rows of figures it holds, and figures each of them holds, at least. */
const MIN_FIGURE_ROWS = 3;
const MIN_FIGURES = 3;

interface Row {
  words: Boxed[];
  top: number;
  bottom: number;
}

const centre = (box: BBox) => (box.y0 + box.y1) / 2;

/**
 * The page's slope (points down per point across) as its lines show it: the median, over lines of
 * three words or more, of the least-squares slope of their words' centres. A scan turned by one
 * degree drops 24 points across an A4 page, more than a line's height, so rows are matched on
 * heights measured along the slope.
 */
export function pageSlope(lines: Line[]): number {
  const slopes: number[] = [];
  for (const line of lines) {
    const boxes = line.words.flatMap((word) => (word.bbox ? [word.bbox] : []));
    if (boxes.length < 3) continue;
    const xs = boxes.map((b) => (b.x0 + b.x1) / 2);
    const ys = boxes.map((b) => (b.y0 + b.y1) / 2);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let sxx = 0;
    let sxy = 0;
    for (let i = 0; i < xs.length; i++) {
      sxx += (xs[i]! - mx) ** 2;
      sxy += (xs[i]! - mx) * (ys[i]! - my);
    }
    if (sxx > 0) slopes.push(sxy / sxx);
  }
  if (slopes.length < 3) return 0;
  slopes.sort((a, b) => a - b);
  const median = slopes[slopes.length >> 1]!;
  // Beyond about three degrees a page was not merely fed askew: leave its heights as they are.
  return Math.abs(median) <= 0.05 ? median : 0;
}

/**
 * An OCR engine may read one printed row as several lines (a block per column, far apart): the
 * page's words are regrouped into rows by height along the page's slope before columns are looked
 * for. A word joins the row whose first word's band holds its centre.
 */
export function rowsByBaseline(lines: Line[]): Line[] {
  const slope = pageSlope(lines);
  const level = (box: BBox) => centre(box) - slope * box.x0;
  const words = lines
    .flatMap((line) => line.words)
    .filter((word): word is Boxed => word.bbox !== undefined)
    .sort((a, b) => level(a.bbox) - level(b.bbox));
  const rows: Row[] = [];
  for (const word of words) {
    const row = rows.at(-1);
    const middle = level(word.bbox);
    if (row && middle >= row.top && middle <= row.bottom) row.words.push(word);
    else {
      const shift = level(word.bbox) - centre(word.bbox);
      rows.push({ words: [word], top: word.bbox.y0 + shift, bottom: word.bbox.y1 + shift });
    }
  }
  return rows.map((row, index) => {
    const sorted = row.words.sort((a, b) => a.bbox.x0 - b.bbox.x0);
    const across = unionBox(sorted.map((word) => word.bbox))!;
    // As high as its tallest word, around its middle word, not as the slope makes the whole row:
    // cells are told apart by blanks measured in line heights.
    const half = Math.max(...sorted.map((word) => word.bbox.y1 - word.bbox.y0)) / 2;
    const middle = centre(sorted[sorted.length >> 1]!.bbox);
    const bbox = { x0: across.x0, y0: middle - half, x1: across.x1, y1: middle + half };
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
      isGridOfFigures(table) ||
      (i === 0 && carried !== undefined && linesUp(table, carried)),
  );
}

/** A figure as a cell holds one: digits with their separators, a sign, a percent or a currency mark. */
const FIGURE = /^[-−+]?\p{Sc}?\s?\d[\d\s.,'’]*%?\s?\p{Sc}?$/u;

/**
 * Items whose heads OCR could not read (white on a dark band, or garbled by shading): three rows of
 * three figures or more, in three columns or more, are a table whatever stands above them. A
 * label-and-value block holds one figure a row, a receipt's item line two.
 */
function isGridOfFigures(table: Table): boolean {
  const width = table.rows[0]?.length ?? 0;
  const rowsOfFigures = table.rows.filter(
    (row) => row.filter((cell) => FIGURE.test(cell.text.trim())).length >= MIN_FIGURES,
  );
  return width >= MIN_FIGURES && rowsOfFigures.length >= MIN_FIGURE_ROWS;
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
