/**
 * Durations as contracts and invoices write them: "two (2) years", "a period of 5 yrs", "thirty-six
 * months", "a twelve-month term", normalised to "<n> <unit>" ("2 years", "1 year", "36 months").
 */
import units from './data/duration-units.json' with { type: 'json' };
import { articleValue, isTens, numberWordValue, unitWordValue } from './number-words.ts';
import { isPunct, type Token, tokenize } from './tokens.ts';
import { type EntitySpan, entity, type Found, scanSpans } from './types.ts';

const UNIT_OF = new Map<string, string>();
for (const [unit, forms] of Object.entries(units)) for (const form of forms) UNIT_OF.set(form, unit);

/** Words that may stand between a count and its unit: "30 business days", "two additional years". */
const QUALIFIERS = new Set([
  'calendar',
  'business',
  'working',
  'banking',
  'consecutive',
  'full',
  'additional',
  'further',
  'successive',
  'complete',
]);

/** Beyond these a count is more likely a year or a code than a duration ("2019 years" is not one). */
const MAX_COUNT = new Map([
  ['year', 100],
  ['quarter', 400],
  ['month', 1200],
  ['week', 5200],
]);
const MAX_OTHER = 100_000;
const DASH = /[-‐‑]/;

interface Count {
  value: number;
  /** Index of the count's last token. */
  last: number;
  confidence: number;
  /** A unit written inside the count's own token: "12-month", "two-year". */
  unit?: string;
}

export function findDurations(text: string): EntitySpan[] {
  return scanDurations(text, tokenize(text));
}

export function scanDurations(text: string, tokens: Token[]): EntitySpan[] {
  return scanSpans(tokens.length, (i) => durationAt(text, tokens, i));
}

function durationAt(text: string, tokens: Token[], i: number): Found | null {
  const count = countAt(tokens, i);
  if (!count) return null;
  let unit = count.unit;
  let last = count.last;
  if (!unit) {
    let k = count.last + 1;
    if (QUALIFIERS.has(tokens[k]?.lower ?? '')) k++;
    unit = unitOf(tokens[k]);
    if (!unit) return null;
    last = k;
  }
  if (count.value <= 0 || count.value > (MAX_COUNT.get(unit) ?? MAX_OTHER)) return null;
  const start = tokens[i]!.start;
  const end = tokens[last]!.end;
  const value = `${count.value} ${count.value === 1 ? unit : `${unit}s`}`;
  return { span: entity(text, start, end, value, count.confidence, 'duration'), next: last + 1 };
}

/** A count at tokens[i]: digits, number words, "a"/"an", each optionally followed by "(12)" or "(twelve)". */
function countAt(tokens: Token[], i: number): Count | null {
  const t = tokens[i]!;
  if (t.kind === 'punct') return null;
  const article = articleValue(t.lower);
  if (article !== null) {
    // "a year", "an additional year"; in "a 12 month term" the article is not the count.
    const k = QUALIFIERS.has(tokens[i + 1]?.lower ?? '') ? i + 2 : i + 1;
    return unitOf(tokens[k]) ? { value: article, last: i, confidence: 0.7 } : null;
  }
  const main = plainCountAt(tokens, i);
  if (!main || main.unit) return main;
  const paren = parentheticalAt(tokens, main.last + 1);
  if (!paren) return main;
  // The figure wins when words and figure disagree: it is what drafters check.
  const digits = paren.digits ? paren.value : main.value;
  return { value: digits, last: paren.last, confidence: 0.95 };
}

function plainCountAt(tokens: Token[], i: number): Count | null {
  const t = tokens[i]!;
  if (t.kind === 'num') return decimalAt(tokens, i);
  // Most words are not counts: look at the part before any hyphen before splitting anything.
  const dash = t.lower.search(DASH);
  const head = dash < 0 ? t.lower : t.lower.slice(0, dash);
  if (!/^\d/.test(head) && numberWordValue(head) === null) return null;
  const parts = t.lower.split(DASH);
  // "12-month", "two-year", "thirty-six-month": the unit is the token's last part.
  const tailUnit = parts.length > 1 ? UNIT_OF.get(parts[parts.length - 1]!) : undefined;
  if (tailUnit) {
    const head = parts.slice(0, -1).join('-');
    const value = /^\d+$/.test(head) ? Number(head) : numberWordValue(head);
    return value === null ? null : { value, last: i, confidence: 0.85, unit: tailUnit };
  }
  const value = numberWordValue(t.lower);
  if (value === null) return null;
  if (isTens(t.lower) && tokens[i + 1]?.gap === 'space') {
    const ones = unitWordValue(tokens[i + 1]!.lower);
    if (ones !== null) return { value: value + ones, last: i + 1, confidence: 0.85 };
  }
  return { value, last: i, confidence: 0.85 };
}

/** "12" or "1.5" (the decimal only when written tight). */
function decimalAt(tokens: Token[], i: number): Count | null {
  const t = tokens[i]!;
  if (t.text.length > 6) return null;
  const dot = tokens[i + 1];
  const frac = tokens[i + 2];
  if (isPunct(dot, '.') && dot!.gap === 'none' && frac?.kind === 'num' && frac.gap === 'none') {
    return { value: Number(`${t.text}.${frac.text}`), last: i + 2, confidence: 0.9 };
  }
  return { value: Number(t.text), last: i, confidence: 0.9 };
}

function parentheticalAt(
  tokens: Token[],
  k: number,
): { value: number; digits: boolean; last: number } | null {
  if (!isPunct(tokens[k], '(')) return null;
  const inner = tokens[k + 1];
  if (!inner) return null;
  const close = tokens[k + 2];
  if (!isPunct(close, ')')) return null;
  if (inner.kind === 'num') return { value: Number(inner.text), digits: true, last: k + 2 };
  const word = numberWordValue(inner.lower);
  return word === null ? null : { value: word, digits: false, last: k + 2 };
}

function unitOf(t: Token | undefined): string | undefined {
  return t && t.kind === 'word' ? UNIT_OF.get(t.lower) : undefined;
}

/** Days in each unit, for a duration asked for in another unit ("3 months" as notice days: 90). */
const DAYS_IN: Record<string, number> = { day: 1, week: 7, month: 30, quarter: 91, year: 365 };

/**
 * A normalised duration ("3 months") as a number of `unit`s: exact when the units match or one is a
 * whole multiple of the other (2 years = 24 months), else by days (a month is 30, as contracts
 * reckon notice); null when the result is not whole.
 */
export function durationInUnit(value: string, unit: string): number | null {
  const match = /^(\d+(?:\.\d+)?) (\w+?)s?$/.exec(value);
  if (!match) return null;
  const count = Number(match[1]);
  const from = match[2]!;
  if (from === unit) return count;
  const months: Record<string, number> = { month: 1, quarter: 3, year: 12 };
  const inUnit =
    months[from] !== undefined && months[unit] !== undefined
      ? (count * months[from]) / months[unit]
      : DAYS_IN[from] !== undefined && DAYS_IN[unit] !== undefined
        ? (count * DAYS_IN[from]) / DAYS_IN[unit]
        : null;
  return inUnit !== null && Number.isInteger(inUnit) ? inUnit : null;
}

/** The first duration in `text` that starts within `reach` characters, counted in `unit`. */
export function firstDurationIn(
  text: string,
  unit: string,
  reach: number,
): { start: number; end: number; value: number } | null {
  const span = findDurations(text)[0];
  if (!span || span.start > reach) return null;
  const value = durationInUnit(span.value, unit);
  return value === null ? null : { start: span.start, end: span.end, value };
}

/** The unit a word names ("days", "Tagen", "mois"), or undefined. */
export function durationUnitOf(word: string): string | undefined {
  return UNIT_OF.get(word.toLowerCase());
}
