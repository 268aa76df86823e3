/**
 * Reads a run of digit groups and separators ("1.234,56", "1 234 567", "12,50") and decides which
 * separator is the decimal mark from the separators' positions alone. Linear in the run's length.
 */
import { digitValue } from './text.ts';

export type DecimalMark = '.' | ',';

/**
 * '.' and ',' may be decimal or grouping marks; "'" and "_" (apostrophes, no-break and thin spaces)
 * only ever group digits; ' ' (a plain space) may group digits or merely separate two numbers.
 */
type Sep = '.' | ',' | "'" | '_' | ' ';

export interface DigitRun {
  groups: string[];
  seps: Sep[];
  /** Source offsets of each group. */
  starts: number[];
  ends: number[];
}

export interface RunValue {
  start: number;
  end: number;
  value: number;
  decimals: boolean;
  grouped: boolean;
  /**
   * Plain spaces that may just as well separate two numbers: "1 234" (accepted next to a currency)
   * and "1 234.56" (accepted after a leading currency: "2 100.00 USD" is more often a quantity and a
   * price than "$1 234.56" is).
   */
  weak: 'none' | 'space-int' | 'space-point';
  /** "72.000", "1,250": one mark before three digits, read as the document's notation says. */
  ambiguous?: boolean;
}

function sepAt(text: string, index: number): Sep | null {
  switch (text.charCodeAt(index)) {
    case 0x2e: // .
    case 0x66b: // Arabic decimal separator
    case 0xff0e: // full-width full stop
      return '.';
    case 0x2c: // ,
    case 0xff0c: // full-width comma
      return ',';
    case 0x27: // '
    case 0x2019: // ’
    case 0x66c: // Arabic thousands separator
      return "'";
    case 0xa0:
    case 0x202f:
    case 0x2009:
    case 0x2007:
      return '_';
    case 0x20:
      return ' ';
    default:
      return null;
  }
}

/** The run starting at `index`: a digit, or a "." directly followed by a digit (".5"). */
export function readRun(text: string, index: number): DigitRun {
  const run: DigitRun = { groups: [], seps: [], starts: [], ends: [] };
  let i = index;
  if (text.charCodeAt(i) === 0x2e) {
    // ".5" is read as "0.5"; the virtual "0" group is empty in the source.
    run.groups.push('0');
    run.starts.push(i);
    run.ends.push(i);
    run.seps.push('.');
    i++;
  }
  for (;;) {
    const start = i;
    let digits = '';
    for (let d = digitValue(text.charCodeAt(i)); d >= 0; d = digitValue(text.charCodeAt(i))) {
      digits += d;
      i++;
    }
    run.groups.push(digits);
    run.starts.push(start);
    run.ends.push(i);
    const sep = sepAt(text, i);
    if (sep === null || digitValue(text.charCodeAt(i + 1)) < 0) return run;
    run.seps.push(sep);
    i++;
  }
}

/**
 * Splits a run into numbers. A plain space only joins groups when the result is a well-formed grouped
 * number; otherwise the run is cut there ("2 100.00" is a quantity and a price). The longest well-formed
 * prefix wins, trying at most MAX_SPACE_GROUPS space-joined pieces so the work stays linear.
 */
export function splitRun(
  run: DigitRun,
  mark: DecimalMark | undefined,
  accept: (value: RunValue) => boolean,
): RunValue[] {
  const bounds = [0];
  run.seps.forEach((sep, k) => {
    if (sep === ' ') bounds.push(k + 1);
  });
  bounds.push(run.groups.length);
  const pieces = bounds.length - 1;
  const out: RunValue[] = [];
  let p = 0;
  while (p < pieces) {
    let taken = 0;
    for (let q = Math.min(pieces, p + MAX_SPACE_GROUPS); q > p; q--) {
      const value = interpret(run, bounds[p]!, bounds[q]!, mark);
      if (value && accept(value)) {
        out.push(value);
        taken = q - p;
        break;
      }
    }
    p += taken || 1;
  }
  return out;
}

const MAX_SPACE_GROUPS = 5;

/** Interprets groups [from, to) of a run as one number, or null when the separators do not fit together. */
function interpret(run: DigitRun, from: number, to: number, mark: DecimalMark | undefined): RunValue | null {
  const groups = run.groups.slice(from, to);
  const seps = run.seps.slice(from, to - 1);
  const shape = decide(groups, seps, mark);
  if (!shape) return null;
  const intPart = groups.slice(0, shape.intGroups).join('');
  const text = shape.intGroups < groups.length ? `${intPart}.${groups[groups.length - 1]}` : intPart;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return {
    start: run.starts[from]!,
    end: run.ends[to - 1]!,
    value: value === 0 ? 0 : value,
    decimals: shape.intGroups < groups.length,
    grouped: shape.intGroups > 1,
    weak:
      shape.weak ?? (shape.intGroups === 2 && groups.length === 2 && seps[0] === ' ' ? 'space-int' : 'none'),
    ...(shape.ambiguous ? { ambiguous: true } : {}),
  };
}

interface Shape {
  intGroups: number;
  weak?: RunValue['weak'];
  ambiguous?: boolean;
}

/** How many leading groups form the integer part; the rest (at most one group) is the fraction. */
function decide(groups: string[], seps: Sep[], mark: DecimalMark | undefined): Shape | null {
  const n = seps.length;
  if (n === 0) return { intGroups: 1 };
  const last = seps[n - 1]!;
  const grouping = seps[0]!;
  for (let k = 1; k < n - 1; k++) if (seps[k] !== grouping) return null;
  if (last === '.' || last === ',') {
    if (n === 1) return singleMark(groups[0]!, groups[1]!, last, mark);
    if (grouping === last) return validGrouping(groups, last) ? { intGroups: groups.length } : null;
    if (!validGrouping(groups.slice(0, n), grouping)) return null;
    return grouping === ' ' && last === '.' ? { intGroups: n, weak: 'space-point' } : { intGroups: n };
  }
  if (seps[n - 1] !== grouping) return null;
  return validGrouping(groups, grouping) ? { intGroups: groups.length } : null;
}

/**
 * One "." or ",": exactly three digits after it after a short non-zero lead is the ambiguous case.
 * Without a hint a comma there groups thousands ("1,234" is how amounts are written in most of the
 * world) while a point is decimal ("1.234 kg"), matching the notation software emits by default.
 */
function singleMark(lead: string, tail: string, sep: DecimalMark, mark: DecimalMark | undefined): Shape {
  if (tail.length !== 3 || lead.length > 3 || lead.startsWith('0')) return { intGroups: 1 };
  return sep === (mark ?? '.') ? { intGroups: 1, ambiguous: true } : { intGroups: 2, ambiguous: true };
}

/** 1–3 digits then groups of three, or the Indian 1–2 digits, pairs, then three (1,23,45,678). */
function validGrouping(groups: string[], sep: Sep): boolean {
  const first = groups[0]!;
  if (groups.length < 2 || first.length === 0 || first.length > 3 || first.startsWith('0')) return false;
  if (groups[groups.length - 1]!.length !== 3) return false;
  if (groups.every((g, k) => k === 0 || g.length === 3)) return true;
  if (sep !== ',' || first.length > 2) return false;
  return groups.every((g, k) => k === 0 || k === groups.length - 1 || g.length === 2);
}
