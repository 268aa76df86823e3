/**
 * International bank account numbers, printed compact or in groups of four ("DE89 3704 0044 0532
 * 0130 00"), of their country's length. One that fails the mod-97 check is reported too, as what the
 * page prints, but half as sure: a misprint or a misreading, which the user may still want to see.
 */

import { isAlnum, isDigit, isUpper } from './ascii.ts';
import lengths from './data/iban-lengths.json' with { type: 'json' };
import { type EntitySpan, entity } from './types.ts';

const LENGTHS = new Map(Object.entries(lengths));

export function findIbans(text: string): EntitySpan[] {
  const spans: EntitySpan[] = [];
  let i = 0;
  while (i < text.length - 3) {
    const found = (startsIban(text, i) ? ibanAt(text, i) : null) ?? mendedIban(text, i);
    if (found) {
      spans.push(found);
      i = found.end;
    } else i++;
  }
  return spans;
}

/** Characters OCR gives for the capitals of a country code: "1E69 AIBK …" is "IE69 AIBK …". */
const CODE_LOOKALIKES: Record<string, string> = {
  '1': 'I',
  l: 'I',
  '|': 'I',
  '[': 'I',
  '0': 'O',
  '5': 'S',
  '8': 'B',
  '2': 'Z',
  '6': 'G',
};

/**
 * An IBAN OCR misread at its head: one character too many ("SES85 5000 …" for "SE85 5000 …", a
 * speck glued before it) or a letter of its country code read as a digit or a stroke ("1E69 …").
 * Taken only when its check digits prove the mended reading: a chance of one in 97 for a misread.
 */
function mendedIban(text: string, i: number): EntitySpan | null {
  if (isAlnum(text, i - 1) && text[i - 1] !== undefined) return null;
  // Its check digits are among its first six characters, however it was misread.
  if (!/\d.*\d/.test(text.slice(i, i + 6))) return null;
  const head = text.slice(i, i + 50);
  const readings: [string, number][] = [];
  for (let k = 0; k < 5; k++) readings.push([head.slice(0, k) + head.slice(k + 1), 1]);
  for (let k = 0; k < 2; k++) {
    const letter = CODE_LOOKALIKES[head[k] ?? ''];
    if (letter) readings.push([head.slice(0, k) + letter + head.slice(k + 1), 0]);
  }
  for (const [mended, dropped] of readings) {
    if (!startsIban(mended, 0)) continue;
    const found = ibanAt(mended, 0);
    if (found && mod97(String(found.value)) === 1) {
      const end = i + found.end + dropped;
      return { ...found, start: i, end, text: text.slice(i, end) };
    }
  }
  return null;
}

function startsIban(text: string, i: number): boolean {
  return (
    isUpper(text, i) &&
    isUpper(text, i + 1) &&
    isDigit(text, i + 2) &&
    isDigit(text, i + 3) &&
    !isAlnum(text, i - 1)
  );
}

/** Reads exactly the country's length of characters, letting single spaces stand between them. */
function ibanAt(text: string, start: number): EntitySpan | null {
  const length = LENGTHS.get(text.slice(start, start + 2));
  if (!length) return null;
  let compact = '';
  let i = start;
  while (i < text.length && compact.length < length) {
    if (isAlnum(text, i)) {
      compact += text[i]!.toUpperCase();
      i++;
    } else if (text[i] === ' ' && isAlnum(text, i + 1) && compact.length % 4 === 0) i++;
    else break;
  }
  if (compact.length !== length || isAlnum(text, i)) return null;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return null;
  return entity(text, start, i, compact, mod97(compact) === 1 ? 0.95 : 0.5, 'iban');
}

/** Whether a compact IBAN passes its mod-97 check. */
export const ibanChecks = (iban: string): boolean =>
  /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) && mod97(iban) === 1;

/** The IBAN check: move the first four characters to the end, letters to 10–35, remainder mod 97. */
function mod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}
