import { alignedTables, type PieceLine } from '../aligned-tables.ts';
import { unionBox } from '../bbox.ts';
import type { BBox, Line, Table, Word } from '../model.ts';

/** Smallest blank, in line heights, that separates two cells rather than two words. */
const CELL_GAP = 0.9;
/** Largest blank between two rows of one table, in line heights. */
const ROW_GAP = 2.5;

const height = (box: { top: number; bottom: number }) => box.bottom - box.top;

/** The line cut at blanks too wide to be word spaces; undefined when its words carry no boxes. */
function pieceLine(line: Line): PieceLine | undefined {
  const words = line.words.filter((word): word is Word & { bbox: BBox } => word.bbox !== undefined);
  if (!line.bbox || words.length === 0 || words.length !== line.words.length) return undefined;
  const gap = CELL_GAP * (line.bbox.y1 - line.bbox.y0);
  const groups: (Word & { bbox: BBox })[][] = [];
  let previous: BBox | undefined;
  for (const word of words) {
    if (previous && word.bbox.x0 - previous.x1 < gap) groups.at(-1)!.push(word);
    else groups.push([word]);
    previous = word.bbox;
  }
  const pieces = groups.map((group) => {
    const bbox = unionBox(group.map((word) => word.bbox))!;
    return { text: group.map((word) => word.text).join(' '), x0: bbox.x0, x1: bbox.x1, bbox };
  });
  return { pieces, top: line.bbox.y0, bottom: line.bbox.y1 };
}

const follows = (last: PieceLine, next: PieceLine) =>
  next.top > last.top && next.top - last.bottom <= ROW_GAP * height(next);

/**
 * Tables found as runs of consecutive lines whose cells (word groups apart by wide blanks) fall
 * into the same column ranges: at least two rows of at least two columns.
 */
export function findTables(lines: Line[]): Table[] {
  const tables: Table[] = [];
  let run: PieceLine[] = [];
  // A line without geometry cannot be placed in a column: it ends the run.
  for (const line of lines) {
    const pieces = pieceLine(line);
    if (pieces) run.push(pieces);
    else {
      tables.push(...alignedTables(run, follows));
      run = [];
    }
  }
  tables.push(...alignedTables(run, follows));
  return tables;
}
