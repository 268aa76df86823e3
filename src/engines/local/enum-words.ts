import type { EnumField } from '../../fields/field.ts';
import { matchEnum } from '../../fields/typing/index.ts';
import payments from '../recognizers/data/payment-methods.json' with { type: 'json' };
import { lexicon } from './vocabulary/index.ts';
import { phraseAt, words } from './words.ts';

/**
 * Which of an enum field's values a text names when it does not write the value itself: "VISA TEND"
 * is `card`, "Touch 'n Go eWallet" is `other` for values [cash, card, other]. A value is named by its
 * own words, by the words its description gives it ("card (credit, debit, contactless)"), and by the
 * payment methods of the class it names ("card": Visa, Mastercard, girocard …).
 */
export function enumValueFor(field: EnumField, text: string, named = false): string | null {
  const direct = matchEnum(text, field.values);
  if (direct !== null) return direct;
  const said = words(text);
  let best: { value: string; at: number } | undefined;
  for (const [value, phrases] of vocabularyOf(field)) {
    for (const phrase of phrases) {
      const at = phraseAt(said, phrase);
      if (at >= 0 && (!best || at < best.at)) best = { value, at };
    }
  }
  if (best) return best.value;
  // A value the field's words do not name, where the text is known to state the field ("Payment:
  // Bizum"), is the catch-all value when the field has one.
  return named ? (field.values.find((v) => OTHER.has(words(v).join(' '))) ?? null) : null;
}

/** Words for "any other value". */
const OTHER = new Set(
  'other others otro otros otra otras autre autres sonstige sonstiges andere anders overig overige altro altri lain misc miscellaneous'.split(
    ' ',
  ),
);

const vocabularies = new WeakMap<EnumField, Map<string, string[][]>>();

export function vocabularyOf(field: EnumField): Map<string, string[][]> {
  let found = vocabularies.get(field);
  if (found) return found;
  found = new Map();
  for (const value of field.values) {
    const own = words(value);
    if (own.length === 0 || OTHER.has(own.join(' '))) continue;
    const phrases = [
      own,
      ...describedAs(field.description, value),
      ...own.flatMap(paymentWords),
      ...(VALUE_WORDS.get(own.join(' ')) ?? []),
      ...(TOPIC_WORDS.get(own.join(' ')) ?? []),
    ];
    found.set(
      value,
      phrases.filter((p) => p.length > 0),
    );
  }
  vocabularies.set(field, found);
  return found;
}

/** "card (credit, debit, contactless)": what the description puts in brackets after the value. */
function describedAs(description: string, value: string): string[][] {
  const name = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s_-]+/g, '[\\s_-]+');
  const inside = new RegExp(`(?<![\\p{L}\\p{N}])${name}\\s*\\(([^)]{1,200})\\)`, 'iu').exec(description)?.[1];
  if (!inside) return [];
  return inside
    .split(/,|;|\/|\bor\b|\band\b|\be\.g\.|\bsuch as\b/i)
    .map((part) => words(part))
    .filter((p) => p.length > 0 && p.length <= 4);
}

/** A lexicon list of words by value, keyed by the value's words ("credit note"). */
function byValue(lists: Record<string, string[]>): Map<string, string[][]> {
  return new Map(
    Object.entries(lists).map(([value, list]) => [words(value).join(' '), list.map(words)] as const),
  );
}

/** "credit_note" is named "Gutschrift", "avoir", "credit memo" (lexicon valueWords). */
const VALUE_WORDS = byValue(lexicon.valueWords);
/** "motor" is named "vehicle", "Kfz", "voiture"; "hotel" "room", "Übernachtung" (lexicon topicWords). */
const TOPIC_WORDS = byValue(lexicon.topicWords);

const CLASSES = payments.classes as unknown as Record<string, string[]>;
const METHODS = payments.methods as Record<string, string[]>;

/** The words of every payment method of the class a value's word names: "card" → visa, amex … */
function paymentWords(word: string): string[][] {
  const methods = CLASSES[word];
  if (!Array.isArray(methods)) return [];
  return methods.flatMap((m) => (METHODS[m] ?? []).map(words));
}

/** A value that is a kind of document ("invoice", "credit_note"): one the lexicon's valueWords know. */
export const isDocumentKind = (value: string) => VALUE_WORDS.has(words(value).join(' '));

/** The kind of document (a valueWords key: "receipt", "invoice") a text names, or null. */
export function documentKindIn(said: string[]): string | null {
  for (const [kind, phrases] of VALUE_WORDS) if (phrases.some((p) => phraseAt(said, p) >= 0)) return kind;
  return null;
}
