import type { DateOrder } from '../field.ts';

type Part = 'D' | 'M' | 'Y';

const WORDS = new Map<string, DateOrder>([
  ['day-first', 'DMY'],
  ['month-first', 'MDY'],
  ['year-first', 'YMD'],
]);

const ORDERS = new Map<string, DateOrder>([
  ['DMY', 'DMY'],
  ['MDY', 'MDY'],
  ['YMD', 'YMD'],
  ['DM', 'DMY'],
  ['MD', 'MDY'],
]);

/** strftime conversions that stand for a day, a month or a year; %D and %F are whole dates. */
const STRFTIME = new Map<string, string>([
  ['d', 'D'],
  ['e', 'D'],
  ['m', 'M'],
  ['b', 'M'],
  ['B', 'M'],
  ['h', 'M'],
  ['Y', 'Y'],
  ['y', 'Y'],
  ['G', 'Y'],
  ['D', 'MDY'],
  ['F', 'YMD'],
]);

/**
 * The day/month/year order a `date_format` hint implies: a pattern (DD/MM/YYYY, MM-DD-YY,
 * YYYY.MM.DD, d.M.yy, %d/%m/%Y) or a word (day-first, month-first, year-first). Undefined when the
 * hint does not show where both the day and the month go, or puts them in an unusual order.
 */
export function dateOrderFromFormat(hint: string): DateOrder | undefined {
  const word = WORDS.get(
    hint
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-'),
  );
  if (word !== undefined) return word;
  const parts = hint.includes('%') ? strftimeParts(hint) : patternParts(hint);
  return ORDERS.get(firstOccurrences(parts));
}

function strftimeParts(hint: string): string {
  let parts = '';
  for (const match of hint.matchAll(/%[-_0^#]?([A-Za-z])/g)) parts += STRFTIME.get(match[1] ?? '') ?? '';
  return parts;
}

/**
 * Runs of one letter: y/Y year, d/D day (three or more are weekday names), M month. A lower-case m
 * is a month only when the pattern has no capital M, since "HH:mm" uses it for minutes.
 */
function patternParts(hint: string): string {
  const lowerMonth = !hint.includes('M');
  let parts = '';
  for (const match of hint.matchAll(/([A-Za-z])\1*/g)) {
    const run = match[0];
    const part = partOfRun(run, lowerMonth);
    if (part !== undefined) parts += part;
  }
  return parts;
}

function partOfRun(run: string, lowerMonth: boolean): Part | undefined {
  const letter = run[0];
  if (letter === 'y' || letter === 'Y') return 'Y';
  if ((letter === 'd' || letter === 'D') && run.length <= 2) return 'D';
  if (letter === 'M' || (letter === 'm' && lowerMonth)) return 'M';
  return undefined;
}

/** "DMYMD" → "DMY": the order in which each part first appears. */
function firstOccurrences(parts: string): string {
  let order = '';
  for (const part of parts) if (!order.includes(part)) order += part;
  return order;
}
