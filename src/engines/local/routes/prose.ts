import { findDateSpans, type TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, lineAt } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { recognize } from '../read-value.ts';
import { POSITION_WEIGHT } from './position.ts';

/** Values announced in running text: "governed by the laws of X", "effective as of DATE", "between X and Y". */
export function proseCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  if (profile.cues.length === 0) return [];
  const out: Candidate[] = [];
  const lower = view.text.toLowerCase();
  const field = profile.field.kind === 'array' ? profile.field.items : profile.field;
  for (const { words: cue, weight, reads } of profile.cues) {
    // Cue words are stored normalised ("laws" → "law"): the text may have them in the plural.
    const pattern = new RegExp(`\\b${cue.map((w) => `${escapeRegExp(w)}s?`).join('\\W+')}\\b`, 'g');
    for (const m of lower.matchAll(pattern)) {
      const from = m.index + m[0].length;
      const window = view.text.slice(from, from + 300);
      const spans =
        field.kind === 'date' || field.kind === 'datetime'
          ? findDateSpans(window, hints.dateOrder ? { order: hints.dateOrder } : {}).map((s) => ({
              ...s,
              value: s.value,
            }))
          : field.kind === 'string'
            ? recognize(reads ?? profile.kind, window)
            : [];
      const taken = spans.slice(0, profile.field.kind === 'array' ? 4 : 1);
      // Values one cue announces together ("between X and Y") stand together: the first one's distance counts.
      const distance = (taken[0]?.start ?? 0) / 300;
      for (const span of taken) {
        const line = lineAt(view, from + span.start);
        // A cue for the concept is not one for a qualified value of it ("date" is not "shipment date").
        const unqualified =
          profile.qualifiers.length > 0 && !line.tokens.some((t) => profile.qualifiers.includes(t.word))
            ? 0.4
            : 1;
        out.push({
          value: span.value,
          score: weight * unqualified * (1 - 0.6 * distance) * POSITION_WEIGHT[profile.position](line.y),
          source: 'prose',
          line,
          text: line.text,
        });
      }
    }
  }
  return out;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
