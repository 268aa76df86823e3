/**
 * Organization names, found from their legal form: read back from "Inc.", "GmbH", "Sdn. Bhd." over
 * capitalised words ("Kite Pharma, Inc.", "SYL ROASTED DELIGHTS SDN. BHD."). Trade words such as
 * "Trading" or "Enterprise" count too, with less confidence; a Malay shop-name opener ("KEDAI",
 * "RESTORAN") starts a name that runs to the end of its line.
 */
import { isLetterAt } from '../../fields/typing/text.ts';
import {
  CONNECTORS,
  NAME_PREFIXES,
  NOT_IN_NAME,
  SUFFIX_WORDS,
  SUFFIXES,
  TRADE_WORDS,
} from './organization-words.ts';
import { isAllCaps, isCapitalized, isPunct, isTitleCase, type Token, tokenize } from './tokens.ts';
import { type EntitySpan, entity, type Found, scanSpans } from './types.ts';

/** Names longer than this (in tokens) are not read back further: keeps the scan linear. */
const MAX_NAME_TOKENS = 14;
/** A line at least this long was wrapped prose, so a name may continue across its break. */
const PROSE_LINE = 40;

export function findOrganizations(text: string): EntitySpan[] {
  return scanOrganizations(text, tokenize(text));
}

export function scanOrganizations(text: string, tokens: Token[]): EntitySpan[] {
  // A name read backwards from its suffix stops at the floor: names never overlap.
  return scanSpans(
    tokens.length,
    (i, floor) => suffixedAt(text, tokens, i, floor) ?? prefixedAt(text, tokens, i),
  );
}

interface Chain {
  first: number;
  last: number;
  weak: boolean;
}

function suffixedAt(text: string, tokens: Token[], i: number, floor: number): Found | null {
  const chain = suffixChain(tokens, i);
  if (!chain) return null;
  if (chain.weak) chain.last = secondTradeEnd(tokens, chain.last) ?? chain.last;
  const after = tokens[chain.last + 1];
  // "Limited Warranty", "Insider Trading Policy": a word followed by more capitals is not a name's end.
  if (isCommonWord(tokens[chain.last]!) && isCapitalized(after) && after!.gap !== 'line') return null;
  if (
    chain.weak &&
    ((isCapitalized(after) && after!.gap !== 'line') || legalFormAhead(tokens, chain.last + 1))
  ) {
    return null;
  }
  const last = beforeSuffix(tokens, chain);
  // "the Company", "President of the Company": a defined term, not a name.
  if (tokens[last]?.lower === 'the' || tokens[last]?.lower === 'of') return null;
  const first = nameStart(tokens, last, floor);
  if (first === null) return null;
  if (chain.weak && tradesOnly(tokens, first, chain.last)) return null;
  let breaks = 0;
  for (let k = first + 1; k <= chain.last; k++) if (tokens[k]!.gap === 'line') breaks++;
  // A name read across line breaks may have picked up a heading or a label above it.
  const confidence = Math.max(0.3, Math.round(((chain.weak ? 0.6 : 0.9) - 0.1 * breaks) * 100) / 100);
  const start = tokens[first]!.start;
  const end = tokens[chain.last]!.end;
  const span = entity(text, start, end, oneLine(text.slice(start, end)), confidence, 'organization');
  return { span, next: chain.last + 1 };
}

/** Whether a word follows the token at k with no space between them ("Co.Reg", ".K"). */
const wordGluedAfter = (tokens: Token[], k: number) =>
  tokens[k + 1]?.gap === 'none' && tokens[k + 1]!.kind === 'word';

/** Suffixes in a row make one: "Co., Ltd.", "CO. (M) BHD", "Holdings Inc". */
function suffixChain(tokens: Token[], i: number): Chain | null {
  const match = SUFFIXES.matchAt(tokens, i);
  if (!match) return null;
  const chain: Chain = { first: i, last: match.last, weak: match.value.weak };
  for (;;) {
    let k = chain.last + 1;
    if (isPunct(tokens[k], ',')) k++;
    k = regionEnd(tokens, k) ?? k;
    const more = tokens[k]?.gap === 'line' ? null : SUFFIXES.matchAt(tokens, k);
    // "SDN BHD Co.Reg.No: 1118467-A": a form glued to the word after it opens a label.
    if (!more || wordGluedAfter(tokens, more.last)) return chain;
    chain.last = more.last;
    chain.weak &&= more.value.weak;
  }
}

/** "BISTRO & CAFE", "Bakery Cafe": words that name trades only, a tagline under a shop's name. */
function tradesOnly(tokens: Token[], first: number, last: number): boolean {
  for (let k = first; k <= last; k++) {
    const t = tokens[k]!;
    if (t.kind === 'word' && !TRADE_WORDS.has(t.lower) && !CONNECTORS.has(t.lower)) return false;
    if (t.kind === 'num') return false;
  }
  return true;
}

/**
 * "TEO HENG STATIONERY & BOOKS", "BISTRO & CAFE": a trade word joined by "&" to one or two more
 * capitalised words that end the line names two trades of one shop; the name ends after them.
 */
function secondTradeEnd(tokens: Token[], last: number): number | undefined {
  const and = tokens[last + 1];
  if (!isPunct(and, '&') || and!.gap === 'line') return undefined;
  for (let k = last + 2; k <= last + 3; k++) {
    const t = tokens[k];
    if (!t || t.gap === 'line' || t.kind !== 'word' || !isCapitalized(t) || NOT_IN_NAME.has(t.lower))
      return undefined;
    const next = tokens[k + 1];
    if (!next || next.gap === 'line') return k;
  }
  return undefined;
}

/** "Limited", "Company": legal forms that are also words, as in "Limited Warranty" or "Company Secretary". */
function isCommonWord(t: Token): boolean {
  return t.kind === 'word' && t.text.length >= 5 && isTitleCase(t);
}

/** "Blue Bay Holdings and Investments Ltd.": the trade word is inside a name that a legal form ends. */
function legalFormAhead(tokens: Token[], k: number): boolean {
  for (let j = k; j < tokens.length && j - k < 5; j++) {
    const t = tokens[j]!;
    if (t.gap === 'line') return false;
    const match = SUFFIXES.matchAt(tokens, j);
    if (match && !match.value.weak) return true;
    if (!isCapitalized(t) && !isPunct(t, '&') && !(t.kind === 'word' && CONNECTORS.has(t.lower)))
      return false;
  }
  return false;
}

/**
 * "(M)", "(KL)", "(Asia)", "(TAMAN DAYA)": one to three short capitalised words in parentheses mark
 * a company's country or branch.
 */
function regionEnd(tokens: Token[], k: number): number | null {
  if (!isPunct(tokens[k], '(')) return null;
  for (let j = k + 1; j <= k + MAX_REGION_WORDS + 1; j++) {
    const t = tokens[j];
    if (!t || t.gap === 'line') return null;
    if (isPunct(t, ')')) return j > k + 1 ? j + 1 : null;
    if (!isRegionWord(t)) return null;
  }
  return null;
}

/** The index of the "(" of a region that ends with the ")" at k, or null. */
function regionStart(tokens: Token[], k: number): number | null {
  if (!isPunct(tokens[k], ')')) return null;
  for (let j = k - 1; j >= 0 && j >= k - MAX_REGION_WORDS - 1; j--) {
    const t = tokens[j]!;
    if (isPunct(t, '(')) return j < k - 1 ? j : null;
    if (!isRegionWord(t) || tokens[j + 1]!.gap === 'line') return null;
  }
  return null;
}

const MAX_REGION_WORDS = 3;
const isRegionWord = (t: Token) => t.kind === 'word' && isCapitalized(t) && t.text.length <= 12;

/**
 * The token index just before a suffix, past a region marker or a comma in front of it: "Acme, Inc."
 * but not "Salary Continuation, Company", where a list goes on.
 */
function beforeSuffix(tokens: Token[], chain: Chain): number {
  const first = chain.first;
  let k = first - 1;
  const region = regionStart(tokens, k);
  if (region !== null) k = region - 1;
  if (isPunct(tokens[k], ',') && !chain.weak && tokens[first]!.lower !== 'company') k--;
  return k;
}

/** The first token of the name that ends at tokens[last], or null when no capitalised word is there. */
function nameStart(tokens: Token[], last: number, floor: number): number | null {
  let first = last + 1;
  let words = 0;
  for (let k = last; k >= floor && last - k < MAX_NAME_TOKENS; k--) {
    const t = tokens[k]!;
    if (k < last && tokens[k + 1]!.gap === 'line' && !proseBreak(t)) break;
    const take = partOfName(tokens, k, last);
    if (take === 'stop') break;
    if (take === 'word') words++;
    first = k;
  }
  // Connectors, stray dots and numbers in prose do not open a name: "and Gilead Sciences" → "Gilead Sciences".
  while (first <= last && !opensName(tokens, first, last)) first++;
  const hasWord = tokens.slice(first, last + 1).some(isNameWord);
  return first <= last && words > 0 && hasWord ? first : null;
}

/** A word that can carry a name: not "The", not a list numeral such as "III", not a code ("13D"). */
function isNameWord(t: Token): boolean {
  return (
    t.kind === 'word' && isLetterAt(t.text, 0) && isCapitalized(t) && t.lower !== 'the' && !ROMAN.test(t.text)
  );
}

const ROMAN = /^[IVXivx]{1,4}$/;

function partOfName(tokens: Token[], k: number, last: number): 'word' | 'joint' | 'stop' {
  const t = tokens[k]!;
  if (t.kind === 'num') return t.text.length <= 4 ? 'joint' : 'stop';
  if (t.kind === 'punct') {
    if (t.text === '&' || t.text === '+') return separatesNames(tokens, k, last) ? 'stop' : 'joint';
    // "BOOK TA .K": a dot glued to the capital after it ends no sentence.
    if (t.text === '.')
      return isAbbreviation(tokens[k - 1], t) ||
        (t.gap !== 'line' && wordGluedAfter(tokens, k) && isCapitalized(tokens[k + 1]))
        ? 'joint'
        : 'stop';
    return 'stop';
  }
  // An initial ("D.I.Y.", "R. J.") is never the pronoun or article it spells.
  const next = tokens[k + 1];
  if (t.text.length === 1 && isCapitalized(t) && isPunct(next, '.') && next!.gap === 'none') return 'word';
  // "Mazur i Wspólnicy": a one-letter "and" in lower case joins two names; "I" is the pronoun.
  if (t.text.length === 1 && t.text === t.lower && CONNECTORS.has(t.lower) && next && isCapitalized(next))
    return 'joint';
  if (NOT_IN_NAME.has(t.lower)) return 'stop';
  if (k < last && SUFFIX_WORDS.has(t.lower)) return 'stop';
  if (isCapitalized(t)) return 'word';
  if (!CONNECTORS.has(t.lower)) return 'stop';
  return t.lower === 'and' && separatesNames(tokens, k, last) ? 'stop' : 'joint';
}

/**
 * "High Speed Net Solutions and R. J. Seifert Enterprises" names two parties; "Leonard Green and
 * Partners LP" one. An "and" starts a new name when an initial or "the" follows it, or more than two
 * words do; an "&" only when an initial or "the" follows it.
 */
function separatesNames(tokens: Token[], k: number, last: number): boolean {
  const next = tokens[k + 1];
  if (next && next.kind === 'word' && next.text.length === 1 && isPunct(tokens[k + 2], '.')) return true;
  if (next?.lower === 'the') return true;
  // "Harrow & Fenn Joinery Ltd", "Brenner & Voigt Elektrogroßhandel GmbH": an ampersand joins the
  // names a firm is called by; two parties are listed with "and".
  if (tokens[k]!.kind === 'punct') return false;
  let words = 0;
  for (let j = k + 1; j <= last; j++) if (tokens[j]!.kind === 'word') words++;
  return words > 2;
}

/** "R. J.", "MR. D.I.Y.", "St.": a dot after an initial or a short capitalised word is not a full stop. */
function isAbbreviation(word: Token | undefined, dot: Token): boolean {
  if (word?.kind !== 'word' || dot.gap !== 'none' || !isCapitalized(word)) return false;
  return word.text.length === 1 || (word.text.length <= 3 && (isAllCaps(word) || word.text.length === 2));
}

/** A number opens a name only among capitals ("99 SPEED MART"), not in prose ("dated 2019 Acme Inc."). */
function opensName(tokens: Token[], first: number, last: number): boolean {
  const t = tokens[first]!;
  if (t.kind === 'punct') return false;
  if (t.kind === 'word') return isCapitalized(t);
  const word = tokens.slice(first + 1, last + 1).find((w) => w.kind === 'word');
  return isAllCaps(word);
}

/** Whether a name read backwards may go on past the end of the line this token ends. */
function proseBreak(t: Token): boolean {
  if (isPunct(t, ',&') || (t.kind === 'word' && CONNECTORS.has(t.lower))) return true;
  return t.end - t.lineStart >= PROSE_LINE;
}

/** "KEDAI PAPAN YEW CHUAN": a shop-name opener at the start of a line, then capitalised words to its end. */
/** Whether a token starts its line, or follows nothing but OCR's stray punctuation on it. */
function opensLine(tokens: Token[], i: number): boolean {
  for (let k = i; k > 0; k--) {
    if (tokens[k]!.gap === 'line') return true;
    if (tokens[k - 1]!.kind !== 'punct') return false;
  }
  return true;
}

function prefixedAt(text: string, tokens: Token[], i: number): Found | null {
  const open = tokens[i]!;
  if (!NAME_PREFIXES.has(open.lower) || !isCapitalized(open) || !opensLine(tokens, i)) return null;
  let last = i;
  for (let k = i + 1; k < tokens.length && k - i < MAX_NAME_TOKENS; k++) {
    const t = tokens[k]!;
    if (t.gap === 'line') break;
    const joint = t.kind === 'num' || isPunct(t, '&.-') || (t.kind === 'word' && CONNECTORS.has(t.lower));
    if (!joint && !isCapitalized(t)) break;
    if (isCapitalized(t) || t.kind === 'num') last = k;
  }
  // "Kedai Runcit in the village" is prose; a name that fills its line may mix cases ("Kedai Uhat CHONG HWA").
  const fillsLine = last + 1 >= tokens.length || tokens[last + 1]!.gap === 'line';
  if (last === i || (!fillsLine && isTitleCase(open) !== isTitleCase(tokens[last]))) return null;
  // "KEDAI MAJU S/B", "KEDAI MAJU (M) SDN BHD": a name with a legal form is read from its form.
  if (legalFormAhead(tokens, i + 1) || legalFormAhead(tokens, regionEnd(tokens, last + 1) ?? last + 1))
    return null;
  const start = open.start;
  const end = tokens[last]!.end;
  return {
    span: entity(text, start, end, oneLine(text.slice(start, end)), 0.6, 'organization'),
    next: last + 1,
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
