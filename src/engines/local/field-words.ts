import type { FieldProfile } from './field-profile.ts';
import { CONCEPTS, FILLER, HEAD_FAMILIES, isDocumentWord } from './field-sense.ts';
import { words } from './words.ts';

/**
 * A word's stem as field words and document words are compared: "begins" meets "begin", "renting"
 * meets "rent", "monthly" meets "month", "daily" meets "day", "payable" meets "pay". Crude on purpose: it only has to join a field's own wording
 * to the document's.
 */
export function stem(word: string): string {
  // "daily" meets "day", as "monthly" meets "month".
  const w = word.replace(/ily$/, 'y').replace(/(?:ing|ed|ly|able|es|s)$/, '');
  return w.length >= 3 ? w : word;
}

/** Where a description stops speaking of the value itself: "Take-home pay | after deductions". */
const CLAUSE_END =
  /[,;:()[\]]|\b(?:before|after|including|excluding|except|without|less|minus|plus|other than|not|e\.g\.|i\.e\.)\b/i;

const STOP = new Set(
  'a an and are as at be been by for from in into is it of on or per so than that the then there this to under over was were which with who whose what when where will shall may must can has have had value field name printed shown given stated written'.split(
    ' ',
  ),
);

const cache = new WeakMap<FieldProfile, Set<string>>();

/**
 * The field's own words that say which value it is, as stems: its name's and its description's first
 * clause's, less the words for the kind of value ("date", "amount"), for the document ("agreement"),
 * and, when the name gave the concept, those the engine already looks for by its labels.
 */
export function contextWords(profile: FieldProfile): Set<string> {
  let found = cache.get(profile);
  if (found) return found;
  const { field } = profile;
  const conceptWords = new Set(
    CONCEPTS.filter((c) => profile.concepts.includes(c.id)).flatMap((c) => c.phrases.flat()),
  );
  const clause = field.description.split(CLAUSE_END)[0] ?? '';
  // A concept the name gave is found by its labels; one only the description gave has no other handle
  // in running text than the description's words ("Deposit paid on signing").
  const named = profile.sense.from === 'name';
  found = new Set(
    [...words(field.name), ...field.aliases.flatMap(words), ...words(clause)]
      .filter(
        (w) =>
          /\p{L}{3,}/u.test(w) &&
          !STOP.has(w) &&
          !FILLER.has(w) &&
          !isDocumentWord(w) &&
          // A kind word names the value only for its own kind: "day" in rate_per_day says per what.
          (!HEAD_FAMILIES.has(w) ||
            (profile.sense.family !== null && HEAD_FAMILIES.get(w) !== profile.sense.family)) &&
          !(named && conceptWords.has(w)) &&
          !otherConceptWord(w, profile),
      )
      .map(stem),
  );
  // The names a description lists for the value count whatever their kind: "fee" or "price" says
  // which amount when the description offers it as one of the value's names.
  for (const w of alternatives(field.description).flatMap(words))
    if (/\p{L}{3,}/u.test(w) && !STOP.has(w) && !FILLER.has(w) && !isDocumentWord(w)) found.add(stem(w));
  cache.set(profile, found);
  return found;
}

/** A word that alone names another concept ("total" in "Total before tax" for a net amount): it points elsewhere. */
function otherConceptWord(word: string, profile: FieldProfile): boolean {
  return CONCEPTS.some(
    (c) => !profile.concepts.includes(c.id) && c.phrases.some((p) => p.length === 1 && p[0] === word),
  );
}

/** The stems of the field's name and aliases. */
export function nameStems(profile: FieldProfile): Set<string> {
  const { field } = profile;
  return new Set([...words(field.name), ...field.aliases.flatMap(words)].map(stem));
}

/**
 * "Main amount payable (the fee, rent, salary, price or loan amount …)": the names a description
 * lists for the value, in brackets or after "such as" / "e.g.", each one to three words. A list of
 * values in quotes ("e.g. \"24 months\"") is not one.
 */
export function alternatives(description: string): string[] {
  const lists = [
    ...description.matchAll(/\(([^()"“”]{3,200})\)/g),
    ...description.matchAll(/\b(?:such as|e\.g\.|for example|like)\s+([^.;:()"“”]{3,200})/gi),
  ].map((m) => m[1]!);
  return lists.flatMap((list) => {
    const parts = list
      .split(/,|\bor\b|\band\b|\//i)
      .map((p) =>
        p
          .replace(/^\s*(?:the|a|an)\s+/i, '')
          .replace(/\s+(?:the|that|which|who|whose|of|for|to|in)\b.*$/i, '')
          .trim(),
      )
      .filter(Boolean);
    // A list names alternatives: two or more short parts, no figures.
    if (parts.length < 2 || parts.some((p) => /\d/.test(p))) return [];
    return parts.filter((p) => p.split(/\s+/).length <= 3);
  });
}
