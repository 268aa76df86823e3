import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  LANGUAGES,
  lexicon,
  readLanguagePacks,
  wordEquivalents,
} from '../../../src/engines/local/vocabulary/index.ts';
import { mergeVocabulary } from '../../../src/engines/local/vocabulary/merge.ts';
import { readPack } from '../../../src/engines/local/vocabulary/read-pack.ts';
import { basePackSchema, isNormalisedPhrase } from '../../../src/engines/local/vocabulary/schema.ts';

const PACKS = new URL('../../../src/engines/local/vocabulary/packs/', import.meta.url);
const packs = readLanguagePacks();
const base = readPack(new URL('concepts.json', PACKS), basePackSchema);

/** Every phrase a JSON value holds, with its path: strings of arrays, and the keys of `heads`. */
function phrasesOf(value: unknown, path: string): { path: string; phrase: string }[] {
  if (typeof value === 'string') return [{ path, phrase: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => phrasesOf(v, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => [
      ...(path.endsWith('heads') ? [{ path: `${path}.${key}`, phrase: key }] : []),
      ...phrasesOf(v, `${path}.${key}`),
    ]);
  return [];
}

test('every file under packs/ is concepts.json or a language pack the module loads', () => {
  const files = readdirSync(PACKS).sort();
  assert.deepEqual(files, ['concepts.json', ...LANGUAGES.map((l) => `${l}.json`)].sort());
  assert.equal(packs.length, LANGUAGES.length);
  for (const { language, pack } of packs)
    assert.ok(Object.keys(pack).length > 0, `${language}.json is empty`);
});

test("every language pack's phrases are normalised: lower case, no accents, single spaces", () => {
  const bad = packs.flatMap(({ language, pack }) =>
    phrasesOf(pack, language).filter(({ phrase }) => !isNormalisedPhrase(phrase)),
  );
  assert.deepEqual(bad, []);
});

test('no concept and no section holds a phrase twice, within a pack or across packs', () => {
  for (const concept of lexicon.concepts)
    assert.equal(new Set(concept.words).size, concept.words.length, `concept ${concept.id} repeats a phrase`);
  const lists: [string, string[]][] = Object.entries(lexicon).flatMap(
    ([name, section]): [string, string[]][] => {
      if (Array.isArray(section) && section.every((p) => typeof p === 'string'))
        return [[name, section as string[]]];
      if (name === 'concepts' || name === 'heads' || name === 'phraseEnds' || name === 'yesNoStatements')
        return [];
      return Object.entries(section as Record<string, string[]>).map(([key, list]) => [
        `${name}.${key}`,
        list,
      ]);
    },
  );
  assert.ok(lists.length > 20);
  for (const [name, list] of lists) assert.equal(new Set(list).size, list.length, `${name} repeats a phrase`);
  for (const [english, others] of Object.entries(wordEquivalents))
    assert.equal(new Set(others).size, others.length, `equivalents.${english} repeats a word`);
});

test('every concept id a pack names is a concept of concepts.json, and every concept has English words', () => {
  const ids = new Set(base.concepts.map((c) => c.id));
  for (const { language, pack } of packs)
    for (const id of Object.keys(pack.concepts ?? {})) assert.ok(ids.has(id), `${language}.json names ${id}`);
  const english = packs.find((p) => p.language === 'en')!.pack.concepts!;
  for (const concept of lexicon.concepts) {
    assert.ok((english[concept.id] ?? []).length > 0, `${concept.id} has no English words`);
    // A concept's first word names it in stand-in labels ("vendor company number"): English's first.
    assert.equal(concept.words[0], english[concept.id]![0]);
  }
});

test('a pack naming a concept that does not exist stops the merge, naming the pack', () => {
  assert.throws(
    () =>
      mergeVocabulary(base, [
        ...packs,
        { language: 'xx', file: '/packs/xx.json', pack: { concepts: { totl: ['summa'] } } },
      ]),
    /xx\.json: concepts\.totl names no concept/,
  );
});

test('the merged vocabulary holds each pack phrase in its concept, German after English', () => {
  const de = packs.find((p) => p.language === 'de')!.pack;
  const total = lexicon.concepts.find((c) => c.id === 'total')!;
  for (const phrase of de.concepts!.total!) assert.ok(total.words.includes(phrase));
  assert.ok(total.words.indexOf(de.concepts!.total![0]!) > total.words.indexOf('total'));
  assert.ok(Object.keys(lexicon.phraseEnds).includes('fr'));
  assert.ok(wordEquivalents.date!.includes('fecha'));
});

test('no file of src/ but the vocabulary module reads a pack', () => {
  const src = fileURLToPath(new URL('../../../src/', import.meta.url));
  const offenders = (readdirSync(src, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.startsWith(join('engines', 'local', 'vocabulary')))
    .filter((file) =>
      /packs\/|lexicon\.json|word-equivalents\.json/.test(readFileSync(join(src, file), 'utf8')),
    );
  assert.deepEqual(offenders, []);
});
