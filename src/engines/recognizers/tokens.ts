/**
 * Splits text into words, numbers and punctuation for the recognizers. One pass, linear. Unlike the
 * date tokenizer it keeps the source case and joins "O'Brien", "Coca-Cola" and "thirty-six" into one
 * word, since names and number words are written that way.
 */
import { digitValue, isLetterCode, isSpaceCode } from '../../fields/typing/text.ts';

export interface Token {
  kind: 'word' | 'num' | 'punct';
  start: number;
  end: number;
  /** As written. */
  text: string;
  lower: string;
  /** What separates this token from the previous one: nothing, spaces, or a line break. */
  gap: 'none' | 'space' | 'line';
  /** Offset where this token's line starts. */
  lineStart: number;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let gap: Token['gap'] = 'none';
  let lineStart = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isSpaceCode(code)) {
      if (code === 0x0a || code === 0x0d || code === 0x0c) {
        gap = 'line';
        lineStart = i + 1;
      } else if (gap === 'none') gap = 'space';
      i++;
      continue;
    }
    const start = i;
    let kind: Token['kind'] = 'punct';
    if (isWordCode(code)) {
      i = wordEnd(text, i);
      kind = hasLetter(text, start, i) ? 'word' : 'num';
    } else {
      i++;
    }
    const raw = text.slice(start, i);
    tokens.push({ kind, start, end: i, text: raw, lower: raw.toLowerCase(), gap, lineStart });
    gap = 'none';
  }
  return tokens;
}

function isWordCode(code: number): boolean {
  return digitValue(code) >= 0 || isLetterCode(code) || (code >= 0x300 && code <= 0x36f);
}

/** Apostrophes and hyphens join two word parts ("O'Brien", "twenty-one", "1851-A"), never end a word. */
function isJoiner(code: number): boolean {
  return code === 0x27 || code === 0x2019 || code === 0x2d || code === 0x2010 || code === 0x2011;
}

function wordEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isWordCode(code)) i++;
    else if (isJoiner(code) && i + 1 < text.length && isWordCode(text.charCodeAt(i + 1))) i += 2;
    else break;
  }
  return i;
}

function hasLetter(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isLetterCode(text.charCodeAt(i))) return true;
  return false;
}

/** Starts with an upper-case letter (or a digit, as in "3M"): "Acme", "ACME", "McLeod". */
export function isCapitalized(t: Token | undefined): boolean {
  if (!t || t.kind === 'punct') return false;
  const first = t.text[0]!;
  return first !== first.toLowerCase() || (t.kind === 'word' && digitValue(first.charCodeAt(0)) >= 0);
}

/** Upper-case letters only (digits and joiners allowed): "ACME", "D", "3RD". */
export function isAllCaps(t: Token | undefined): boolean {
  return !!t && t.kind === 'word' && t.text === t.text.toUpperCase() && t.text !== t.lower;
}

/** Capitalised with lower-case letters after: "Acme", "McLeod"; not "ACME" nor "A". */
export function isTitleCase(t: Token | undefined): boolean {
  return isCapitalized(t) && !isAllCaps(t) && t!.kind === 'word';
}

export function isPunct(t: Token | undefined, chars: string): boolean {
  return !!t && t.kind === 'punct' && chars.includes(t.text);
}
