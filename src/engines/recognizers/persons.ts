/**
 * Person names: two to four capitalised words or initials ("Ray M. Dolby", "Anna van der Berg"),
 * sure when a title, a label or a role marks them ("Mr.", "Name:", `(the "Employee")`), moderate
 * otherwise. Names written in capitals are taken only with such a mark.
 */
import { PLACES } from './gazetteer.ts';
import { SUFFIXES } from './organization-words.ts';
import {
  GENERATIONAL,
  HONORIFICS,
  LABELS,
  NOT_NAMES,
  NOUN_ENDINGS,
  PARTICLES,
  ROLES,
} from './person-words.ts';
import { isAllCaps, isPunct, isTitleCase, type Token, tokenize } from './tokens.ts';
import { type EntitySpan, entity, type Found, scanSpans } from './types.ts';

/** More capitalised words in a row than this is a heading or a title, not a name. */
const MAX_PARTS = 4;
/** A line at least this long was wrapped prose. */
const PROSE_LINE = 40;
const QUOTES = '"“”\'‘’«»';
const POSSESSIVE = /['’]s$/;

interface Run {
  /** Token index of the name's last token. */
  last: number;
  parts: number;
  /** The run went on past MAX_PARTS: a heading, not a name. */
  tooLong: boolean;
}

export function findPersons(text: string): EntitySpan[] {
  return scanPersons(text, tokenize(text));
}

export function scanPersons(text: string, tokens: Token[]): EntitySpan[] {
  const vocabulary = { lowerWords: wordsInLowerCase(tokens), definedTerms: definedTerms(tokens) };
  return scanSpans(tokens.length, (i) => personAt(text, tokens, i, vocabulary));
}

function personAt(text: string, tokens: Token[], i: number, vocabulary: Vocabulary): Found | null {
  const first = tokens[i]!;
  if (first.kind !== 'word' || (i > 0 && startsInsideRun(tokens, i))) return null;
  const before = cueBefore(tokens, i);
  const caps = isAllCaps(first) && first.text.length > 1;
  if (caps && before === 0) {
    // Capitals need a mark, before or after; try the run and look for a role after it.
    const run = readRun(tokens, i, true, true);
    if (!run || run.parts < 2 || run.tooLong) return null;
    const last = withGenerational(tokens, run.last);
    if (!roleAfter(tokens, last + 1)) return null;
    return finish(text, tokens, i, last, 0.85);
  }
  const run = readRun(tokens, i, caps, before > 0);
  if (!run || run.tooLong) return null;
  if (run.parts < (before >= 0.9 ? 1 : 2)) return null;
  const last = withGenerational(tokens, run.last);
  if (namesOrganization(tokens, last + 1) || PLACES.matchesWhole(tokens, i, last)) return null;
  let confidence = before;
  if (roleAfter(tokens, last + 1)) confidence = Math.max(confidence, 0.9);
  // "High Speed Net ...": unmarked capitals that go on past the name are a title or a company;
  // "3. Injunctive Relief." is a heading.
  if (confidence === 0 && (continuesCapitalised(tokens, last) || isHeading(tokens, i, last))) return null;
  // "Specific Performance" when "specific" and "performance" also appear in lower case: common words.
  if (confidence === 0 && isVocabulary(tokens, i, last, vocabulary)) return null;
  if (confidence === 0 && isListMarker(tokens, i, run.parts)) return null;
  if (confidence === 0) confidence = run.parts === 2 ? 0.55 : run.parts === 3 ? 0.5 : 0.45;
  return finish(text, tokens, i, last, confidence);
}

interface Vocabulary {
  /** Every word the text also writes in lower case. */
  lowerWords: Set<string>;
  /** Phrases the text defines in quotes: `(“Affiliated Entity”)`, lower-cased. */
  definedTerms: Set<string>;
}

/** Capitalised words the text uses as ordinary words or as defined terms are not a name. */
function isVocabulary(tokens: Token[], first: number, last: number, vocabulary: Vocabulary): boolean {
  if (isPunct(tokens[first - 1], QUOTES) && tokens[first]!.gap === 'none') return true;
  const phrase = tokens
    .slice(first, last + 1)
    .map((t) => t.lower)
    .join(' ');
  return vocabulary.definedTerms.has(phrase) || allWordsCommon(tokens, first, last, vocabulary.lowerWords);
}

function definedTerms(tokens: Token[]): Set<string> {
  const terms = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (!isPunct(tokens[i], QUOTES) || !isTitleCase(tokens[i + 1]) || tokens[i + 1]!.gap !== 'none') continue;
    const words: string[] = [];
    for (let k = i + 1; k < tokens.length && k <= i + 6; k++) {
      const t = tokens[k]!;
      if (isPunct(t, QUOTES)) {
        terms.add(words.join(' '));
        break;
      }
      if (t.kind === 'punct') break;
      words.push(t.lower);
    }
  }
  return terms;
}

function wordsInLowerCase(tokens: Token[]): Set<string> {
  const seen = new Set<string>();
  for (const t of tokens) if (t.kind === 'word' && t.text === t.lower) seen.add(t.lower);
  return seen;
}

function allWordsCommon(tokens: Token[], first: number, last: number, lowerWords: Set<string>): boolean {
  for (let k = first; k <= last; k++) {
    const t = tokens[k]!;
    if (t.kind === 'word' && t.text.length > 1 && !lowerWords.has(t.lower.replace(POSSESSIVE, '')))
      return false;
  }
  return true;
}

/** "B. Over the course": a letter and a dot at a line's start number a list item. */
function isListMarker(tokens: Token[], first: number, parts: number): boolean {
  const t = tokens[first]!;
  return t.text.length === 1 && (first === 0 || t.gap === 'line') && parts < 2;
}

function finish(text: string, tokens: Token[], first: number, last: number, confidence: number) {
  const start = tokens[first]!.start;
  const lastToken = tokens[last]!;
  // "Jane Roe's obligations": the possessive is not part of the name.
  const end = POSSESSIVE.test(lastToken.text) ? lastToken.end - 2 : lastToken.end;
  const value = text.slice(start, end).replace(/\s+/g, ' ');
  return { span: entity(text, start, end, value, confidence, 'person'), next: last + 1 };
}

/** A run is read from its first word only: "Smith" in "John Smith" does not start another. */
function startsInsideRun(tokens: Token[], i: number): boolean {
  const prev = tokens[i - 1]!;
  const gap = tokens[i]!.gap;
  // "R.J. Smith": the "J" follows an initial's dot and is read with the "R".
  if (gap === 'none') return isPunct(prev, '.') && tokens[i - 2]?.text.length === 1;
  if (gap === 'line') return false;
  return prev.kind === 'word' && (isTitleCase(prev) || isAllCaps(prev)) && !NOT_NAMES.has(prev.lower);
}

/**
 * The run of name parts starting at tokens[i]: capitalised words (in capitals when `caps`), initials
 * with or without a dot, particles between them. It ends on a full word, never on an initial.
 */
function readRun(tokens: Token[], i: number, caps: boolean, marked: boolean): Run | null {
  let parts = 0;
  let counted = 0;
  let last = -1;
  let k = i;
  while (k < tokens.length) {
    const t = tokens[k]!;
    // Parts are spaced, except an initial written tight after another's dot ("R.J.").
    if (k > i && t.gap !== 'space' && !(t.gap === 'none' && isPunct(tokens[k - 1], '.'))) break;
    if (isNameWord(tokens, k, caps, marked)) {
      parts++;
      counted = parts;
      last = k;
      k++;
    } else if (isInitial(t, caps) && parts < MAX_PARTS + 1) {
      parts++;
      k += isPunct(tokens[k + 1], '.') && tokens[k + 1]!.gap === 'none' ? 2 : 1;
    } else if (parts > 0 && PARTICLES.has(t.lower) && !isTitleCase(t)) {
      k++;
    } else break;
    if (parts > MAX_PARTS) return { last, parts: counted, tooLong: true };
  }
  return last < 0 ? null : { last, parts: counted, tooLong: false };
}

function isNameWord(tokens: Token[], k: number, caps: boolean, marked: boolean): boolean {
  const t = tokens[k]!;
  if (t.kind !== 'word' || t.text.length < 2 || /\d/.test(t.text)) return false;
  if (caps ? !isAllCaps(t) : !isTitleCase(t)) return false;
  const stem = t.lower.replace(POSSESSIVE, '');
  if (NOT_NAMES.has(stem) || PARTICLES.has(stem) || GENERATIONAL.has(stem)) return false;
  if (!marked && isNoun(stem)) return false;
  // A place that is only a place ("Delaware", "Malaysia") is not part of a name; "Jordan" may be.
  const place = PLACES.matchAt(tokens, k);
  return !place || place.value.ambiguous;
}

/** Seven letters or more, so "Clive" stays a name; a title or label before a name lifts the check. */
function isNoun(word: string): boolean {
  return word.length >= 7 && NOUN_ENDINGS.some((ending) => word.endsWith(ending));
}

function isInitial(t: Token, caps: boolean): boolean {
  return t.kind === 'word' && t.text.length === 1 && (caps || t.text !== t.lower) && t.text !== 'I';
}

/** "Jr.", "III" after the surname belong to the name. */
function withGenerational(tokens: Token[], last: number): number {
  const next = tokens[last + 1];
  if (next?.gap !== 'space' || !GENERATIONAL.has(next.lower)) return last;
  return isPunct(tokens[last + 2], '.') && tokens[last + 2]!.gap === 'none' ? last + 2 : last + 1;
}

/** How sure the words before tokens[i] make us: a title ("Dr."), a label ("Name:"), or nothing. */
function cueBefore(tokens: Token[], i: number): number {
  let k = i - 1;
  if (isPunct(tokens[k], '.')) k--;
  if (tokens[k] && tokens[k]!.kind === 'word' && HONORIFICS.has(tokens[k]!.lower)) return 0.9;
  k = i - 1;
  // "By: /s/ Jane Roe"
  if (isPunct(tokens[k], '/') && tokens[k - 1]?.lower === 's' && isPunct(tokens[k - 2], '/')) k -= 3;
  if (!isPunct(tokens[k], ':')) return 0;
  const one = tokens[k - 1]?.lower ?? '';
  const two = `${tokens[k - 2]?.lower ?? ''} ${one}`;
  return LABELS.has(one) || LABELS.has(two) ? 0.85 : 0;
}

/** `("Employee")`, `(the "Consultant")`, ", an individual": a role that only a person has. */
function roleAfter(tokens: Token[], k: number): boolean {
  if (isPunct(tokens[k], '(')) {
    for (let j = k + 1; j < k + 6 && j < tokens.length; j++) {
      const t = tokens[j]!;
      if (isPunct(t, ')')) return false;
      if (t.kind !== 'word') continue;
      if (ROLES.has(t.lower) || ROLES.has(`${t.lower} ${tokens[j + 1]?.lower ?? ''}`)) return true;
      if (t.lower !== 'the' && t.lower !== 'hereinafter' && !QUOTES.includes(t.text)) return false;
    }
    return false;
  }
  if (!isPunct(tokens[k], ',')) return false;
  const article = tokens[k + 1]?.lower;
  if (article === 'residing' || article === 'who') return true;
  return (article === 'an' || article === 'a') && ROLES.has(tokens[k + 2]?.lower ?? '');
}

function continuesCapitalised(tokens: Token[], last: number): boolean {
  const t = tokens[last + 1];
  if (!t || t.gap === 'none' || !(isTitleCase(t) || isAllCaps(t))) return false;
  // Across a line break only in wrapped prose, where lines are long.
  return t.gap === 'space' || tokens[last]!.end - tokens[last]!.lineStart >= PROSE_LINE;
}

/** At a line's start or after a list number, and closed by a full stop or colon. */
function isHeading(tokens: Token[], first: number, last: number): boolean {
  if (!isPunct(tokens[last + 1], '.:') || tokens[last + 1]!.gap !== 'none') return false;
  const before = tokens[first - 1];
  return !before || tokens[first]!.gap === 'line' || isPunct(before, '.)') || before.kind === 'num';
}

/** "Kite Pharma, Inc.": capitalised words before a legal form name a company. */
function namesOrganization(tokens: Token[], k: number): boolean {
  const at = isPunct(tokens[k], ',') ? k + 1 : k;
  return tokens[at]?.gap !== 'line' && SUFFIXES.matchAt(tokens, at) !== null;
}
