/**
 * Currencies as documents print them: ISO codes ("USD 2,049.85", "Currency: CHF"), symbols and local
 * marks beside amounts ("€ 12", "RM 12.50", "120 kr"), and names in several languages ("euros",
 * "Schweizer Franken"). The value is the ISO 4217 code; the span covers the mark, not the amount.
 *
 * A form that several currencies share ("$", "kr", "dollars") is given its most common currency at a
 * lower confidence and is not settled here from the rest of the text: a "$" on an invoice that says
 * "AUD" in its footer still reads USD. Weighing the document's marks is the caller's part, or
 * currencyOfAmounts'. Only ¥ is settled in place, by a 元, RMB or 円 in the same text, since yen and
 * yuan share the one symbol and their documents give no other sign (the data's "settledBy").
 */
import { isDigitAt, isSpaceAt } from '../../fields/typing/text.ts';
import {
  type CurrencyForm,
  currencyForm,
  type FormKind,
  PATTERNS,
  WORD_LETTER,
} from './currency-vocabulary.ts';
import { type EntitySpan, entity } from './types.ts';

/** A currency found, with the currencies its form may also stand for (empty when sure). */
export interface CurrencyMention {
  span: EntitySpan;
  shared: readonly string[];
}

interface Candidate {
  start: number;
  end: number;
  kind: FormKind;
  written: string;
  form: CurrencyForm;
  beside: boolean;
}

/** [beside an amount, on its own]: a code beside a price is surest, a name the least sure. */
const CONFIDENCE: Record<FormKind, [number, number]> = {
  code: [0.95, 0.7],
  symbol: [0.9, 0.7],
  mark: [0.9, 0.7],
  name: [0.6, 0.6],
};
/** A shared form is a guess among its currencies. */
const SHARED_FACTOR = 2 / 3;

export function findCurrencies(text: string): EntitySpan[] {
  return scanCurrencies(text).map((m) => m.span);
}

const KINDS: FormKind[] = ['code', 'symbol', 'mark', 'name'];

export function scanCurrencies(text: string): CurrencyMention[] {
  const kept = withoutOverlaps(KINDS.flatMap((kind) => [...candidates(text, kind)]));
  const sure = new Set(kept.filter((c) => c.form.shared.length === 0).map((c) => c.form.code));
  return kept.map((c) => {
    const settled = c.form.settledBy.find((code) => sure.has(code));
    const shared = settled ? [] : c.form.shared;
    let confidence = CONFIDENCE[c.kind][c.beside ? 0 : 1];
    if (shared.length > 0) confidence = Math.round(confidence * SHARED_FACTOR * 100) / 100;
    return { span: entity(text, c.start, c.end, settled ?? c.form.code, confidence, 'currency'), shared };
  });
}

function* candidates(text: string, kind: FormKind): Generator<Candidate> {
  const pattern = PATTERNS[kind];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const form = currencyForm(kind, m[0]);
    if (!form) continue;
    // A code between digits is part of an identifier ("INV2024USD001").
    if (kind === 'code' && isDigitAt(text, start - 1) && isDigitAt(text, end)) continue;
    // "BLK 123 ANG MO KIO AVENUE": a code among words in capitals after a whole number is a word of a name.
    if (kind === 'code' && inName(text, start, end)) continue;
    // A symbol glued to a word belongs to it ("$HOME"); "US$" and "HK$" are marks of their own.
    if (kind === 'symbol' && (isWordLetter(text, start - 1) || isWordLetter(text, end))) continue;
    const c = {
      start,
      end,
      kind,
      written: m[0],
      form,
      beside: besideAmount(text, start, end, form.wordlike),
    };
    if (c.beside || standsAlone(c)) yield c;
  }
}

/** Longest first where forms overlap: "US$" over "$", "日元" over "元", "US dollars" over "dollars". */
function withoutOverlaps(found: Candidate[]): Candidate[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Candidate[] = [];
  let floor = 0;
  for (const c of found) {
    if (c.start < floor) continue;
    kept.push(c);
    floor = c.end;
  }
  return kept;
}

/** Away from an amount, a code, symbol or name still names a currency; "RM", "kr" or "ALL" do not. */
function standsAlone(c: Candidate): boolean {
  if (c.form.wordlike) return false;
  if (c.kind === 'mark') return !/^[\p{L}.]+$/u.test(c.written);
  return true;
}

/**
 * An amount right before or after the mark, one or two spaces away: "€ 12", "12,00 EUR", "12,- Fr.".
 * A wordlike form needs a price with cents ("ALL 1,200.00"), since "2 ALL" is just words.
 */
function besideAmount(text: string, start: number, end: number, strict: boolean): boolean {
  let after = end;
  while (after < end + 2 && isSpaceAt(text, after)) after++;
  let before = start;
  while (before > start - 2 && isSpaceAt(text, before - 1)) before--;
  if (strict) {
    return (
      PRICE_AFTER.test(text.slice(after, after + 32)) ||
      PRICE_BEFORE.test(text.slice(Math.max(0, before - 32), before))
    );
  }
  if (/[-−+]/.test(text[after] ?? '')) after++;
  if (text[after] === '.') after++;
  if (isDigitAt(text, after)) return true;
  if (/[-–]/.test(text[before - 1] ?? '') && /[.,]/.test(text[before - 2] ?? '')) before -= 2;
  return isDigitAt(text, before - 1);
}

const PRICE_AFTER = /^[-−+]?(?:\d{1,3}(?:[,.'’\u00a0\u202f ]\d{3})+|\d+)[.,]\d{2}(?!\d)/u;
const PRICE_BEFORE = /\d[.,](?:\d{2}|-|–)$/u;

function isWordLetter(text: string, i: number): boolean {
  return i >= 0 && i < text.length && WORD_LETTER.test(text[i]!);
}

/** A code followed by another word in capitals, after a number without cents ("123 ANG MO KIO"). */
function inName(text: string, start: number, end: number): boolean {
  if (!/^ [A-Z]{2,}\b/.test(text.slice(end, end + 4))) return false;
  const before = text.slice(Math.max(0, start - 12), start);
  return !/\d[.,]\d{2}\s*$/.test(before) && !/^\s*[-−+]?\d/.test(text.slice(end));
}
