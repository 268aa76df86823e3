/**
 * VAT and sales-tax registration numbers: EU-style numbers with a country prefix that fits the
 * country's format ("DE123456789", "NL123456789B01"), and any identifier after a tax label
 * ("GST Reg No: 001234567890", "ABN 51 824 753 556", "NIF cliente: A-41234567": the fillers between
 * a label and its number include whose number it is). Values are compact and upper-cased.
 */

import { isAlnum, isDigit, isUpper } from './ascii.ts';
import vat from './data/vat-numbers.json' with { type: 'json' };
import { type EntitySpan, entity } from './types.ts';

const PATTERNS = new Map(
  Object.entries(vat.patterns).map(([country, source]) => [country, new RegExp(source)]),
);
const FILLERS = new Set(vat.fillers);
/** "Faktura VAT nr FV/2024/11/0147": after the word for an invoice, a tax word names its kind, and the number is the invoice's. */
const AFTER_TITLE = new RegExp(`(?:^|[^\\p{L}])(?:${vat.afterTitles.join('|')})\\s+$`, 'iu');
/** The label list as one alternation, longest first; labels are literal, so matching stays linear. */
const LABEL = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...vat.labels]
    .sort((a, b) => b.length - a.length)
    .map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);
const MAX_ID = 20;

interface Identifier {
  start: number;
  end: number;
  compact: string;
}

export function findVatNumbers(text: string): EntitySpan[] {
  const labelled = labelledNumbers(text);
  const spans = [...labelled];
  for (const found of prefixedNumbers(text)) {
    if (!labelled.some((s) => s.start < found.end && found.start < s.end)) spans.push(found);
  }
  return spans.sort((a, b) => a.start - b.start);
}

function labelledNumbers(text: string): EntitySpan[] {
  const spans: EntitySpan[] = [];
  LABEL.lastIndex = 0;
  for (let m = LABEL.exec(text); m; m = LABEL.exec(text)) {
    if (AFTER_TITLE.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
    const start = skipFillers(text, m.index + m[0].length);
    const id = readIdentifier(text, start);
    if (!id || countDigits(id.compact) < 6) continue;
    const prefixed = fitsCountry(id.compact);
    spans.push(entity(text, id.start, id.end, id.compact, prefixed ? 0.95 : 0.85, 'vat'));
    LABEL.lastIndex = id.end;
  }
  return spans;
}

function* prefixedNumbers(text: string): Generator<EntitySpan> {
  let i = 0;
  while (i < text.length - 4) {
    if (
      isUpper(text, i) &&
      isUpper(text, i + 1) &&
      !isAlnum(text, i - 1) &&
      PATTERNS.has(text.slice(i, i + 2))
    ) {
      const id = readIdentifier(text, i);
      if (id && fitsCountry(id.compact)) {
        yield entity(text, id.start, id.end, id.compact, 0.7, 'vat');
        i = id.end;
        continue;
      }
    }
    i++;
  }
}

function fitsCountry(compact: string): boolean {
  return PATTERNS.get(compact.slice(0, 2))?.test(compact) ?? false;
}

/** Past ": ", "No.", "Reg. No :", "(", "#" between a label and its number. */
function skipFillers(text: string, from: number): number {
  let i = from;
  for (let step = 0; step < 6; step++) {
    while (i < text.length && /[\s:.#()\-–/]/.test(text[i]!)) i++;
    const word = /^[\p{L}°#]+\.?/u.exec(text.slice(i, i + 16));
    if (!word || !FILLERS.has(word[0].toLowerCase().replace(/\.$/, ''))) return i;
    i += word[0].length;
  }
  return i;
}

/**
 * Letters and digits with single separators (" ", "-", ".", "/") between groups. Across a space it
 * goes on only into a group that holds digits, so "DE123456789 Bank" stops before "Bank".
 */
function readIdentifier(text: string, start: number): Identifier | null {
  let i = start;
  let compact = '';
  let end = start;
  while (i < text.length && compact.length <= MAX_ID) {
    if (isAlnum(text, i)) {
      compact += text[i]!.toUpperCase();
      i++;
      end = i;
      continue;
    }
    const sep = text[i];
    const separator = sep === '-' || sep === '.' || sep === '/' || sep === ' ';
    if (!separator || !isAlnum(text, i + 1) || (sep === ' ' && !startsWithDigit(text, i + 1))) break;
    i++;
  }
  if (compact.length === 0 || compact.length > MAX_ID) return null;
  return { start, end, compact };
}

/** "B01" after "NL123456789" and "MWST" after "CHE-123.456.789" also continue a number. */
function startsWithDigit(text: string, i: number): boolean {
  if (isDigit(text, i)) return true;
  const word = /^[A-Z]+/.exec(text.slice(i, i + 5))?.[0] ?? '';
  return word === 'MWST' || word === 'TVA' || word === 'IVA' || word === 'MVA';
}

function countDigits(s: string): number {
  let n = 0;
  for (const ch of s) if (ch >= '0' && ch <= '9') n++;
  return n;
}
