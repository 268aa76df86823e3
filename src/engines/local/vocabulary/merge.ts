import {
  type BasePack,
  KEYED_SECTIONS,
  type LanguagePack,
  type Lexicon,
  LIST_SECTIONS,
  lexiconSchema,
  type WordEquivalents,
} from './schema.ts';

/** A language pack as read, with the name its errors give. */
export interface NamedPack {
  language: string;
  file: string;
  pack: LanguagePack;
}

/** Appends each key's phrases to the merged lists, keys kept in the order they first appear. */
function appendKeyed(into: Record<string, string[]>, from: Record<string, string[] | undefined> | undefined) {
  for (const [key, phrases] of Object.entries(from ?? {}))
    into[key] = [...(into[key] ?? []), ...(phrases ?? [])];
}

/**
 * The vocabulary the engine reads: the concepts of the base pack, each with the words every language
 * pack gives it, and every section's phrases, the packs taken in the order given and each pack's
 * phrases in its own order. The order counts: a concept's first word names it in stand-in labels (so
 * English comes first), and of two equal hits of a field's phrases the earlier phrase's is taken
 * (label-match.ts). A pack that names a concept the base pack does not hold, or a head word another
 * pack already gave, stops the load.
 */
export function mergeVocabulary(
  base: BasePack,
  packs: NamedPack[],
): { lexicon: Lexicon; wordEquivalents: WordEquivalents } {
  const known = new Set(base.concepts.map((concept) => concept.id));
  const words: Record<string, string[]> = {};
  const lists: Record<string, string[]> = Object.fromEntries(LIST_SECTIONS.map((name) => [name, []]));
  const keyed: Record<string, Record<string, string[]>> = Object.fromEntries(
    KEYED_SECTIONS.map((name) => [name, {}]),
  );
  const heads: Record<string, string> = {};
  const phraseEnds: Record<string, string> = {};
  const wordEquivalents: WordEquivalents = {};
  for (const { language, file, pack } of packs) {
    for (const id of Object.keys(pack.concepts ?? {}))
      if (!known.has(id))
        throw new Error(`vocabulary pack ${file}: concepts.${id} names no concept of concepts.json`);
    appendKeyed(words, pack.concepts);
    for (const name of LIST_SECTIONS) lists[name]!.push(...(pack[name] ?? []));
    for (const name of KEYED_SECTIONS) appendKeyed(keyed[name]!, pack[name]);
    for (const [head, family] of Object.entries(pack.heads ?? {})) {
      if (head in heads)
        throw new Error(`vocabulary pack ${file}: heads.${head} is given by another pack too`);
      heads[head] = family;
    }
    if (pack.phraseEnds) phraseEnds[language] = pack.phraseEnds;
    appendKeyed(wordEquivalents, pack.equivalents);
  }
  const lexicon = lexiconSchema.parse({
    concepts: base.concepts.map((concept) => ({ ...concept, words: words[concept.id] ?? [] })),
    heads,
    ...lists,
    ...keyed,
    yesNoStatements: base.yesNoStatements,
    phraseEnds,
  });
  return { lexicon, wordEquivalents };
}
