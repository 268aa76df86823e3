import type { BBox, Cell, Line, Table, Word } from '../model.ts';
import { unionBox } from './frame-box.ts';

/** Smallest blank, in line heights, that separates two cells rather than two words. */
const CELL_GAP = 0.9;
/** Largest blank between two rows of one table, in line heights. */
const ROW_GAP = 2.5;

interface Segment {
  text: string;
  box: BBox;
}

interface Span {
  x0: number;
  x1: number;
}

interface Block {
  columns: Span[];
  rows: Segment[][];
  last: BBox;
}

/** A list item's label: "1.", "(a)", "iv)", "2.1", "•", "Section 3." */
const LIST_MARKER =
  /^(?:[([]?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]{1,2}|[ivxlc]{1,6})[.):\]]?|[•◦▪‣●○■□*\-–—]|(?:section|article|clause|§)\s*[\d.]+[.:]?)$/i;

const height = (box: BBox) => box.y1 - box.y0;
const overlaps = (a: Span, b: Span) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);

/** The line cut at blanks too wide to be word spaces; [] when the words carry no boxes. */
function segments(line: Line): Segment[] {
  const words = line.words.filter((word): word is Word & { bbox: BBox } => word.bbox !== undefined);
  if (!line.bbox || words.length < 2 || words.length !== line.words.length) return [];
  const gap = CELL_GAP * height(line.bbox);
  const groups: Word[][] = [];
  let previous: BBox | undefined;
  for (const word of words) {
    if (previous && word.bbox.x0 - previous.x1 < gap) groups.at(-1)!.push(word);
    else groups.push([word]);
    previous = word.bbox;
  }
  return groups.map((group) => ({
    text: group.map((word) => word.text).join(' '),
    box: unionBox(group.map((word) => word.bbox!))!,
  }));
}

/** The block's columns widened by this row's cells, or undefined when the row does not line up. */
function alignColumns(columns: Span[], cells: Segment[]): Span[] | undefined {
  const next = columns.map((column) => ({ ...column }));
  const used = new Set<number>();
  let matched = 0;
  for (const { box } of cells) {
    const hits = next.flatMap((column, i) => (overlaps(column, box) ? [i] : []));
    if (hits.length > 1) return undefined;
    const hit = hits[0];
    if (hit === undefined) {
      next.push({ x0: box.x0, x1: box.x1 });
      continue;
    }
    if (used.has(hit)) return undefined;
    used.add(hit);
    matched++;
    const column = next[hit]!;
    column.x0 = Math.min(column.x0, box.x0);
    column.x1 = Math.max(column.x1, box.x1);
  }
  next.sort((a, b) => a.x0 - b.x0);
  const separate = next.every((column, i) => i === 0 || column.x0 >= next[i - 1]!.x1);
  return matched >= 2 && separate ? next : undefined;
}

function follows(block: Block, box: BBox): boolean {
  return box.y0 > block.last.y0 && box.y0 - block.last.y1 <= ROW_GAP * height(box);
}

/** Numbered paragraphs and footnotes line up like a two-column table; they are a list. */
function isList(block: Block): boolean {
  const first = block.columns[0]!;
  return (
    block.columns.length === 2 &&
    block.rows.every((cells) =>
      cells.some((cell) => overlaps(first, cell.box) && LIST_MARKER.test(cell.text)),
    )
  );
}

function toTable(block: Block): Table | undefined {
  if (block.rows.length < 2 || block.columns.length < 2 || isList(block)) return undefined;
  const rows = block.rows.map((cells, row) =>
    block.columns.map((column, col): Cell => {
      const inside = cells.filter((cell) => overlaps(column, cell.box));
      const bbox = unionBox(inside.map((cell) => cell.box));
      const text = inside.map((cell) => cell.text).join(' ');
      return bbox
        ? { text, row, col, rowSpan: 1, colSpan: 1, bbox }
        : { text, row, col, rowSpan: 1, colSpan: 1 };
    }),
  );
  const bbox = unionBox(block.rows.flat().map((cell) => cell.box));
  return bbox ? { rows, bbox } : { rows };
}

/**
 * Tables found as runs of consecutive lines whose cells (word groups apart by wide blanks) fall
 * into the same column ranges: at least two rows of at least two columns.
 */
export function findTables(lines: Line[]): Table[] {
  const tables: Table[] = [];
  let block: Block | undefined;
  const close = () => {
    const table = block && toTable(block);
    if (table) tables.push(table);
    block = undefined;
  };
  for (const line of lines) {
    const cells = segments(line);
    if (cells.length < 2 || !line.bbox) {
      close();
      continue;
    }
    const columns = block && follows(block, line.bbox) ? alignColumns(block.columns, cells) : undefined;
    if (block && columns) {
      block.columns = columns;
      block.rows.push(cells);
      block.last = line.bbox;
      continue;
    }
    close();
    block = { columns: cells.map(({ box }) => ({ x0: box.x0, x1: box.x1 })), rows: [cells], last: line.bbox };
  }
  close();
  return tables;
}
