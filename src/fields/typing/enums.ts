/** Picks which of a field's allowed values a text names, tolerating case, accents, labels and typos. */
import { glyphsIn } from './checkboxes.ts';
import { similarity } from './edit-distance.ts';
import { foldCase } from './text.ts';

/** Below this similarity a value is not "close": "Pendng" ~ "Pending" (0.86) passes, "USB" ~ "USD" (0.67) does not. */
export const ENUM_SIMILARITY = 0.75;

/** Longer texts are not typos of a value; only their first words are compared. */
const MAX_FUZZY_WORDS = 40;
const MAX_SCANNED = 10_000;

/**
 * The value a text names, exactly as written in `values`: an exact match ignoring case, accents and
 * punctuation; else a value appearing as whole words (after a ticked box first: "☐ Paid ☒ Unpaid");
 * else the only value the text abbreviates ("M" -> "Male"); else the single closest value by edit
 * distance when it is close enough. Null otherwise.
 */
export function matchEnum(text: string, values: readonly string[]): string | null {
  const trimmed = text.trim();
  const raw = values.find((v) => v.trim() === trimmed && trimmed !== '');
  if (raw !== undefined) return raw;
  const target = normalise(text.slice(0, MAX_SCANNED));
  const keys = values.map(normalise);
  if (target === '') return null;
  const exact = keys.indexOf(target);
  if (exact >= 0) return values[exact]!;
  const index =
    ticked(text, keys) ?? contained(target, keys) ?? abbreviated(target, keys) ?? closest(target, keys);
  return index === null ? null : values[index]!;
}

/** Folded, with punctuation as spaces: "Credit-Card", "credit_card" and "CREDIT CARD" are one key. */
function normalise(text: string): string {
  return foldCase(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Values named right after a ticked box win over values merely mentioned. */
function ticked(text: string, keys: string[]): number | null {
  const glyphs = glyphsIn(text.slice(0, MAX_SCANNED));
  for (const [n, glyph] of glyphs.entries()) {
    if (!glyph.checked) continue;
    const label = text.slice(glyph.end, glyphs[n + 1]?.index ?? glyph.end + 80);
    const found = contained(normalise(label), keys);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Among values occurring as whole words, occurrences inside a longer one are dropped ("not paid" hides
 * "paid"), then the earliest wins: "Status: paid (not overdue)" is "paid".
 */
function contained(target: string, keys: string[]): number | null {
  const padded = ` ${target} `;
  const hits: { start: number; end: number; index: number }[] = [];
  keys.forEach((key, index) => {
    if (key === '') return;
    for (let at = padded.indexOf(` ${key} `); at >= 0; at = padded.indexOf(` ${key} `, at + 1)) {
      hits.push({ start: at, end: at + key.length + 2, index });
    }
  });
  const visible = hits.filter(
    (h) =>
      !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start),
  );
  visible.sort((x, y) => x.start - y.start || y.end - y.start - (x.end - x.start));
  return visible[0]?.index ?? null;
}

/** A single word that starts exactly one value ("M" of "Male" | "Female", "pend" of "Pending"). */
function abbreviated(target: string, keys: string[]): number | null {
  if (!/^\p{L}+$/u.test(target)) return null;
  const matches = keys.flatMap((key, index) => (key.startsWith(target) ? [index] : []));
  return matches.length === 1 ? matches[0]! : null;
}

/** The value most similar to the whole text or to a run of its words, if close enough and not tied. */
function closest(target: string, keys: string[]): number | null {
  const words = target.split(' ').slice(0, MAX_FUZZY_WORDS);
  let best = 0;
  let winner: number | null = null;
  keys.forEach((key, index) => {
    if (key === '') return;
    const score = bestScore(key, target, words);
    if (score > best) {
      best = score;
      winner = index;
    } else if (score === best && winner !== null && keys[winner] !== key) {
      winner = null; // equally close to two different values: do not guess
    }
  });
  return best >= ENUM_SIMILARITY ? winner : null;
}

function bestScore(key: string, target: string, words: string[]): number {
  let score = target.length <= key.length * 3 ? similarity(key, target) : 0;
  const size = key.split(' ').length;
  for (let start = 0; start + size <= words.length; start++) {
    score = Math.max(score, similarity(key, words.slice(start, start + size).join(' ')));
  }
  return score;
}
