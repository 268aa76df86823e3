/** English number words from "one" to "ninety-nine", as contracts write counts ("thirty-six (36) months"). */
import words from './data/number-words.json' with { type: 'json' };

// Maps, not objects: a word such as "constructor" must not find an inherited property.
const UNITS = new Map(Object.entries(words.units));
const TENS = new Map(Object.entries(words.tens));
const ARTICLES = new Map(Object.entries(words.articles));

/** "twelve" → 12, "thirty-six" → 36, "forty" → 40; null for anything else (including "a"). */
export function numberWordValue(word: string): number | null {
  const lower = word.toLowerCase();
  const unit = UNITS.get(lower);
  if (unit !== undefined) return unit;
  const tens = TENS.get(lower);
  if (tens !== undefined) return tens;
  const dash = lower.search(/[-‐‑]/);
  if (dash < 0) return null;
  const head = TENS.get(lower.slice(0, dash));
  const tail = UNITS.get(lower.slice(dash + 1));
  return head !== undefined && tail !== undefined && tail > 0 && tail < 10 ? head + tail : null;
}

/** The value of "a"/"an" when it stands for one ("a year"). */
export function articleValue(word: string): number | null {
  return ARTICLES.get(word.toLowerCase()) ?? null;
}

/** "thirty" followed by "six" reads as 36 when written with a space. */
export function isTens(word: string): boolean {
  return TENS.has(word.toLowerCase());
}

export function unitWordValue(word: string): number | null {
  const v = UNITS.get(word.toLowerCase());
  return v !== undefined && v > 0 && v < 10 ? v : null;
}
