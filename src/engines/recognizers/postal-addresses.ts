/**
 * Postal addresses as blocks of lines: a receipt's "NO. 5, JALAN MAJU 3," / "TAMAN SERI," / "47400
 * PETALING JAYA" or an invoice's "12 Harbour Road" / "Springfield, IL 62701"; and an address written
 * inside a sentence of a contract ("… at 10 Oak Avenue, Springfield, IL 62701 (…)").
 */
import {
  ADDRESS_LABELS,
  AU_STATES,
  endsLikeStreet,
  LINE_BREAKERS,
  LOWER_CASE_STREET_WORDS,
  PLACE_WORDS,
  STREET_PHRASES,
  STREET_WORDS,
} from './address-words.ts';
import phoneLabels from './data/phone-labels.json' with { type: 'json' };
import { PLACES, STATE_CODES } from './gazetteer.ts';
import { literalAlternation } from './literal-alternation.ts';
import { scanOrganizations } from './organizations.ts';
import { isCapitalized, isPunct, type Token, tokenize } from './tokens.ts';
import type { AddressBlock } from './types.ts';

/** Words of the address breakers a street or a building may hold: "CO" (a company's building), "WEB". */
const NOT_CONTACT = new Set([
  'ph',
  'co',
  'company',
  'business',
  'web',
  'date',
  'time',
  'total',
  'tax',
  'invoice',
  'receipt',
  'pan',
  'tin',
  'fon',
  'partita',
  'reg',
]);

/** Lines in one address block at most: more is a list of branches or a page of text. */
const MAX_BLOCK_LINES = 6;
/** Lower-case words from which a line is running text rather than an address line. */
const PROSE_WORDS = 4;
/** Tokens an address inside a sentence may span. */
const MAX_INLINE_TOKENS = 18;

export const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/;
const CA_POSTCODE = /\b[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d\b/;
const ZIP = /^\d{5}(?:-\d{4})?$/;
const AMOUNT = /\d[.,]\d\d(?!\d)/;
/** "10AM", "9.30 pm", "18:00": a shop's opening hours under its address are no branch line. */
const TIME_OF_DAY = /\b\d{1,2}(?:[:.]\d{2})?\s?[ap]\.?m\b|\b\d{1,2}:\d{2}\b/i;
/** A postcode of four or five digits (a Dutch one with its two letters, a country prefix "A-") and a town of up to three words, alone on its line. */
const CODE_AND_TOWN =
  /^\s*(?:[A-Z]{1,2}-)?\d{4,5}(?: [A-Z]{2})?\s+(?:'s-)?\p{Lu}[\p{L}'.-]+(?:[ -]\p{L}[\p{L}'.-]*){0,2}(?:\s*\([\p{L} .-]+\))?\s*,?\s*$/u;

interface LineInfo {
  score: number;
  /** Where the address starts in the line, past a label such as "Address:". */
  from: number;
  breaker: boolean;
  prose: boolean;
}

export function findPostalAddresses(given: string[]): AddressBlock[] {
  // "43000 KAJANG, SELANGOR  Email: info@…": the address part of a line a contact label ends; a
  // line that is a contact label alone stays as it is, to end the block.
  const lines = given.map((line) => {
    const before = beforeContact(line);
    return before.trim() === '' ? line : before;
  });
  const infos = lines.map(analyse);
  const blocks: AddressBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const block = blockAt(lines, infos, i);
    if (block) {
      blocks.push(block);
      i = block.endLine + 1;
      continue;
    }
    const inline = infos[i]!.prose ? inlineAt(given, i) : null;
    if (inline) {
      blocks.push(inline);
      i = inline.endLine + 1;
    } else i++;
  }
  return blocks;
}

function isAddressLine(info: LineInfo): boolean {
  return info.score >= 1 && !info.breaker && !info.prose;
}

function blockAt(lines: string[], infos: LineInfo[], start: number): AddressBlock | null {
  if (!isAddressLine(infos[start]!)) return null;
  // "10 TAMPINES CENTRAL 3" over "#02-15": a numbered line of names with no street word opens the
  // block whose unit line is under it.
  const opener =
    start > 0 && UNIT.test(lines[start]!) && isNumberedNames(lines[start - 1]!, infos[start - 1]!);
  const first = opener ? start - 1 : start;
  let last = start;
  while (last + 1 < lines.length && last + 1 - first < MAX_BLOCK_LINES) {
    if (isAddressLine(infos[last + 1]!)) last++;
    else if (
      last + 2 < lines.length &&
      last + 2 - first < MAX_BLOCK_LINES &&
      isBridge(lines[last + 1]!, infos[last + 1]!) &&
      isAddressLine(infos[last + 2]!)
    )
      last += 2;
    else break;
  }
  // A branch line closing the address ("1214-JINJANG UTARA") before the contact lines.
  const after = last + 1;
  if (
    after < lines.length &&
    after - first < MAX_BLOCK_LINES &&
    isBridge(lines[after]!, infos[after]!) &&
    /\d/.test(lines[after]!) &&
    !lines[after]!.includes(':') &&
    !TIME_OF_DAY.test(lines[after]!) &&
    (after + 1 === lines.length || infos[after + 1]!.breaker || /\d{8,}/.test(lines[after + 1]!))
  )
    last = after;
  const slice = infos.slice(first, last + 1);
  const total = slice.reduce((sum, info) => sum + info.score, 0);
  if (!slice.some((info) => info.score >= 2) && total < 3) return null;
  const parts = lines.slice(first, last + 1).map((line, k) => line.slice(slice[k]!.from).trim());
  const value = parts.reduce((joined, part) => {
    if (!joined) return part;
    return joined.endsWith(',') ? `${joined} ${part}` : `${joined}, ${part}`;
  }, '');
  const confidence = Math.min(0.95, 0.3 + 0.12 * total);
  return { startLine: first, endLine: last, value, confidence: round(confidence) };
}

/**
 * A contact or registration label and its value after the address on the same line ("… 43000
 * KAJANG, SELANGOR. TEL: 03-1234 5678", "… SELANGOR (GST ID: 000123456789)", "… Email: info@…"):
 * the phone labels and the words that break an address block, of two letters or more (no single
 * letter of an address, a block "F", a unit "T"), without "PH" (a phase, "TAMAN MAJU PH 2") and the
 * words a street may hold ("co", "business", "web"), each followed by a colon or a number.
 */
const CONTACT_LABELS = [...new Set([...phoneLabels.labels, ...LINE_BREAKERS])].filter(
  (l) => l.replace(/[^\p{L}]/gu, '').length >= 2 && !NOT_CONTACT.has(l),
);
const CONTACT = new RegExp(
  `(?:^|[\\s,.;|(])(?:${literalAlternation(CONTACT_LABELS)})\\.?(?:\\s*(?:reg|registration|id|no|number)\\.?){0,2}\\s*(?::|[+(]?\\d)`,
  'iu',
);

/** The line without a contact label and what follows it. */
function beforeContact(line: string): string {
  const at = CONTACT.exec(line)?.index;
  return at === undefined ? line : line.slice(0, at).replace(/[\s,.;|]+$/, '');
}

/** A unit's floor and number: "#01-1187", "# 02-15". */
const UNIT = /(?:^|[\s,])#\s?\d{1,3}-\d{1,5}[A-Z]?\b/;

/** A line of a number and capitalised names, no amount: "10 TAMPINES CENTRAL 3". */
function isNumberedNames(line: string, info: LineInfo): boolean {
  if (info.breaker || info.prose || AMOUNT.test(line)) return false;
  const tokens = tokenize(line);
  const words = tokens.filter((t) => t.kind === 'word' && /\p{L}/u.test(t.text));
  return /^\d/.test(tokens[0]?.text ?? '') && words.length >= 1 && words.every((t) => isCapitalized(t));
}

/**
 * "Wangsa Link, Wangsa Maju," between a street line and a postcode line: a short line of names
 * with nothing that marks it as an address, read as one because the lines around it are.
 */
function isBridge(line: string, info: LineInfo): boolean {
  if (info.breaker || info.prose) return false;
  const words = tokenize(line).filter((t) => t.kind === 'word');
  return words.length > 0 && words.length <= 5 && words.every((t) => isCapitalized(t) || /^\d/.test(t.text));
}

function analyse(line: string): LineInfo {
  const tokens = tokenize(line);
  const from = labelEnd(tokens);
  const body = from > 0 ? tokens.filter((t) => t.start >= from) : tokens;
  const info: LineInfo = { score: 0, from, breaker: isBreaker(line, body), prose: isProse(body) };
  if (info.breaker || body.length === 0) return info;
  const street = hasStreetWord(body);
  const number = body.some((t) => t.kind === 'num' || (t.kind === 'word' && /^\d/.test(t.text)));
  if (hasPostcode(line, body)) info.score += 2;
  // "#01-1187", "#02-15": a unit's floor and number, as Singapore and Malaysia write them.
  if (UNIT.test(line)) info.score += 1.5;
  if (street) info.score += number ? 2 : 1.5;
  if (hasPlace(body)) info.score += 1;
  if (!street && number && /^\d/.test(body[0]!.text)) info.score += 0.5;
  return info;
}

/** "Address:", "Alamat :" at the line's start: the address begins after it. */
function labelEnd(tokens: Token[]): number {
  const first = tokens[0];
  if (first?.kind !== 'word') return 0;
  if (ADDRESS_LABELS.has(first.lower)) return isPunct(tokens[1], ':') ? tokens[1]!.end : 0;
  // "Site address: …", "Property insured: 27 Meadow Lane": a label of a few words before a colon.
  // One word alone is not enough ("NO: 5, JALAN MAJU" starts its address).
  const colon = tokens.findIndex((t, i) => i > 0 && i <= 4 && isPunct(t, ':'));
  if (colon < 2 || !tokens.slice(0, colon).every((t) => t.kind === 'word' && /^\p{L}+$/u.test(t.text)))
    return 0;
  return tokens[colon]!.end;
}

function isBreaker(line: string, tokens: Token[]): boolean {
  const first = tokens.find((t) => t.kind !== 'punct');
  if (first && (LINE_BREAKERS.has(first.lower) || LINE_BREAKERS.has(unDigit(first.lower)))) return true;
  if (line.includes('@') || /https?:|www\./i.test(line)) return true;
  // "(Co. Reg. No: 123456-X)": a parenthesised line is a note under a name.
  const trimmed = line.trim();
  if (trimmed.startsWith('(') && trimmed.endsWith(')')) return true;
  // "Boulder, CO 80302": a US state before its ZIP code, not the legal form "Co." of a name.
  const state = /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/.exec(line)?.[1];
  if (state && STATE_CODES.has(state)) return false;
  // The shop's name sits right above its address: a line with a legal form is a name, not an address.
  return scanOrganizations(line, tokens).some((org) => org.confidence >= 0.8);
}

/** OCR's digits for letters in a word of letters: "G5T" for "GST", "G57" for "GST". */
function unDigit(word: string): string {
  return /\p{L}/u.test(word)
    ? word.replace(/[0157]/g, (d) => ({ '0': 'o', '1': 'l', '5': 's', '7': 't' })[d]!)
    : word;
}

function isProse(tokens: Token[]): boolean {
  let lower = 0;
  for (const t of tokens) if (t.kind === 'word' && t.text === t.lower && t.text.length > 1) lower++;
  return lower >= PROSE_WORDS;
}

/** A capitalised street word ("Road", "JALAN"); "No" only before a number ("No. 5", "NO.53"). */
function hasStreetWord(tokens: Token[]): boolean {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word') continue;
    if (!isCapitalized(t)) {
      if (LOWER_CASE_STREET_WORDS.has(t.lower) && /^\d/.test(tokens[k - 1]?.text ?? '')) return true;
      continue;
    }
    if (endsLikeStreet(t.lower) && /^\d/.test(tokens[k + 1]?.text ?? '')) return true;
    if (t.lower === 'no') {
      const next = isPunct(tokens[k + 1], '.:') ? tokens[k + 2] : tokens[k + 1];
      // "NO. 53" is a house number; "ID. NO : 000181747712" a registration.
      if (next && /^\d/.test(next.text) && next.text.length <= 6) return true;
      continue;
    }
    if (STREET_WORDS.has(t.lower) || STREET_PHRASES.matchAt(tokens, k)) return true;
  }
  return false;
}

/**
 * A five-digit or ZIP+4 code next to a place word, a UK or Canadian postcode, "Singapore 123456", "NSW 2000",
 * or a line that is a code and its town, as most of Europe writes it: "4000 Liège", "3295 KK 's-Gravendeel",
 * "A-4020 Linz", "28906 Getafe (Madrid)".
 */
function hasPostcode(line: string, tokens: Token[]): boolean {
  if (UK_POSTCODE.test(line) || CA_POSTCODE.test(line) || CODE_AND_TOWN.test(line)) return true;
  const worded = tokens.some((t) => t.kind === 'word' && isCapitalized(t) && t.text.length > 1);
  if (!worded || AMOUNT.test(line)) return false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'num') continue;
    const before = tokens[k - 1];
    if (ZIP.test(t.text) && !isPunct(before, '-/:#')) return true;
    if (t.text.length === 6 && before?.lower === 'singapore') return true;
    if (t.text.length === 4 && before && AU_STATES.has(before.text)) return true;
  }
  return false;
}

function hasPlace(tokens: Token[]): boolean {
  for (let k = 0; k < tokens.length; k++) {
    if (PLACES.matchAt(tokens, k) || PLACE_WORDS.matchAt(tokens, k)) return true;
    const t = tokens[k]!;
    if (t.text.length === 2 && STATE_CODES.has(t.text) && ZIP.test(tokens[k + 1]?.text ?? '')) return true;
  }
  return false;
}

/**
 * An address inside running text: a number, then a capitalised street word within four words, then
 * capitalised words, numbers and commas up to a postcode or a place. The sentence may wrap onto the
 * next line, so that line is read along.
 */
function inlineAt(lines: string[], i: number): AddressBlock | null {
  const hasNext = i + 1 < lines.length;
  const joined = hasNext ? `${lines[i]} ${lines[i + 1]}` : lines[i]!;
  const tokens = tokenize(joined);
  for (let k = 0; k < tokens.length; k++) {
    if (!startsStreetNumber(tokens, k)) continue;
    const end = inlineEnd(tokens, k);
    if (end === null) continue;
    const start = tokens[k]!.start;
    const stop = tokens[end]!.end;
    const value = joined.slice(start, stop);
    if (start >= lines[i]!.length) return null;
    const endLine = hasNext && stop > lines[i]!.length ? i + 1 : i;
    return { startLine: i, endLine, value, confidence: 0.8 };
  }
  return null;
}

function startsStreetNumber(tokens: Token[], k: number): boolean {
  const t = tokens[k]!;
  if (t.kind !== 'num' && !(t.kind === 'word' && /^\d+[A-Za-z]?$/.test(t.text))) return false;
  for (let j = k + 1; j <= k + 4 && j < tokens.length; j++) {
    const w = tokens[j]!;
    if (w.kind !== 'word' || !isCapitalized(w)) return false;
    if (STREET_WORDS.has(w.lower) && w.lower !== 'no') return j > k + 1 || w.lower !== 'section';
  }
  return false;
}

/** The token index where an inline address ends (a postcode or place), or null when it has none. */
function inlineEnd(tokens: Token[], k: number): number | null {
  let end: number | null = null;
  for (let j = k + 1; j < tokens.length && j - k < MAX_INLINE_TOKENS; j++) {
    const t = tokens[j]!;
    if (t.kind === 'punct' && !isPunct(t, ',.#-')) break;
    if (t.kind === 'word' && !isCapitalized(t)) break;
    const place = PLACES.matchAt(tokens, j);
    if (t.kind === 'num' && ZIP.test(t.text) && j > k + 2) end = j;
    else if (place) {
      end = place.last;
      j = place.last;
    } else if (t.text.length === 2 && STATE_CODES.has(t.text) && isPunct(tokens[j - 1], ',')) end = j;
  }
  return end;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
