/**
 * Percentages written with a number: "19 %", "7,5%", "20 pct", "20 per cent". Spelled-out numbers
 * ("zwanzig Prozent") and URL escapes ("%20") are not percentages here. The value is the number in
 * plain notation ("7.5"); numbers are read by the typing parser, so "7,5" and "1.234,5" are handled
 * as everywhere else.
 */
import { findNumberSpans, type NumberHint } from '../../fields/typing/index.ts';
import words from './data/percent-words.json' with { type: 'json' };
import { literalAlternation } from './literal-alternation.ts';
import { type EntitySpan, entity } from './types.ts';

const WORD_AFTER = new RegExp(`^\\s?(?:${literalAlternation(words.words)})(?![\\p{L}\\p{N}])`, 'iu');
const LONGEST_WORD = Math.max(...words.words.map((w) => w.length)) + 8;

export function findPercentages(text: string, hint?: NumberHint): EntitySpan[] {
  const spans: EntitySpan[] = [];
  for (const n of findNumberSpans(text, hint)) {
    if (n.currency !== undefined) continue;
    if (n.percent) {
      spans.push(entity(text, n.start, n.end, String(n.value), 0.95, 'percent'));
      continue;
    }
    const word = WORD_AFTER.exec(text.slice(n.end, n.end + LONGEST_WORD));
    if (word) spans.push(entity(text, n.start, n.end + word[0].length, String(n.value), 0.9, 'percent'));
  }
  return spans;
}
