import { findDateSpans, findNumberSpans, type TypingHints } from '../../../fields/typing/index.ts';
import { firstDurationIn } from '../../recognizers/durations.ts';
import { findPostalAddresses } from '../../recognizers/index.ts';
import { numberWordValue } from '../../recognizers/number-words.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, lineAt } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { recognize } from '../read-value.ts';
import { POSITION_WEIGHT } from './position.ts';

/** Values announced in running text: "governed by the laws of X", "effective as of DATE", "between X and Y". */
export function proseCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  if (profile.cues.length === 0) return [];
  const out: Candidate[] = [];
  const lower = foldedText(view);
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
          : field.kind === 'string' && (reads ?? profile.kind) === 'postal_address'
            ? addressAfter(view, m.index)
            : field.kind === 'string'
              ? recognize(reads ?? profile.kind, window)
              : profile.sense.unit
                ? // "upon thirty (30) days' written notice" for notice days: the first duration after the cue.
                  [firstDurationIn(window, profile.sense.unit, 120)].filter((d) => d !== null)
                : field.kind === 'double'
                  ? amountsIn(window, hints)
                  : field.kind === 'integer'
                    ? countsIn(window)
                    : [];
      const taken = spans.slice(0, profile.field.kind === 'array' ? 4 : 1);
      // Values one cue announces together ("between X and Y") stand together: the first one's
      // distance counts, the sum spelled out before its figures not ("Two Thousand … Dollars ($2,850)").
      const distance = spelledOut(window.slice(0, taken[0]?.start ?? 0)).length / 300;
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

const folded = new WeakMap<DocumentView, string>();

/**
 * The document's text in lower case without accents, as cue words are stored ("spätestens" is
 * "spatestens", "à payer avant" "a payer avant"), one character for one so that offsets still point
 * into the text.
 */
function foldedText(view: DocumentView): string {
  let text = folded.get(view);
  if (text === undefined) {
    text = view.text.toLowerCase().replace(/[^ -~\s]/g, (c) => {
      const bare = c.normalize('NFKD').replace(/\p{M}/gu, '');
      return bare.length === 1 ? bare : c;
    });
    folded.set(view, text);
  }
  return text;
}

/**
 * "… the apartment located at 1420 Alder Street, Unit 5B, / Seattle, WA 98101": an address a
 * sentence announces, read as a block from the cue's line on (it may run onto the next line).
 */
function addressAfter(view: DocumentView, at: number): { start: number; value: string }[] {
  const line = lineAt(view, at);
  const block = findPostalAddresses(view.lines.slice(line.id, line.id + 3).map((l) => l.text))[0];
  return block && block.startLine === 0 ? [{ start: 0, value: block.value }] : [];
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "a monthly fee of US$4,500.00 (the …)": the amount a cue announces, the first one after it. */
function amountsIn(window: string, hints: TypingHints) {
  return (
    findNumberSpans(window.slice(0, 120), hints.decimalMark ? { decimalMark: hints.decimalMark } : {})
      .filter((s) => s.amount && !s.percent)
      .slice(0, 1)
      // "Dollars ($2,850.00)": brackets after words restate the sum; they do not make it negative.
      .map((s) => ({ ...s, value: Math.abs(s.value) }))
  );
}

/** "innerhalb von 14 Tagen": the whole number a cue announces, right after it; money counts too. */
function countsIn(window: string) {
  const near = window.slice(0, 40);
  const count = findNumberSpans(near).find((s) => !s.percent && Number.isInteger(s.value) && s.value >= 0);
  return count ? [count] : amountsIn(near, {});
}

/** A stretch of text less the words that spell a sum out: "Two Thousand Eight Hundred Fifty and No/100 Dollars (". */
function spelledOut(text: string): string {
  return text
    .replace(/[\p{L}/0-9]+/gu, (w) =>
      SPELLING.test(w) || numberWordValue(w.toLowerCase()) !== null ? '' : w,
    )
    .replace(/[\s(),.-]+/g, ' ')
    .trim();
}

const SPELLING =
  /^(?:hundred|thousand|million|billion|and|no\/100|\d+\/100|dollars?|euros?|pounds?|cents?|only)$/i;
