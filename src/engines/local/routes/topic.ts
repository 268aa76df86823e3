import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import { isDocumentKind, vocabularyOf } from '../enum-words.ts';
import type { FieldProfile } from '../field-profile.ts';
import { phraseAt, words } from '../words.ts';

/** Lines read for a topic: enough for a long contract's opening pages, bounded for speed. */
const MAX_LINES = 600;

/**
 * An enum that asks what the document is about ([hotel, car_rental, flight], [motor, home, travel]):
 * the value whose words the document uses most, when it uses them clearly more than any other's
 * ("Zimmer", "Übernachtung", "Nächte" make a hotel stay). A value its label states is found by the
 * label route; this is the reading of a clerk who has to decide from the whole page, so it stays
 * below what a label gives. Enums of how something was paid or of kinds of document have routes of
 * their own, and a count here would mistake a mention ("card accepted") for the answer.
 */
export function topicCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const { field } = profile;
  if (field.kind !== 'enum' || profile.concepts.includes('payment_method')) return [];
  if (field.values.filter(isDocumentKind).length >= 2) return [];
  const vocabulary = vocabularyOf(field);
  if (vocabulary.size < 2) return [];
  const counts = new Map<string, { n: number; line: ViewLine }>();
  for (const line of view.lines.slice(0, MAX_LINES)) {
    const said = words(line.text);
    if (said.length === 0) continue;
    for (const [value, phrases] of vocabulary) {
      const n = phrases.reduce((sum, phrase) => sum + occurrences(said, phrase), 0);
      if (n === 0) continue;
      const seen = counts.get(value);
      counts.set(value, { n: (seen?.n ?? 0) + n, line: seen?.line ?? line });
    }
  }
  const ranked = [...counts].sort((a, b) => b[1].n - a[1].n);
  const [best, second] = ranked;
  if (!best || best[1].n < 2 || best[1].n < 2 * (second?.[1].n ?? 0)) return [];
  const { n, line } = best[1];
  return [{ value: best[0], score: Math.min(0.68, 0.5 + 0.03 * n), source: 'type', line, text: line.text }];
}

function occurrences(tokens: string[], phrase: string[]): number {
  let n = 0;
  for (let at = phraseAt(tokens, phrase); at >= 0; at = phraseAt(tokens, phrase, at + 1)) n++;
  return n;
}
