import { findDateSpans, type TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { lexicon } from '../vocabulary/index.ts';
import { words } from '../words.ts';

/** A date concept → the phrases that open the line of the act it dates (lexicon `actDates`). */
const ACTS = new Map(
  Object.entries(lexicon.actDates).map(([id, phrases]) => [id, phrases.map(words)] as const),
);

const opens = (line: ViewLine, phrase: string[]) => phrase.every((w, i) => line.tokens[i]?.word === w);

/**
 * "Submitted by:   Ananya Raghunathan   Date:   2025-02-24", "Signed (employee)   P. Holt   Date
 * 2025-04-02": a form's line that opens with the act a date field asks for dates it, by the date its
 * own "Date" label gives or else the first date it holds; the approver's line below has its own.
 */
export function actDateCandidates(
  view: DocumentView,
  profile: FieldProfile,
  hints: TypingHints,
): Candidate[] {
  const acts = ACTS.get(profile.sense.concept?.id ?? '');
  if (!acts || (profile.field.kind !== 'date' && profile.field.kind !== 'datetime')) return [];
  const order = hints.dateOrder ? { order: hints.dateOrder } : {};
  const out: Candidate[] = [];
  for (const line of view.lines) {
    if (line.tokens.length > 16 || !acts.some((act) => opens(line, act))) continue;
    const labelled = line.tokens.find((t, i) => i > 0 && t.word === 'date');
    const dates = findDateSpans(line.text.slice(labelled ? labelled.end : 0), order);
    const date = dates[0];
    if (!date) continue;
    out.push({ value: date.value, score: labelled ? 0.72 : 0.62, source: 'label', line, text: line.text });
  }
  return out;
}
