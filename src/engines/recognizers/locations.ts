/**
 * US states, countries and a few other jurisdictions, valued by canonical name: "State of New York" →
 * "New York", "U.K." → "United Kingdom", "Foster City, CA 94404" → "California".
 */
import { AMBIGUOUS_CODES, PLACE_CUES, PLACE_PREFIXES, PLACES, STATE_CODES } from './gazetteer.ts';
import { isCapitalized, isPunct, isTitleCase, type Token, tokenize } from './tokens.ts';
import { type EntitySpan, entity, type Found, scanSpans } from './types.ts';

const ZIP = /^\d{5}(?:-\d{4})?$/;

export function findLocations(text: string): EntitySpan[] {
  return scanLocations(text, tokenize(text));
}

export function scanLocations(text: string, tokens: Token[]): EntitySpan[] {
  return scanSpans(
    tokens.length,
    (i) => prefixedAt(text, tokens, i) ?? placeAt(text, tokens, i) ?? stateCodeAt(text, tokens, i),
  );
}

/** "State of New York", "Commonwealth of Massachusetts", "Republic of Singapore". */
function prefixedAt(text: string, tokens: Token[], i: number): Found | null {
  if (tokens[i]?.kind !== 'word') return null;
  for (const words of PLACE_PREFIXES) {
    if (!words.every((w, k) => tokens[i + k]?.lower === w)) continue;
    let k = i + words.length;
    if (tokens[k]?.lower === 'the') k++;
    const match = PLACES.matchAt(tokens, k);
    if (!match) continue;
    const start = tokens[i]!.start;
    const span = entity(text, start, tokens[match.last]!.end, match.value.canonical, 0.95, 'location');
    return { span, next: match.last + 1 };
  }
  return null;
}

function placeAt(text: string, tokens: Token[], i: number): Found | null {
  const match = PLACES.matchAt(tokens, i);
  if (!match) return null;
  const before = tokens[i - 1];
  const cued = PLACE_CUES.has(before?.lower ?? '') || isPunct(before, ',') || isZip(tokens[match.last + 1]);
  if (match.value.ambiguous && !cued) return null;
  let confidence = match.value.ambiguous ? 0.6 : 0.85;
  if (!match.value.ambiguous && isLawCue(tokens, i)) confidence = 0.9;
  // "New York Life", "Virginia Smith": a place name inside a longer proper name is less likely the place.
  else if (isTitleCase(tokens[match.last + 1]) && tokens[match.last + 1]!.gap === 'space') confidence -= 0.15;
  const start = tokens[i]!.start;
  const span = entity(text, start, tokens[match.last]!.end, match.value.canonical, confidence, 'location');
  return { span, next: match.last + 1 };
}

/** "laws of Delaware", "law of England and Wales". */
function isLawCue(tokens: Token[], i: number): boolean {
  let k = i - 1;
  if (tokens[k]?.lower === 'the') k--;
  return tokens[k]?.lower === 'of' && (tokens[k - 1]?.lower === 'laws' || tokens[k - 1]?.lower === 'law');
}

/** A two-letter code only where an address makes it one: ", CA 94404", "Austin, TX". */
function stateCodeAt(text: string, tokens: Token[], i: number): Found | null {
  const t = tokens[i]!;
  if (t.kind !== 'word' || t.text.length !== 2) return null;
  const name = STATE_CODES.get(t.text);
  if (!name) return null;
  const before = tokens[i - 1];
  const afterCity = isPunct(before, ',') ? isCapitalized(tokens[i - 2]) : isCapitalized(before);
  if (!afterCity || t.gap === 'line') return null;
  let confidence = 0;
  if (isZip(tokens[i + 1])) confidence = 0.9;
  else if (isPunct(before, ',') && !AMBIGUOUS_CODES.has(t.text) && !continues(tokens[i + 1]))
    confidence = 0.7;
  if (confidence === 0) return null;
  return { span: entity(text, t.start, t.end, name, confidence, 'location'), next: i + 1 };
}

function isZip(t: Token | undefined): boolean {
  return !!t && t.kind === 'num' && t.gap !== 'line' && ZIP.test(t.text);
}

/** A word on the same line right after the code means it was not an address's last part. */
function continues(t: Token | undefined): boolean {
  return !!t && t.kind === 'word' && t.gap !== 'line';
}
