import type { FieldValue } from '../../fields/field.ts';
import { currencyBefore } from '../../fields/typing/currency.ts';
import {
  cleanString,
  coerceScalar,
  findDateSpans,
  findNumberSpans,
  parseInteger,
  type TypingHints,
} from '../../fields/typing/index.ts';
import { monthNumber } from '../../fields/typing/months.ts';
import { foldCase } from '../../fields/typing/text.ts';
import { firstDurationIn } from '../recognizers/durations.ts';
import {
  type EntitySpan,
  findCurrencies,
  findDurations,
  findEmails,
  findIbans,
  findLocations,
  findOrganizations,
  findPaymentMethods,
  findPersons,
  findPhones,
  findTimes,
  findUrls,
  findVatNumbers,
} from '../recognizers/index.ts';
import { enumValueFor } from './enum-words.ts';
import type { FieldProfile, ValueKind } from './field-profile.ts';

export interface ReadValue {
  value: FieldValue;
  /** Offsets of the value in the text read. */
  start: number;
  end: number;
  /** How well the text fits the field's kind, 0–1. */
  fit: number;
}

const RECOGNIZERS: Partial<Record<ValueKind, (text: string) => EntitySpan[]>> = {
  organization: findOrganizations,
  person: findPersons,
  location: findLocations,
  duration: findDurations,
  email: findEmails,
  phone: findPhones,
  url: findUrls,
  iban: findIbans,
  vat: findVatNumbers,
  currency: findCurrencies,
  payment: findPaymentMethods,
  time: findTimes,
  party: (text) => [...findOrganizations(text), ...findPersons(text)].sort((a, b) => a.start - b.start),
};

export function recognize(kind: ValueKind, text: string): EntitySpan[] {
  return RECOGNIZERS[kind]?.(text) ?? [];
}

/** Separators between a label and its value. */
const LEAD = /^[\s:：#.=\-–—>|°º№]*(?:is\s+|are\s+)?/i;

/** The first column of what follows a label: text up to a wide gap, which starts another column. */
function firstColumn(text: string): string {
  return text.split(/\t|\s{3,}/)[0] ?? '';
}

/**
 * The field's value in text that follows its label, typed by the field; null when the text holds no
 * value of the field's type (a date field after "Date:" with no date is not answered).
 */
export function readValue(
  profile: FieldProfile,
  text: string,
  hints: ReadHints,
  ocr = false,
): ReadValue | null {
  const lead = text.match(LEAD)?.[0].length ?? 0;
  const rest = text.slice(lead);
  if (rest.trim() === '') return null;
  const field = profile.field.kind === 'array' ? profile.field.items : profile.field;
  if (field.kind === 'object' || field.kind === 'array') return null;
  if (field.kind !== 'string') {
    // "Notice period: three (3) months" for notice days: 90; the duration must open the value.
    if (profile.sense.unit) {
      const found = firstDurationIn(rest, profile.sense.unit, 40);
      return found && { value: found.value, start: lead + found.start, end: lead + found.end, fit: 1 };
    }
    const repaired = ocr && field.kind === 'double' ? repairOcrAmount(rest) : rest;
    if (field.kind === 'double' || field.kind === 'integer')
      return readNumber(profile, repaired, lead, hints, ocr);
    const ranged =
      field.kind === 'date' ? endOfRange(profile, rest, field.dateOrder ?? hints.dateOrder) : null;
    if (ranged) return { value: ranged.value, start: lead + ranged.start, end: lead + ranged.end, fit: 1 };
    // "Payment: VISA TEND" for values [cash, card, other]: the words the value goes by.
    const value =
      coerceScalar(field, repaired, hints) ??
      (field.kind === 'enum' ? enumValueFor(field, rest, true) : null);
    return value === null ? null : { value, start: lead, end: text.length, fit: 1 };
  }
  if (profile.kind !== 'text' && profile.kind !== 'postal_address') {
    const span = recognize(profile.kind, rest)[0];
    if (span && span.start < 40)
      return {
        value: span.value,
        start: lead + span.start,
        end: lead + span.end,
        fit: 0.6 + 0.4 * span.confidence,
      };
    if (profile.kind !== 'organization' && profile.kind !== 'person' && profile.kind !== 'party') return null;
    // "Bill to: Northwind Traders Ltd" names a firm, not the person asked for.
    if (profile.kind === 'person' && recognize('organization', firstColumn(rest)).length > 0) return null;
  }
  const column = firstColumn(rest);
  // A bracketed number after a name is the writer's account or file number for it, not the name:
  // "Northwind Traders (104233)".
  const named = profile.kind === 'organization' || profile.kind === 'person' || profile.kind === 'party';
  const bare = named ? column.replace(/\s*\(\s*#?\d{3,}\s*\)?\s*$/, '') : column;
  const cleaned = cleanString(bare.replace(/[\s,;:.]+$/, ''));
  const value =
    cleaned !== null && profile.sense.family === 'identifier'
      ? withoutItsDate(withoutNumberSign(cleaned))
      : cleaned;
  if (value === null || !/[\p{L}\p{N}]/u.test(value) || value.length > 200) return null;
  // A number or code is a word or a few, never a sentence: "Faktura wystawiona zgodnie z art. 106e
  // ustawy o VAT" ("invoice issued under art. 106e") names no invoice number after "Faktura".
  if (profile.sense.family === 'identifier' && value.split(/\s+/).length > MAX_IDENTIFIER_WORDS) return null;
  // A number has a digit, or is one code in capitals (a BIC): "Original Date / Revision" beside
  // "Contract #" is the next cell's label. A post-office box's number is part of an address.
  if (profile.sense.family === 'identifier' && (!/\d|^[\p{Lu}]{4,}$/u.test(value) || POST_BOX.test(value)))
    return null;
  // A name is short and starts with a capital or a digit; a sentence is not a name. An address on
  // one line runs longer: "Calle Fundidores 12, Pol. Ind. Los Olivos, 28906 Getafe (Madrid)".
  const most = profile.kind === 'postal_address' ? 16 : 8;
  if (profile.kind !== 'text' && (!/^[\p{Lu}\p{N}]/u.test(value) || value.split(/\s+/).length > most))
    return null;
  // A name has a word in it: "54.31" after a label is an amount, whatever the label says.
  if (profile.kind !== 'text' && profile.kind !== 'postal_address' && !/\p{L}{2}/u.test(value)) return null;
  // …and no date: "Period of Insurance: From 01/06/2025 to 31/05/2026" names no insurer.
  if (profile.kind !== 'text' && profile.kind !== 'postal_address' && findDateSpans(value).length > 0)
    return null;
  return { value, start: lead, end: lead + column.length, fit: profile.kind === 'text' ? 1 : 0.8 };
}

const POST_BOX = /^(?:p\.?\s*o\.?\s*)?(?:box|postfach|postbus|apartado)\s*\d/i;

/** Words an identifier runs to at most: "INV 2024 0042", "SO 4471 / B". */
const MAX_IDENTIFIER_WORDS = 4;

/** What joins a number to the date it bears: "0451/25 del 24/03/2025", "4500271936 / 04.03.2025", "PO 77 dated 3 May 2025". */
const DATED = /^\s*(?:[/,–-]|del|de|du|vom|van|of|dated|from|dd\.?|dt\.?|d\.d\.|v\.)?\s*$/i;

/** "N° 2025-014", "Nr. 4711", "No. BC25-0731": the sign for "number" before a number is not part of it. */
const NUMBER_SIGN = /^(?:n[°ºo]|nr|no|nro|num|núm|nº)\.?\s*[:.]?\s+(?=[\p{L}\p{N}]*\d)/iu;

function withoutNumberSign(value: string): string {
  return value.replace(NUMBER_SIGN, '');
}

/** A reference's number without the date printed after it, which is the referenced document's date. */
function withoutItsDate(value: string): string {
  const date = findDateSpans(value)[0];
  if (!date || date.start === 0) return value;
  const head = value.slice(0, date.start);
  const number = /^(.*?\d[^\s]*)(\s*\S*\s*)$/u.exec(head);
  if (!number || !DATED.test(number[2]!)) return value;
  return number[1]!.trim();
}

/** Words between the two dates of a range: "01.01.2024 bis 31.12.2024", "1 Feb – 28 Feb 2025". */
const RANGE_JOIN = /^\s*(?:-|–|—|to|till|until|through|thru|bis|au|al|tot|hasta|à|a)\s*$/i;
/** Words of a field that ask for the end of a range, not its start. */
const END_WORDS = new Set(
  'end ending ended to until till last final through closing close expiry expiration expire expires ende bis fin finale hasta einde'.split(
    ' ',
  ),
);

/** Whether a field asks for the end of a range: "period_end", "claimPeriodTo", "date_fin_periode". */
export const asksRangeEnd = (profile: FieldProfile) => [...profile.nameWords].some((w) => END_WORDS.has(w));

/** The second date of a range after the label, for a field that asks for its end ("period_end"). */
function endOfRange(profile: FieldProfile, text: string, order: TypingHints['dateOrder']) {
  if (!asksRangeEnd(profile)) return null;
  const [first, second] = findDateSpans(text, order ? { order } : {});
  if (!first || !second || first.start > 40 || !RANGE_JOIN.test(text.slice(first.end, second.start)))
    return null;
  return second;
}

/** Typing hints, and what the engine learnt of the whole document's amounts. */
export interface ReadHints extends TypingHints {
  /** Nearly every amount in the document is written with two decimals. */
  centsAmounts?: boolean;
}

/**
 * OCR's usual damage to an amount: the decimal point read as a space ("41 50"), followed or
 * preceded by one ("4. 80", "47 .80"), the currency before it misread into letters glued to it.
 */
function repairOcrAmount(text: string): string {
  return (
    text
      .replace(/(\d)\. (\d{2})\b/g, '$1.$2')
      .replace(/(\d) \.(\d{2})\b/g, '$1.$2')
      .replace(/^(\s*\D{0,4}?\s*\d{1,6}) (\d{2})\s*$/, '$1.$2')
      // A currency code misread and glued to its amount: "Ri14.00", "RH0.02".
      .replace(
        /(^|\s)(\p{Lu}\p{L}{0,2})(\d{1,6}[.,]\d{2})\b/gu,
        (m, lead: string, letters: string, amount: string) =>
          currencyBefore(letters, letters.length) ? m : `${lead}${letters} ${amount}`,
      )
  );
}

const RATE_WORDS = ['rate', 'percent', 'percentage', 'pct', 'ratio', 'discount'];
/** Words of a name that ask for the rate itself, not an amount. */
const RATE_NAMES = ['rate', 'percent', 'percentage', 'pct', 'ratio'];

/**
 * The number after a label, where it stands: the first amount-looking one (currency, decimals,
 * separators), else the first number. A percentage is skipped unless the field is a rate.
 */
function readNumber(
  profile: FieldProfile,
  text: string,
  lead: number,
  hints: ReadHints,
  ocr: boolean,
): ReadValue | null {
  const allowPercent = RATE_WORDS.some((w) => profile.nameWords.has(w) || profile.descriptionWords.has(w));
  const spans = findNumberSpans(text, hints.decimalMark ? { decimalMark: hints.decimalMark } : {}).filter(
    (s) => (allowPercent || !s.percent) && !isYearOfMonth(text, s),
  );
  // "Discount (10%)   -377.50": a field that does not ask for a rate by name wants the money.
  const span =
    (allowPercent && !RATE_NAMES.some((w) => profile.nameWords.has(w))
      ? spans.find((s) => s.amount && !s.percent)
      : undefined) ??
    spans.find((s) => s.amount) ??
    spans[0];
  if (!span) return null;
  let value = profile.field.kind === 'integer' ? parseInteger(span.text) : span.value;
  if (value !== null && profile.field.kind === 'double') value = ocrCents(span, value, hints, ocr);
  if (value === null || (profile.preferLargest && value === 0)) return null;
  // Where every amount has cents, a bare "4" after "Total" is more likely a count than money.
  const fit = hints.centsAmounts && profile.field.kind === 'double' && /^\d{1,2}$/.test(span.text) ? 0.85 : 1;
  return { value, start: lead + span.start, end: lead + span.end, fit };
}

/** "für März 2025", "May 2025": the year after a month's name is part of a date, not an amount. */
function isYearOfMonth(text: string, span: { start: number; text: string }): boolean {
  if (!/^(?:19|20)\d{2}$/.test(span.text)) return false;
  const word = /(\p{L}+)\.?,?\s*$/u.exec(text.slice(0, span.start))?.[1];
  return word !== undefined && monthNumber(foldCase(word)) > 0;
}

/**
 * A document whose amounts all have cents: an OCR'd amount of three digits or more with no separator
 * lost its decimal point ("8250" for 82.50), and so did a two-cent rounding written "RM 02".
 */
export function ocrCents(span: { text: string }, value: number, hints: ReadHints, ocr: boolean): number {
  if (!ocr || !hints.centsAmounts) return value;
  const digits = span.text.replace(/^\D+|\D+$/g, '');
  // Not an identifier's digits ("000987654321"): no amount runs past seven digits or opens with "00".
  return /^(?!00)\d{3,7}$/.test(digits) || /^0\d$/.test(digits) ? value / 100 : value;
}

/** An amount by its look, or a bare run of three digits or more that OCR may have robbed of its point. */
export function amountLike(span: { text: string; amount: boolean }): boolean {
  return span.amount || /^\d{3,}$/.test(span.text);
}

/**
 * "4.1 The Owner shall pay…", "3. Base Salary.": the number of a clause at the start of a line is
 * its heading's, not an amount of the text.
 */
export function isClauseNumber(line: string, span: { start: number; end: number; text: string }): boolean {
  return (
    line.slice(0, span.start).trim() === '' &&
    /^\d{1,2}(?:\.\d{1,2})*\.?$/.test(span.text) &&
    /^\s+["“(]?\p{Lu}/u.test(line.slice(span.end))
  );
}
