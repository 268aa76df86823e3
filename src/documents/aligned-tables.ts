import { unionBox } from './bbox.ts';
import type { BBox, Cell, Table } from './model.ts';

/**
 * Tables from lines whose pieces line up, whatever measures the positions: points on a PDF page or a
 * scan, characters in a text file, tab stops in a Word paragraph.
 */

/** Text of a line set apart from the rest of it by a blank wider than a word space. */
export interface Piece {
  text: string;
  x0: number;
  x1: number;
  bbox?: BBox;
  /** Its words, placed alike, where the measure allows it (characters of a text file). */
  words?: Piece[];
}

/** A line as its pieces; `top` and `bottom` place it down the page (points, or line numbers). */
export interface PieceLine {
  pieces: Piece[];
  top: number;
  bottom: number;
}

/** Whether `next` sits close enough under `last` to be the next row of the same table. */
export type Follows = (last: PieceLine, next: PieceLine) => boolean;

interface Span {
  x0: number;
  x1: number;
}

interface Block {
  /** The line just above its first row (a rule between them skipped): perhaps its heads. */
  above?: PieceLine;
  /** Every line it took, rules and wrapped cells too. */
  lines: PieceLine[];
  columns: Span[];
  rows: Piece[][];
  /** One-piece lines under a column, held until a full row shows the table goes on. */
  held: Piece[][];
  last: PieceLine;
}

/** A list item's label: "1.", "(a)", "iv)", "2.1", "•", "Section 3." */
const LIST_MARKER =
  /^(?:[([]?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]{1,2}|[ivxlc]{1,6})[.):\]]?|[•◦▪‣●○■□*\-–—]|(?:section|article|clause|§)\s*[\d.]+[.:]?)$/i;
/** Words per cell from which a column reads as running text. */
const PROSE_WORDS = 4;

const overlaps = (a: Span, b: Span) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);

/** The block's columns widened by this row's pieces, or undefined when the row does not line up. */
function alignColumns(columns: Span[], pieces: Piece[]): Span[] | undefined {
  const next = columns.map((column) => ({ ...column }));
  const used = new Set<number>();
  let matched = 0;
  for (const piece of pieces) {
    const hits = next.flatMap((column, i) => (overlaps(column, piece) ? [i] : []));
    if (hits.length > 1) return undefined;
    const hit = hits[0];
    if (hit === undefined) {
      next.push({ x0: piece.x0, x1: piece.x1 });
      continue;
    }
    if (used.has(hit)) return undefined;
    used.add(hit);
    matched++;
    const column = next[hit]!;
    column.x0 = Math.min(column.x0, piece.x0);
    column.x1 = Math.max(column.x1, piece.x1);
  }
  next.sort((a, b) => a.x0 - b.x0);
  const separate = next.every((column, i) => i === 0 || column.x0 >= next[i - 1]!.x1);
  return matched >= 2 && separate ? next : undefined;
}

/** A wrapped cell: one piece under exactly one column. */
function continues(columns: Span[], pieces: Piece[]): boolean {
  return pieces.length === 1 && columns.filter((column) => overlaps(column, pieces[0]!)).length === 1;
}

/** A line of dashes, equals signs or box-drawing strokes only (a run per column: "----- ------"). */
const isRule = (pieces: Piece[]) => pieces.length > 0 && pieces.every((piece) => RULE.test(piece.text));
const RULE = /^[-=_~+*|.:\u2500-\u257f\u2010-\u2015]{3,}(?: [-=_~+*|.:\u2500-\u257f\u2010-\u2015]+)*$/;

/** Numbered paragraphs and footnotes line up like a two-column table; they are a list. */
function isList(columns: Span[], rows: Piece[][]): boolean {
  const first = columns[0]!;
  return (
    columns.length === 2 &&
    rows.every((pieces) => pieces.some((piece) => overlaps(first, piece) && LIST_MARKER.test(piece.text)))
  );
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Two columns of running text side by side: every column holds sentences, none short values. */
function isProse(columns: Span[], rows: Piece[][]): boolean {
  return columns.every((column) => {
    const counts = rows
      .flatMap((pieces) => pieces.filter((piece) => overlaps(column, piece)))
      .map((piece) => words(piece.text))
      .sort((a, b) => a - b);
    return (counts[Math.floor(counts.length / 2)] ?? 0) >= PROSE_WORDS;
  });
}

/**
 * Heads typed closer than the columns under them ("Regel Artikelcode", "Aantal Eenh.", one space
 * apart) cannot line up as pieces: word by word, each head goes to the column it lies over. Taken
 * when they are words, not figures, and name at least three columns.
 */
function headsAbove(columns: Span[], line: PieceLine | undefined): Piece[] | undefined {
  const words = line?.pieces.flatMap((piece) => piece.words ?? []);
  if (!words || words.length < 2 || words.some((word) => !/\p{L}/u.test(word.text))) return undefined;
  const byColumn = new Map<number, Piece[]>();
  for (const word of words) {
    let best = -1;
    let most = 0;
    columns.forEach((column, i) => {
      const shared = Math.min(column.x1, word.x1) - Math.max(column.x0, word.x0);
      if (shared > most) {
        most = shared;
        best = i;
      }
    });
    if (best < 0) return undefined;
    byColumn.set(best, [...(byColumn.get(best) ?? []), word]);
  }
  // Two words over two columns are as likely a section's title ("ACCOUNT ACTIVITY") as heads.
  if (byColumn.size < 3) return undefined;
  return [...byColumn.values()].map((ws) => ({
    text: ws.map((w) => w.text).join(' '),
    x0: ws[0]!.x0,
    x1: ws.at(-1)!.x1,
  }));
}

function toTable(block: Block): Table | undefined {
  const full = block.rows.filter((pieces) => pieces.length > 1);
  const { columns } = block;
  if (full.length < 2 || columns.length < 2 || isList(columns, full) || isProse(columns, full))
    return undefined;
  const heads = headsAbove(columns, block.above);
  if (heads) block.rows.unshift(heads);
  const rows = block.rows.map((pieces, row) =>
    columns.map((column, col): Cell => {
      const inside = pieces.filter((piece) => overlaps(column, piece));
      const bbox = unionBox(inside.flatMap((piece) => (piece.bbox ? [piece.bbox] : [])));
      const text = inside.map((piece) => piece.text).join(' ');
      return { text, row, col, rowSpan: 1, colSpan: 1, ...(bbox ? { bbox } : {}) };
    }),
  );
  const bbox = unionBox(block.rows.flat().flatMap((piece) => (piece.bbox ? [piece.bbox] : [])));
  return bbox ? { rows, bbox } : { rows };
}

/**
 * Runs of lines whose pieces fall into the same column ranges: at least two rows of at least two
 * columns. A line of one piece under one column inside such a run is a wrapped cell and stays a row
 * (mostly empty); held at the end of a run, it is left out, as text after the table.
 */
export function alignedTables(lines: PieceLine[], follows: Follows): Table[] {
  const tables: Table[] = [];
  let block: Block | undefined;
  /** Lines that became rows of a table: never another table's heads. */
  const rowLines = new Set<PieceLine>();
  const close = () => {
    const table = block && toTable(block);
    if (table) {
      tables.push(table);
      for (const line of block!.lines) rowLines.add(line);
    }
    block = undefined;
  };
  for (const [i, line] of lines.entries()) {
    const { pieces } = line;
    // A rule drawn with characters ("-----", "=====") under a header or above the totals parts no
    // rows, and closes the items above it: a wrapped cell held just before it is the last item's.
    const near = block !== undefined && follows(block.last, line);
    if (block && near && isRule(pieces)) {
      block.rows.push(...block.held);
      block.held = [];
      block.last = line;
      block.lines.push(line);
      continue;
    }
    if (block && near && continues(block.columns, pieces)) {
      block.held.push(pieces);
      block.last = line;
      block.lines.push(line);
      continue;
    }
    const columns = block && near && pieces.length > 1 ? alignColumns(block.columns, pieces) : undefined;
    if (block && columns) {
      block.columns = columns;
      block.rows.push(...block.held, pieces);
      block.held = [];
      block.last = line;
      block.lines.push(line);
      continue;
    }
    close();
    if (pieces.length > 1) {
      block = {
        columns: pieces.map(({ x0, x1 }) => ({ x0, x1 })),
        rows: [pieces],
        held: [],
        last: line,
        lines: [line],
      };
      const before = lines[i - 1] && isRule(lines[i - 1]!.pieces) ? lines[i - 2] : lines[i - 1];
      if (before && !rowLines.has(before) && follows(before, line)) block.above = before;
    }
  }
  close();
  return tables;
}
