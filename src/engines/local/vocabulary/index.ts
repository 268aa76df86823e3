import { z } from 'zod';
import { readPack } from './read-pack.ts';
import { equivalentsSchema, type Lexicon, lexiconSchema, type WordEquivalents } from './schema.ts';

export type { Concept, Lexicon, WordEquivalents } from './schema.ts';

/** Drops the `$comment` keys the JSON carried for its readers. */
function withoutComments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComments);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('$'))
      .map(([key, inner]) => [key, withoutComments(inner)]),
  );
}

const file = (name: string) => new URL(`../${name}`, import.meta.url);

/** The business vocabulary: concepts and their labels in every language, and the words of each section. */
export const lexicon: Lexicon = readPack(file('lexicon.json'), z.preprocess(withoutComments, lexiconSchema));

/** English word → the words other languages use for it. */
export const wordEquivalents: WordEquivalents = readPack(
  file('word-equivalents.json'),
  z.preprocess(withoutComments, equivalentsSchema),
);
