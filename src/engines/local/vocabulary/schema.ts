import { z } from 'zod';

/**
 * A phrase as the packs write it: lower case, without accents, words split by single spaces. The
 * engine normalises what it reads the same way, so a phrase written otherwise would match nothing.
 */
export function isNormalisedPhrase(phrase: string): boolean {
  return (
    phrase.length > 0 &&
    phrase === phrase.trim() &&
    !phrase.includes('  ') &&
    phrase === phrase.toLowerCase() &&
    !/\p{M}/u.test(phrase.normalize('NFKD'))
  );
}

const phrase = z
  .string()
  .refine(isNormalisedPhrase, 'not a normalised phrase (lower case, no accents, single spaces)');
const phrases = z.array(phrase);
const phrasesByKey = z.record(z.string(), phrases);

const cue = z.union([
  phrase,
  z.strictObject({ text: phrase, weight: z.number().optional(), reads: z.string().optional() }),
]);

/** What a field may ask for, said once for every language (`concepts.json`). */
export const conceptMetaSchema = z.strictObject({
  id: z.string(),
  family: z.string(),
  asks: phrases.optional(),
  generic: z.boolean().optional(),
  specialises: z.boolean().optional(),
  kind: z.string().optional(),
  position: z.string().optional(),
  prefer: z.string().optional(),
  documentDate: z.boolean().optional(),
  distinct: z.boolean().optional(),
  addressee: z.boolean().optional(),
  owner: z.string().optional(),
  rated: z.boolean().optional(),
  selfNames: phrases.optional(),
  cues: z.array(cue).optional(),
});

/** A concept with its `words`: every language's labels of it, merged from the language packs. */
export const conceptSchema = conceptMetaSchema.extend({ words: phrases });

const yesNoStatement = z.strictObject({ id: z.string(), asks: phrases, states: z.array(phrases) });

/** `packs/concepts.json`: the concepts and the yes-or-no statements, with no language's words. */
export const basePackSchema = z.strictObject({
  concepts: z.array(conceptMetaSchema),
  yesNoStatements: z.strictObject({ concepts: z.array(yesNoStatement) }),
});

const ITEM_ROLES = ['code', 'description', 'quantity', 'unit', 'unit_price', 'amount'] as const;

/** The sections that are lists of phrases, the same in a language pack and in the merged vocabulary. */
export const LIST_SECTIONS = [
  'amountQualifiers',
  'documentWords',
  'neutralModifiers',
  'inclusionWords',
  'chargeWords',
  'formatEndings',
  'negations',
  'nameLabels',
  'partitives',
  'closings',
  'salutations',
  'beforeAfterWords',
  'registrationMarkers',
  'legalNameWords',
  'headOfPageWords',
  'prominenceWords',
] as const;

/** The sections that are lists of phrases by key (a role, a value, a concept id, or a list's name). */
export const KEYED_SECTIONS = [
  'itemColumns',
  'ownerWords',
  'valueWords',
  'topicWords',
  'actDates',
  'rangeWords',
  'issuedByBuyer',
  'roleMailboxes',
  'writerPronouns',
  'addresseePronouns',
] as const;

const listSections = Object.fromEntries(LIST_SECTIONS.map((name) => [name, phrases])) as Record<
  (typeof LIST_SECTIONS)[number],
  typeof phrases
>;
const optionalLists = Object.fromEntries(LIST_SECTIONS.map((name) => [name, phrases.optional()])) as Record<
  (typeof LIST_SECTIONS)[number],
  z.ZodOptional<typeof phrases>
>;
const keyed = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, phrases])) as Record<K, typeof phrases>);
const partlyKeyed = <K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, phrases.optional()])) as Record<
      K,
      z.ZodOptional<typeof phrases>
    >,
  );

/**
 * One language's words (`packs/<code>.json`): its labels of concepts by concept id, its words of each
 * section, its words for English words, its head words and the words that end a description's noun
 * phrase. Every section is optional: a pack holds what its language has.
 */
export const languagePackSchema = z.strictObject({
  concepts: phrasesByKey.optional(),
  heads: z.record(phrase, z.string()).optional(),
  phraseEnds: phrase.optional(),
  equivalents: phrasesByKey.optional(),
  ...optionalLists,
  itemColumns: partlyKeyed(ITEM_ROLES).optional(),
  ownerWords: phrasesByKey.optional(),
  valueWords: phrasesByKey.optional(),
  topicWords: phrasesByKey.optional(),
  actDates: phrasesByKey.optional(),
  rangeWords: partlyKeyed(['start', 'end']).optional(),
  issuedByBuyer: partlyKeyed(['titles']).optional(),
  roleMailboxes: partlyKeyed(['names']).optional(),
  writerPronouns: partlyKeyed(['words']).optional(),
  addresseePronouns: partlyKeyed(['words']).optional(),
});

/** The merged vocabulary the engine reads: one type per section, explained in docs/vocabulary.md. */
export const lexiconSchema = z.strictObject({
  concepts: z.array(conceptSchema),
  heads: z.record(phrase, z.string()),
  ...listSections,
  itemColumns: keyed(ITEM_ROLES),
  ownerWords: phrasesByKey,
  issuedByBuyer: keyed(['titles']),
  yesNoStatements: basePackSchema.shape.yesNoStatements,
  rangeWords: keyed(['start', 'end']),
  roleMailboxes: keyed(['names']),
  valueWords: phrasesByKey,
  topicWords: phrasesByKey,
  /** Per language, the words that end a description's first noun phrase, space separated. */
  phraseEnds: z.record(z.string(), phrase),
  writerPronouns: keyed(['words']),
  addresseePronouns: keyed(['words']),
  actDates: phrasesByKey,
});

/** English word → the words other languages use for it ("date" → fecha, datum, tarikh). */
export const equivalentsSchema = phrasesByKey;

export type Concept = z.infer<typeof conceptSchema>;
export type BasePack = z.infer<typeof basePackSchema>;
export type LanguagePack = z.infer<typeof languagePackSchema>;
export type Lexicon = z.infer<typeof lexiconSchema>;
export type WordEquivalents = z.infer<typeof equivalentsSchema>;
