/**
 * The engine's business vocabulary, as data: one module reads the packs under `packs/`, checks each
 * against its shape (`schema.ts`) and merges them; no other file reads a pack. `concepts.json` says
 * once what a field may ask for (each concept's family, kind, position, cues…); each language's pack
 * (`<code>.json`) adds its words: labels of concepts by concept id, and the words of every section.
 * What each concept property and section means: docs/vocabulary.md.
 */

import { mergeVocabulary, type NamedPack } from './merge.ts';
import { readPack } from './read-pack.ts';
import { basePackSchema, languagePackSchema } from './schema.ts';

export type { Concept, Lexicon, WordEquivalents } from './schema.ts';

/**
 * The language packs, in the order their phrases are merged: English first (its words name the
 * concepts), then by how many documents of each language the engine meets. Czech's pack holds the
 * Slovak words too; Malay's the Indonesian ones.
 */
export const LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt',
  'ms',
  'pl',
  'cs',
  'sv',
  'da',
  'no',
] as const;

const file = (name: string) => new URL(`./packs/${name}.json`, import.meta.url);

/** Every language pack, read and checked. */
export function readLanguagePacks(): NamedPack[] {
  return LANGUAGES.map((language) => ({
    language,
    file: file(language).pathname,
    pack: readPack(file(language), languagePackSchema),
  }));
}

const merged = mergeVocabulary(readPack(file('concepts'), basePackSchema), readLanguagePacks());

/** The business vocabulary: concepts and their labels in every language, and the words of each section. */
export const lexicon = merged.lexicon;

/** English word → the words other languages use for it. */
export const wordEquivalents = merged.wordEquivalents;
