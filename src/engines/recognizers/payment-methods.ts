/** How a payment was made ("VISA TEND 16.45", "Paid by BACS", "Règlement : carte bancaire"), by a word list. */
import vocabulary from './data/payment-methods.json' with { type: 'json' };
import { literalAlternation } from './literal-alternation.ts';
import { type EntitySpan, entity } from './types.ts';

const BY_WORD = new Map<string, string>();
for (const [name, words] of Object.entries(vocabulary.methods)) for (const w of words) BY_WORD.set(w, name);

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${literalAlternation(BY_WORD.keys())})(?![\\p{L}\\p{N}])`,
  'gu',
);

/** Word lists shorter than four letters ("cb", "bar", "pin") are other words too: trusted only in capitals. */
const SHORT = 3;

const NUMBER_LABEL = /^\s*(?:(?:no|nr|number)\b\.?\s*[:#.]?|[:#])\s*\d/i;

export function findPaymentMethods(text: string): EntitySpan[] {
  const folded = fold(text);
  // NFKD may lengthen a text; offsets are read back only where it did not.
  if (folded.length !== text.length) return [];
  const spans: EntitySpan[] = [];
  for (const m of folded.matchAll(PATTERN)) {
    const written = text.slice(m.index, m.index + m[0].length);
    if (m[0].length <= SHORT && written !== written.toUpperCase()) continue;
    const name = BY_WORD.get(m[0].replace(/\s+/g, ' '));
    // "Check: 2291", "Cheque No. 118": a label of the bill's or the cheque's number, not a tender.
    if (name === 'Cheque' && NUMBER_LABEL.test(text.slice(m.index + m[0].length))) continue;
    if (name)
      spans.push(
        entity(text, m.index, m.index + m[0].length, name, m[0].length <= SHORT ? 0.6 : 0.9, 'payment'),
      );
  }
  return spans;
}
