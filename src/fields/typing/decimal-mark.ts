/** Which decimal mark a whole document uses, to settle "1.234" and "1,234" in its ambiguous numbers. */
import { type DecimalMark, readRun } from './number-run.ts';
import { isDigitAt } from './text.ts';

/**
 * Votes from unambiguous numbers: "1.234,56" and "1.234.567" say ",", "1,234.56" and "1,234,567" say ".",
 * and a lone mark before two digits ("12,50", "12.50") votes weakly because "12.10" may be a clause
 * number. Undefined when there is no cue or the votes tie.
 */
export function guessDecimalMark(text: string): DecimalMark | undefined {
  let comma = 0;
  let point = 0;
  let i = 0;
  while (i < text.length) {
    if (!isDigitAt(text, i)) {
      i++;
      continue;
    }
    const run = readRun(text, i);
    let from = 0;
    for (let k = 0; k <= run.seps.length; k++) {
      // Plain spaces may separate two numbers, so each space-delimited piece votes on its own.
      if (k < run.seps.length && run.seps[k] !== ' ') continue;
      const cue = pieceCue(run.groups.slice(from, k + 1), run.seps.slice(from, k));
      if (cue?.mark === ',') comma += cue.weight;
      if (cue?.mark === '.') point += cue.weight;
      from = k + 1;
    }
    i = run.ends[run.ends.length - 1]!;
  }
  if (comma === point) return undefined;
  return comma > point ? ',' : '.';
}

function pieceCue(groups: string[], seps: string[]): { mark: DecimalMark; weight: number } | null {
  const marks = seps.filter((s) => s === '.' || s === ',') as DecimalMark[];
  const last = marks[marks.length - 1];
  if (last === undefined) return null;
  if (marks.some((s) => s !== last)) return seps[seps.length - 1] === last ? { mark: last, weight: 3 } : null;
  if (marks.length > 1) {
    const grouped = groups.every((g, k) => k === 0 || g.length === 3);
    return grouped ? { mark: last === '.' ? ',' : '.', weight: 2 } : null;
  }
  const tail = groups[seps.lastIndexOf(last) + 1]!.length;
  if (tail === 2 || (tail === 1 && last === ',')) return { mark: last, weight: 1 };
  return null;
}
