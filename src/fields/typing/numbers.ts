/** Numbers as printed in documents: US and European notation, currencies, signs, parentheses, percents. */
import { type CurrencyMark, currencyAfter, currencyBefore } from './currency.ts';
import { type DecimalMark, type RunValue, readRun, splitRun } from './number-run.ts';
import type { ValueSpan } from './spans.ts';
import { isDigitAt, isLetterAt, isSpaceAt } from './text.ts';

export type { DecimalMark } from './number-run.ts';

export interface NumberHint {
  /** The document's decimal mark (see guessDecimalMark); only settles "1.234" and "1,234". */
  decimalMark?: DecimalMark;
}

export interface NumberSpan extends ValueSpan<number> {
  /** The currency written next to the number, as written ("€", "RM", "USD"). */
  currency?: string;
  percent: boolean;
  /** Written like an amount: with a currency, a percent sign, decimals or thousands separators. */
  amount: boolean;
}

interface Candidate extends NumberSpan {
  /** Part of a code, date, time or range ("INV-123", "A4", "03/04", "14:05"). */
  joined: boolean;
}

/**
 * The number a text holds: the first amount-looking one ("Total: RM 54.50" -> 54.5, even after an
 * invoice number), else the first standalone number, else a number inside a code. Null without digits.
 */
export function parseNumber(text: string, hint?: NumberHint): number | null {
  let plain: number | null = null;
  let joined: number | null = null;
  for (const c of scanNumbers(text, hint?.decimalMark)) {
    if (!c.joined && c.amount) return c.value;
    if (!c.joined) plain ??= c.value;
    else joined ??= c.value;
  }
  return plain ?? joined;
}

/** An integer, or null when the number has a fractional part ("12.00" -> 12, "12.5" -> null). */
export function parseInteger(text: string, hint?: NumberHint): number | null {
  const value = parseNumber(text, hint);
  if (value === null) return null;
  const rounded = Math.round(value);
  if (Math.abs(value - rounded) > 1e-9) return null;
  return rounded === 0 ? 0 : rounded;
}

/** Every standalone number in a text (not those inside codes, dates or times), in order. */
export function findNumberSpans(text: string, hint?: NumberHint): NumberSpan[] {
  const spans: NumberSpan[] = [];
  for (const { joined, ...span } of scanNumbers(text, hint?.decimalMark)) if (!joined) spans.push(span);
  return spans;
}

function* scanNumbers(text: string, mark: DecimalMark | undefined): Generator<Candidate> {
  let i = 0;
  // Spans never overlap: in "5 € 10" the "€" belongs to the 5, not also to the 10.
  let floor = 0;
  while (i < text.length) {
    if (!startsRun(text, i)) {
      i++;
      continue;
    }
    const run = readRun(text, i);
    const values = splitRun(run, mark, (v) => acceptSpaced(text, v));
    for (const value of values) {
      const candidate = withContext(text, value, floor);
      floor = candidate.end;
      yield candidate;
    }
    i = run.ends[run.ends.length - 1]!;
  }
}

function startsRun(text: string, i: number): boolean {
  if (isDigitAt(text, i)) return true;
  // ".5" but not the "5" of "v.5" or "1..5"
  const prev = text.charCodeAt(i - 1);
  return (
    text.charCodeAt(i) === 0x2e &&
    isDigitAt(text, i + 1) &&
    !isLetterAt(text, i - 1) &&
    prev !== 0x2e &&
    prev !== 0x2c
  );
}

function acceptSpaced(text: string, v: RunValue): boolean {
  if (v.weak === 'none') return true;
  const before = currencyBefore(text, skipSpaceBack(text, v.start)) !== null;
  return before || (v.weak === 'space-int' && currencyAfter(text, skipSpace(text, v.end)) !== null);
}

/** Widens a digit run to its sign, parentheses, currency and percent sign, not reaching back before `floor`. */
function withContext(text: string, run: RunValue, floor: number): Candidate {
  let v = run;
  let { start, end, decimals } = v;
  let negative = false;
  let percent = false;
  let currency: CurrencyMark | null = null;
  if (!decimals && text[end] === ',' && (text[end + 1] === '-' || text[end + 1] === '–')) {
    end += 2; // "12,-" and "12,–": whole amounts in German and Swiss prices
    decimals = true;
  }
  if ((decimals || v.grouped) && text[end] === '-' && !isWordAt(text, end + 1)) {
    negative = true; // trailing minus of accounting printouts: "1,234.00-"
    end++;
  }
  const right = skipSpace(text, end);
  if (PERCENT.has(text[right] ?? '')) {
    percent = true;
    end = right + 1;
  } else {
    currency = currencyAfter(text, right);
    if (currency) end = currency.end;
  }
  let signed = negative;
  let paren = false;
  for (let step = 0; step < 3; step++) {
    const left = skipSpaceBack(text, start);
    const found = currency ? null : currencyBefore(text, left);
    if (found && found.start >= floor) {
      currency = found;
      start = found.start;
      continue;
    }
    // A sign must touch what it signs: "Total - 54.50" is a label dash, "INV-12" and "10-20" are not signs.
    const sign = text[start - 1];
    if (
      !signed &&
      start > floor &&
      (sign === '-' || sign === '−' || sign === '+') &&
      !isWordAt(text, start - 2)
    ) {
      signed = true;
      negative = sign !== '+';
      start--;
      continue;
    }
    // "(3)" is a list item or footnote; only amount-looking numbers are negated by parentheses.
    const close = skipSpace(text, end);
    if (
      !paren &&
      left > floor &&
      text[left - 1] === '(' &&
      text[close] === ')' &&
      (decimals || v.grouped || currency)
    ) {
      paren = true;
      negative = true;
      start = left - 1;
      end = close + 1;
      continue;
    }
    break;
  }
  // "EUR 72.000", "€ 8.000": money takes two decimals (a few currencies three), so one mark before
  // three digits beside a currency groups thousands, whatever the rest of the document writes.
  if (v.ambiguous && decimals && currency && !THREE_DECIMALS.has(currency.code) && !perUnit(text, end)) {
    v = { ...v, value: Math.round(v.value * 1000), grouped: true };
    decimals = false;
  }
  const value = negative && v.value !== 0 ? -v.value : v.value;
  const span: Candidate = {
    start,
    end,
    text: text.slice(start, end),
    value,
    percent,
    amount: currency !== null || percent || decimals || v.grouped,
    joined: isJoined(text, start, v.end, currency !== null && start < v.start),
  };
  if (currency) span.currency = currency.code;
  return span;
}

const PERCENT = new Set(['%', '٪', '％']);
/** "1.659 €/l", "2.125 EUR per kg": a price per unit may take three decimals. */
const perUnit = (text: string, end: number) =>
  /^\s*(?:\/|per\b|pro\b|par\b|por\b)/i.test(text.slice(end, end + 6));
/** Currencies whose minor unit has three digits (ISO 4217). */
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
const JOINERS = new Set(['-', '/', ':', '_', '.', '–']);

function isJoined(text: string, start: number, digitsEnd: number, currencyFirst: boolean): boolean {
  if (isLetterAt(text, start - 1)) return true;
  const before = text[start - 1] ?? '';
  // "GST:RM 20.05", "Total:$5": a colon before a currency ends a label; it does not join a code.
  if (currencyFirst && before === ':') return false;
  if (
    JOINERS.has(before) &&
    (isLetterAt(text, start - 2) || (before !== '.' && isDigitAt(text, start - 2)))
  ) {
    return true;
  }
  return JOINERS.has(text[digitsEnd] ?? '') && text[digitsEnd] !== '.' && isDigitAt(text, digitsEnd + 1);
}

function isWordAt(text: string, index: number): boolean {
  return isLetterAt(text, index) || isDigitAt(text, index);
}

/** One whitespace character may sit between a number and its currency or percent sign. */
function skipSpace(text: string, index: number): number {
  return isSpaceAt(text, index) ? index + 1 : index;
}

function skipSpaceBack(text: string, index: number): number {
  return isSpaceAt(text, index - 1) ? index - 1 : index;
}
