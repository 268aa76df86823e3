/**
 * Recognises one written date starting at a token: ISO and other numeric forms, day-first and
 * month-first forms with month names, and CJK/Korean year-month-day. Each form looks ahead a bounded
 * number of tokens, so scanning a document is linear.
 */
import type { DateOrder } from '../field.ts';
import { type CalendarDate, dateOrNull, expandYear } from './calendar.ts';
import { monthNumber } from './months.ts';
import { glued, numAt, type Token } from './tokens.ts';

export type DateForm = 'iso' | 'numeric' | 'day-name' | 'month-name' | 'year-name' | 'cjk';

export interface DateMatch extends CalendarDate {
  /** First and last token of the date, inclusive. */
  first: number;
  last: number;
  form: DateForm;
}

export function matchDateAt(tokens: Token[], i: number, order: DateOrder): DateMatch | null {
  const t = tokens[i];
  if (!t || gluedBefore(tokens, i)) return null;
  if (t.kind === 'word') return monthFirst(tokens, i);
  if (t.kind !== 'num') return null;
  if (t.text.length === 4) return yearFirst(tokens, i) ?? cjk(tokens, i);
  if (t.text.length > 2) return null;
  const triple = numericTriple(tokens, i);
  if (triple) return resolveNumeric(triple, order);
  return dayFirst(tokens, i);
}

/** "03/04/2024" before deciding which of the first two numbers is the day. */
export interface NumericTriple {
  first: number;
  last: number;
  a: string;
  b: string;
  c: string;
}

/** Two 1–2 digit numbers and a 2- or 4-digit year joined by the same "/", "-" or "." with no spaces. */
export function numericTriple(tokens: Token[], i: number): NumericTriple | null {
  const a = numAt(tokens, i, 1, 2);
  const sep = tokens[i + 1];
  if (!a || !sep || sep.kind !== 'punct' || !NUMERIC_SEPS.has(sep.text) || sep.spaced) return null;
  const b = glued(numAt(tokens, i + 2, 1, 2));
  const sep2 = glued(punctAt(tokens, i + 3, sep.text));
  const c = glued(numAt(tokens, i + 4, 2, 4));
  if (!b || !sep2 || !c || c.text.length === 3 || continues(tokens, i + 4, sep.text)) return null;
  return { first: i, last: i + 4, a: a.text, b: b.text, c: c.text };
}

/**
 * DMY or MDY as the order says; when that reading is impossible but the other is valid
 * (13/25 cannot both be months) the valid one wins. YMD only applies to all-two-digit dates ("24/03/15").
 */
export function resolveNumeric(t: NumericTriple, order: DateOrder): DateMatch | null {
  const a = Number(t.a);
  const b = Number(t.b);
  let date: CalendarDate | null = null;
  if (order === 'YMD' && t.c.length === 2)
    date = dateOrNull(expandYear(t.a.padStart(2, '0')), b, Number(t.c));
  if (!date) {
    const year = expandYear(t.c);
    const dmy = dateOrNull(year, b, a);
    const mdy = dateOrNull(year, a, b);
    date = order === 'MDY' ? (mdy ?? dmy) : (dmy ?? mdy);
  }
  return date && { ...date, first: t.first, last: t.last, form: 'numeric' };
}

/** 2024-03-03, 2024/3/3, 2024.03.03, 2024-Mar-03, 2024 March 3. */
function yearFirst(tokens: Token[], i: number): DateMatch | null {
  const year = Number(tokens[i]!.text);
  const sep = tokens[i + 1];
  if (sep?.kind === 'punct' && NUMERIC_SEPS.has(sep.text) && !sep.spaced) {
    const month = glued(numAt(tokens, i + 2, 1, 2));
    if (month) {
      const sep2 = glued(punctAt(tokens, i + 3, sep.text));
      const day = glued(numAt(tokens, i + 4, 1, 2));
      if (!sep2 || !day || continues(tokens, i + 4, sep.text)) return null;
      return withSpan(dateOrNull(year, Number(month.text), Number(day.text)), i, i + 4, 'iso');
    }
  }
  const m = skip(tokens, i + 1, FILLERS, 2);
  const month = monthAt(tokens, m);
  if (!month) return null;
  const d = skip(tokens, m + 1, FILLERS, 2);
  const day = numAt(tokens, d, 1, 2);
  return day && withSpan(dateOrNull(year, month, Number(day.text)), i, d, 'year-name');
}

/**
 * 3 March 2024, 3rd of March, 2024, 03-Mar-2024, 3. März 2024, 3 de marzo de 2024, 1er mars 2024,
 * 3 Mar '24, and the legal "6th day of January, 2012".
 */
function dayFirst(tokens: Token[], i: number): DateMatch | null {
  let k = i + 1;
  const suffix = tokens[k];
  if (suffix?.kind === 'word' && !suffix.spaced && ORDINALS.has(suffix.text)) k++;
  if (tokens[k]?.kind === 'word' && tokens[k]!.text.toLowerCase() === 'day') k++;
  k = skip(tokens, k, FILLERS, 3);
  const month = monthAt(tokens, k);
  if (!month) return null;
  return yearAfter(tokens, k + 1, month, Number(tokens[i]!.text), i, 'day-name');
}

/** March 3, 2024, Mar 3rd 2024, Sept. 3, 2024, Mar-03-2024. */
function monthFirst(tokens: Token[], i: number): DateMatch | null {
  const month = monthAt(tokens, i);
  if (!month) return null;
  const d = skip(tokens, i + 1, FILLERS, 2);
  const day = numAt(tokens, d, 1, 2);
  if (!day) return null;
  let k = d + 1;
  const suffix = tokens[k];
  if (suffix?.kind === 'word' && !suffix.spaced && ORDINALS.has(suffix.text)) k++;
  return yearAfter(tokens, k, month, Number(day.text), i, 'month-name');
}

/**
 * The year closing a named-month date. Two digits right after a separator touching them
 * ("03-Mar-24", "Mar '24") or glued to the month ("01APR18", a till's stamp), or after a space when
 * nothing after them could make them a day ("24 MAR 18 13:45"): in "1 Jan - 31 Dec 2024" the 31 is a
 * day, not 2031.
 */
function yearAfter(tokens: Token[], k: number, month: number, day: number, first: number, form: DateForm) {
  const end = skip(tokens, k, FILLERS, 3);
  const prev = tokens[end - 1];
  const year = tokens[end];
  const short =
    (end > k && !year?.spaced && prev?.kind === 'punct' && SHORT_YEAR_SEPS.has(prev.text)) ||
    (end === k && prev?.kind === 'word' && year?.spaced === false) ||
    (form === 'day-name' && end === k && year?.spaced === true && !dayOfAnotherDate(tokens, end));
  if (!numAt(tokens, end, short ? 2 : 4, 4) || year!.text.length === 3) return null;
  return withSpan(dateOrNull(expandYear(year!.text), month, day), first, end, form);
}

/**
 * The number is not a year but a day or an hour: a month name follows it ("1 Jan 31 Dec",
 * "1 Mar 31-Dec"), or a time separator touches it ("1 Mar 10:30").
 */
function dayOfAnotherDate(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  if (next?.kind === 'punct' && !next.spaced && next.text === ':') return true;
  return monthAt(tokens, skip(tokens, i + 1, FILLERS, 2)) > 0;
}

/** 2024年3月3日 and 2024년 3월 3일. */
function cjk(tokens: Token[], i: number): DateMatch | null {
  const month = numAt(tokens, i + 2, 1, 2);
  const day = numAt(tokens, i + 4, 1, 2);
  if (!isWord(tokens[i + 1], '年', '년') || !month || !isWord(tokens[i + 3], '月', '월') || !day) return null;
  const last = isWord(tokens[i + 5], '日', '일') ? i + 5 : i + 4;
  return withSpan(dateOrNull(Number(tokens[i]!.text), Number(month.text), Number(day.text)), i, last, 'cjk');
}

const NUMERIC_SEPS = new Set(['/', '-', '.']);
const ORDINALS = new Set(['st', 'nd', 'rd', 'th', 'er', 're', 'e', 'eme', 'o', 'a', 'º', 'ª']);
/** What may sit between day, month and year: punctuation and the "of"/"de" of "3rd of March", "3 de marzo". */
const FILLERS = new Set(['.', ',', '-', '/', "'", '’', 'of', 'de', 'del']);

const SHORT_YEAR_SEPS = new Set(['-', '/', '.', "'", '’']);

/** The index after up to `max` filler tokens from k. */
function skip(tokens: Token[], k: number, allowed: Set<string>, max: number): number {
  let index = k;
  while (index - k < max && tokens[index] && allowed.has(tokens[index]!.text)) index++;
  return index;
}

function withSpan(date: CalendarDate | null, first: number, last: number, form: DateForm): DateMatch | null {
  return date && { ...date, first, last, form };
}

function punctAt(tokens: Token[], i: number, char: string): Token | null {
  const t = tokens[i];
  return t?.kind === 'punct' && t.text === char ? t : null;
}

function monthAt(tokens: Token[], i: number): number {
  const t = tokens[i];
  return t?.kind === 'word' ? monthNumber(t.text) : 0;
}

function isWord(t: Token | undefined, ...texts: string[]): boolean {
  return t?.kind === 'word' && texts.includes(t.text);
}

/** The same separator and another number follow: a version, an IP address or a longer code, not a date. */
function continues(tokens: Token[], last: number, sep: string): boolean {
  const next = tokens[last + 1];
  return (
    !!next &&
    !next.spaced &&
    next.text === sep &&
    tokens[last + 2]?.kind === 'num' &&
    !tokens[last + 2]!.spaced
  );
}

/** A date cannot start inside a word or code ("A3", "v1.2.10", the "10" of "1.10.20"). */
function gluedBefore(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const prev = tokens[i - 1];
  if (!prev || t.spaced) return false;
  if (prev.kind === 'word') return prev.text.charCodeAt(0) < 0x2e80 || t.kind === 'word';
  if (prev.kind === 'num') return true;
  const before = tokens[i - 2];
  return NUMERIC_SEPS.has(prev.text) && !prev.spaced && before?.kind === 'num' && t.kind === 'num';
}
