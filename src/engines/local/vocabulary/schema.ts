import { z } from 'zod';

/** Phrases as the engine compares them: lower case, no accents, words split by single spaces. */
const phrases = z.array(z.string());
const phrasesByKey = z.record(z.string(), phrases);

const cue = z.union([
  z.string(),
  z.strictObject({ text: z.string(), weight: z.number().optional(), reads: z.string().optional() }),
]);

/** What a field may ask for; its `words` are every language's labels of it, merged from the packs. */
export const conceptSchema = z.strictObject({
  id: z.string(),
  family: z.string(),
  words: phrases,
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

const yesNoStatement = z.strictObject({ id: z.string(), asks: phrases, states: z.array(phrases) });

/** The merged vocabulary: one type per section, documented in docs/vocabulary.md. */
export const lexiconSchema = z.strictObject({
  concepts: z.array(conceptSchema),
  heads: z.record(z.string(), z.string()),
  amountQualifiers: phrases,
  documentWords: phrases,
  neutralModifiers: phrases,
  inclusionWords: phrases,
  itemColumns: z.strictObject({
    code: phrases,
    description: phrases,
    quantity: phrases,
    unit: phrases,
    unit_price: phrases,
    amount: phrases,
  }),
  chargeWords: phrases,
  formatEndings: phrases,
  ownerWords: phrasesByKey,
  issuedByBuyer: z.strictObject({ titles: phrases }),
  yesNoStatements: z.strictObject({ concepts: z.array(yesNoStatement) }),
  negations: phrases,
  rangeWords: z.strictObject({ start: phrases, end: phrases }),
  roleMailboxes: z.strictObject({ names: phrases }),
  valueWords: phrasesByKey,
  topicWords: phrasesByKey,
  nameLabels: phrases,
  partitives: phrases,
  /** Per language, the words that end a description's first noun phrase, space separated. */
  phraseEnds: z.record(z.string(), z.string()),
  closings: phrases,
  salutations: phrases,
  beforeAfterWords: phrases,
  registrationMarkers: phrases,
  legalNameWords: phrases,
  writerPronouns: z.strictObject({ words: phrases }),
  addresseePronouns: z.strictObject({ words: phrases }),
  headOfPageWords: phrases,
  prominenceWords: phrases,
  actDates: phrasesByKey,
});

/** English word → the words other languages use for it ("date" → fecha, datum, tarikh). */
export const equivalentsSchema = z.record(z.string(), phrases);

export type Concept = z.infer<typeof conceptSchema>;
export type Lexicon = z.infer<typeof lexiconSchema>;
export type WordEquivalents = z.infer<typeof equivalentsSchema>;
