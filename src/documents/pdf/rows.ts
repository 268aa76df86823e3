import type { Run } from './text-runs.ts';

/** Runs sharing a baseline, left to right. */
export interface Row {
  runs: Run[];
  top: number;
  bottom: number;
  baseline: number;
  /** Font size of the row's largest run. */
  size: number;
}

/** Part of the font size above the baseline that decides whether two runs share a line. */
const CORE = 0.7;

/** True when the run's core band overlaps the row's by at least half of the smaller one. */
function sharesLine(row: Row, run: Run): boolean {
  const rowTop = row.baseline - CORE * row.size;
  const runTop = run.baseline - CORE * run.size;
  const overlap = Math.min(row.baseline, run.baseline) - Math.max(rowTop, runTop);
  return overlap >= 0.5 * CORE * Math.min(row.size, run.size);
}

function addRun(row: Row, run: Run): void {
  row.runs.push(run);
  row.top = Math.min(row.top, run.top);
  row.bottom = Math.max(row.bottom, run.bottom);
  // Superscripts and footnote marks must not move the line: the largest run defines it.
  if (run.size > row.size) {
    row.size = run.size;
    row.baseline = run.baseline;
  }
}

/** Text printed twice at almost the same spot (a common way to fake bold) is kept once. */
function dropOverprint(runs: Run[]): Run[] {
  const kept: Run[] = [];
  for (const run of runs) {
    const tolerance = 0.3 * run.size;
    let twin = false;
    for (let i = kept.length - 1; i >= 0 && kept[i]!.x0 > run.x0 - tolerance; i--) {
      const other = kept[i]!;
      if (other.text === run.text && Math.abs(other.baseline - run.baseline) < tolerance) twin = true;
    }
    if (!twin) kept.push(run);
  }
  return kept;
}

/** Groups runs into rows, top to bottom, each row's runs sorted along the baseline. */
export function groupRows(runs: Run[]): Row[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: Row[] = [];
  let current: Row | undefined;
  for (const run of sorted) {
    if (current && sharesLine(current, run)) addRun(current, run);
    else {
      current = { runs: [run], top: run.top, bottom: run.bottom, baseline: run.baseline, size: run.size };
      rows.push(current);
    }
  }
  for (const row of rows) row.runs = dropOverprint(row.runs.sort((a, b) => a.x0 - b.x0));
  return rows.flatMap(liftStamps);
}

/** A word this many times taller than a word it is printed across is a stamp, not a word of the row. */
const STAMP_RATIO = 2;

/**
 * A stamp ("DUPLICATE", "PAID") printed large over a row shares its baseline but not its text: kept in
 * the row, it would stand between a label and its value and join cells that are apart. It becomes a
 * line of its own, after the row.
 */
function liftStamps(row: Row): Row[] {
  const stamps = row.runs.filter((run) =>
    row.runs.some((other) => other.size * STAMP_RATIO <= run.size && other.x0 < run.x1 && other.x1 > run.x0),
  );
  if (stamps.length === 0) return [row];
  const rest = rowOf(row.runs.filter((run) => !stamps.includes(run)));
  return rest ? [rest, rowOf(stamps)!] : [row];
}

/** A row made of some of another row's runs (one side of a column gutter). */
export function rowOf(runs: Run[]): Row | undefined {
  const [first, ...rest] = runs;
  if (!first) return undefined;
  const row: Row = {
    runs: [first],
    top: first.top,
    bottom: first.bottom,
    baseline: first.baseline,
    size: first.size,
  };
  for (const run of rest) addRun(row, run);
  return row;
}
