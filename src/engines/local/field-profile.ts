import type { Field } from '../../fields/field.ts';
import type { EntityKind } from '../recognizers/index.ts';
import lexicon from './lexicon.json' with { type: 'json' };
import { words } from './words.ts';

export type ValueKind = EntityKind | 'party' | 'text';
export type PositionPrior = 'top' | 'bottom' | 'any';

interface Concept {
  id: string;
  words: string[];
  kind?: string;
  position?: string;
  prefer?: string;
  documentDate?: boolean;
  distinct?: boolean;
  cues?: (string | { text: string; weight: number })[];
}

/** What the engine knows of a field before reading: the words that name it and what its value looks like. */
export interface FieldProfile {
  field: Field;
  /** Normalised words of the name and aliases. */
  nameWords: Set<string>;
  /** Content words of the description. */
  descriptionWords: Set<string>;
  /** Normalised labels (word sequences) that name the field: its name, aliases, and its concepts' words. */
  labels: string[][];
  /** Labels that only suggest the field (from its description): they count less. */
  weakLabels: string[][];
  /** Labels of the object a nested field belongs to: "Customer:" names customer.name. */
  parentLabels: string[][];
  concepts: string[];
  kind: ValueKind;
  position: PositionPrior;
  preferLargest: boolean;
  /** The field names the document's own date (its only date, or its first at the head, is a fair answer). */
  documentDate: boolean;
  /** Phrases (word sequences) that announce the value in running text, with how surely they do (0–1). */
  cues: { words: string[]; weight: number }[];
}

const STOPWORDS = new Set(
  'a an and are as at be by for from in into is it its of on or that the this to was were which with who whose what when where than then there their any all each per printed shown given stated document value field name names as if'.split(
    ' ',
  ),
);

const concepts = (lexicon.concepts as Concept[]).map((c) => ({
  ...c,
  phrases: c.words.map((w) => words(w)),
}));

const KINDS = new Set([
  'organization',
  'person',
  'location',
  'duration',
  'email',
  'phone',
  'url',
  'iban',
  'vat',
  'postal_address',
  'party',
]);

export function containsPhrase(haystack: string[], phrase: string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** Concepts the field's name (strongly) or description (weakly) names, best first. */
function matchConcepts(nameWords: string[], descriptionWords: string[]) {
  const scored: { concept: (typeof concepts)[number]; score: number }[] = [];
  for (const concept of concepts) {
    let score = 0;
    for (const phrase of concept.phrases) {
      if (containsPhrase(nameWords, phrase)) score = Math.max(score, 2 + phrase.length);
      else if (containsPhrase(descriptionWords, phrase)) score = Math.max(score, 1 + phrase.length * 0.5);
    }
    if (score > 0) scored.push({ concept, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}

export function profileField(field: Field, parent?: Field): FieldProfile {
  const nameList = [...words(field.name), ...field.aliases.flatMap(words)];
  const descriptionList = words(field.description).filter((w) => !STOPWORDS.has(w));
  const matched = matchConcepts(words(field.name), words(field.description));
  const labels: string[][] = [words(field.name), ...field.aliases.map(words)];
  const weakLabels: string[][] = [];
  // The field's own name decides its concepts (the most specific: "due date" over "date"); the
  // description only suggests one when the name names none.
  const top = matched[0]?.score ?? 0;
  const strong = top >= 2 ? matched.filter((m) => m.score === top) : [];
  const chosen = (strong.length > 0 ? strong : matched.slice(0, 1)).map((m) => m.concept);
  for (const c of chosen) (strong.length > 0 ? labels : weakLabels).push(...c.phrases);
  // A nested field is often labelled by its parent alone: "Customer: ACME" for customer.name.
  const parentLabels = parent ? profileField(parent).labels : [];
  if (parent) labels.push([...words(parent.name), ...words(field.name)]);
  const primary = chosen[0];
  const declaredKind = primary?.kind && KINDS.has(primary.kind) ? (primary.kind as ValueKind) : 'text';
  return {
    field,
    nameWords: new Set(nameList),
    descriptionWords: new Set(descriptionList.filter((w) => !nameList.includes(w))),
    labels: dedupe(labels.filter((l) => l.length > 0)),
    weakLabels: dedupe(weakLabels.filter((l) => l.length > 0)),
    parentLabels,
    concepts: chosen.map((c) => c.id),
    kind: field.kind === 'string' || field.kind === 'array' ? declaredKind : 'text',
    position: (primary?.position as PositionPrior | undefined) ?? 'any',
    preferLargest: primary?.prefer === 'largest',
    documentDate: chosen.some((c) => c.documentDate === true),
    cues: chosen.flatMap((c) =>
      (c.cues ?? []).map((cue) =>
        typeof cue === 'string'
          ? { words: words(cue), weight: Math.min(1, 0.55 + 0.12 * words(cue).length) }
          : { words: words(cue.text), weight: cue.weight },
      ),
    ),
  };
}

function dedupe(phrases: string[][]): string[][] {
  const seen = new Set<string>();
  return phrases.filter((p) => {
    const key = p.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The names of the distinct concepts other than those given, for telling labels apart. */
export function conceptPhrases(except: string[]): string[][] {
  return concepts.filter((c) => c.distinct === true && !except.includes(c.id)).flatMap((c) => c.phrases);
}
