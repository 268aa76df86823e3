/** Splits text into numbers, words and punctuation for the date and time matchers. One pass, linear. */
import { digitValue, foldCase, isLetterCode, isSpaceCode } from './text.ts';

export interface Token {
  kind: 'num' | 'word' | 'punct';
  start: number;
  end: number;
  /** num: ASCII digits; word: folded (lower case, no accents); punct: the character. */
  text: string;
  /** Whitespace separates this token from the previous one. */
  spaced: boolean;
}

/** Words longer than this cannot be month names or time words, so they are not folded. */
const MAX_FOLDED = 16;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let spaced = false;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isSpaceCode(code)) {
      spaced = true;
      i++;
      continue;
    }
    const start = i;
    let kind: Token['kind'];
    let value: string;
    if (digitValue(code) >= 0) {
      kind = 'num';
      value = '';
      for (let d = digitValue(text.charCodeAt(i)); d >= 0; d = digitValue(text.charCodeAt(i))) {
        value += d;
        i++;
      }
    } else if (isLetterCode(code)) {
      kind = 'word';
      i = wordEnd(text, i);
      const raw = text.slice(start, i);
      value = raw.length <= MAX_FOLDED ? foldCase(raw) : raw.toLowerCase();
    } else {
      kind = 'punct';
      value = text[i]!;
      i++;
    }
    tokens.push({ kind, start, end: i, text: value, spaced });
    spaced = false;
  }
  return tokens;
}

/** CJK and Hangul characters stand alone ("2024年3月3日"): their scripts do not put spaces between words. */
function wordEnd(text: string, start: number): number {
  if (isIdeographic(text.charCodeAt(start))) return start + 1;
  let i = start + 1;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Combining marks belong to the word (decomposed accents from some PDF producers).
    const mark = code >= 0x300 && code <= 0x36f;
    if ((!isLetterCode(code) && !mark) || isIdeographic(code)) break;
  }
  return i;
}

function isIdeographic(code: number): boolean {
  return code >= 0x2e80 && code <= 0xd7ff;
}

/** The number token at i when it has min–max digits. */
export function numAt(tokens: Token[], i: number, min: number, max: number): Token | null {
  const t = tokens[i];
  return t?.kind === 'num' && t.text.length >= min && t.text.length <= max ? t : null;
}

/** The punctuation `char` at i, touching the token before it. */
export function gluedPunct(tokens: Token[], i: number, char: string): boolean {
  const t = tokens[i];
  return t?.kind === 'punct' && t.text === char && !t.spaced;
}

/** The token itself when no whitespace separates it from the one before. */
export function glued(t: Token | null): Token | null {
  return t && !t.spaced ? t : null;
}
