import { type Row, rowOf } from './rows.ts';
import type { Run } from './text-runs.ts';

interface Span {
  x0: number;
  x1: number;
}

/** Rows looked at together to propose a gutter: columns rarely share baselines exactly. */
const WINDOW_ROWS = 3;
/** Lines each column must hold before the page is read column by column. */
const MIN_COLUMN_ROWS = 3;
/** Narrowest gutter, in points and in font sizes: wider than any word space of justified text. */
const MIN_GUTTER_PT = 6;
const MIN_GUTTER_EMS = 1;
/**
 * A side reads as prose when its lines hold several words and fill most of its width. Four words:
 * the halves of an invoice set as a form ("Bill To", "Evergreen Foods LLC", "10 Pallet wrap") hold
 * three at most and must stay whole rows; Kleister-NDA read the same at three and four.
 */
const PROSE_WORDS = 4;
const PROSE_FILL = 0.5;
/** Share of a side's runs that must hold a letter: a column of figures is a table's, not prose. */
const WORDED = 0.5;

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Free stretches between the runs of some rows, at least `minWidth` wide. */
function interiorGaps(rows: Row[], minWidth: number): Span[] {
  const spans = rows.flatMap((row) => row.runs).sort((a, b) => a.x0 - b.x0);
  const gaps: Span[] = [];
  let reach = spans[0]?.x1 ?? 0;
  for (const span of spans) {
    if (span.x0 - reach >= minWidth) gaps.push({ x0: reach, x1: span.x0 });
    reach = Math.max(reach, span.x1);
  }
  return gaps;
}

/** The widest part of `gap` that no run of the row covers. */
function narrow(gap: Span, runs: Run[]): Span {
  let best: Span = { x0: gap.x0, x1: gap.x0 };
  let from = gap.x0;
  for (const run of runs) {
    if (run.x1 <= from || run.x0 >= gap.x1) continue;
    if (run.x0 - from > best.x1 - best.x0) best = { x0: from, x1: run.x0 };
    from = Math.max(from, run.x1);
  }
  if (gap.x1 - from > best.x1 - best.x0) best = { x0: from, x1: gap.x1 };
  return best;
}

function isProse(lines: Run[][]): boolean {
  if (lines.length < MIN_COLUMN_ROWS) return false;
  const left = Math.min(...lines.map((runs) => runs[0]!.x0));
  const right = Math.max(...lines.map((runs) => runs.at(-1)!.x1));
  const words = median(lines.map((runs) => runs.length));
  const fill = median(lines.map((runs) => runs.at(-1)!.x1 - runs[0]!.x0));
  const runs = lines.flat();
  const worded = runs.filter((run) => /\p{L}/u.test(run.text)).length >= WORDED * runs.length;
  return words >= PROSE_WORDS && fill >= PROSE_FILL * (right - left) && worded;
}

function sides(rows: Row[], gutter: Span): [Run[][], Run[][]] {
  const middle = (gutter.x0 + gutter.x1) / 2;
  const left = rows
    .map((row) => row.runs.filter((run) => run.x1 <= middle))
    .filter((runs) => runs.length > 0);
  const right = rows
    .map((row) => row.runs.filter((run) => run.x0 >= middle))
    .filter((runs) => runs.length > 0);
  return [left, right];
}

/** A row whose runs right of the gutter are all figures, with words left of it. */
function figuresOnlyRight(row: Row, gutter: Span): boolean {
  const [[left = []], [right = []]] = sides([row], gutter);
  return (
    right.length > 0 &&
    left.some((run) => /\p{L}/u.test(run.text)) &&
    right.every((run) => /\d/.test(run.text) && !/\p{L}{2}/u.test(run.text))
  );
}

/**
 * From row `start`, the longest run of rows that a gutter crosses without touching text, when the
 * text on both sides reads as prose. Tables and "label … value" rows fail the prose test and so
 * stay whole lines.
 */
function findColumns(rows: Row[], start: number): { end: number; gutter: Span } | undefined {
  const window = rows.slice(start, start + WINDOW_ROWS);
  if (window.length < WINDOW_ROWS) return undefined;
  const minGutter = Math.max(MIN_GUTTER_PT, MIN_GUTTER_EMS * median(window.map((row) => row.size)));
  for (const gap of interiorGaps(window, minGutter)) {
    let gutter = gap;
    let end = start;
    while (end < rows.length) {
      const free = narrow(gutter, rows[end]!.runs);
      if (free.x1 - free.x0 < minGutter) break;
      // "Discovery workshop   1   1,850.00   1,850.00": words on the left and only figures on the
      // right are a table's row, read across; the columns above end there.
      if (figuresOnlyRight(rows[end]!, free)) break;
      gutter = free;
      end++;
    }
    const [left, right] = sides(rows.slice(start, end), gutter);
    if (isProse(left) && isProse(right)) return { end, gutter };
  }
  return undefined;
}

/**
 * Lines in reading order, each as its runs: rows top to bottom, except that where the page is set
 * in columns, each column is read to its end before the next (left to right).
 */
export function readingOrder(rows: Row[]): Run[][] {
  const lines: Run[][] = [];
  let i = 0;
  while (i < rows.length) {
    const columns = findColumns(rows, i);
    if (!columns) {
      lines.push(rows[i]!.runs);
      i++;
      continue;
    }
    for (const side of sides(rows.slice(i, columns.end), columns.gutter)) {
      lines.push(...readingOrder(side.map((runs) => rowOf(runs)!)));
    }
    i = columns.end;
  }
  return lines;
}
