import type { Field } from '../../fields/field.ts';
import type { EntityKind } from '../recognizers/index.ts';
import { alternativeConcepts, CONCEPTS, type FieldSense, HEAD_FAMILIES, understand } from './field-sense.ts';
import { lexicon } from './vocabulary/index.ts';
import { phraseAt, words } from './words.ts';

export type ValueKind = EntityKind | 'party' | 'title' | 'text';
export type PositionPrior = 'top' | 'bottom' | 'any';

/** What the engine knows of a field before reading: the words that name it and what its value looks like. */
export interface FieldProfile {
  field: Field;
  /** Normalised words of the name and aliases. */
  nameWords: Set<string>;
  /** Content words of the description. */
  descriptionWords: Set<string>;
  /** Normalised labels (word sequences) that name the field: its name, aliases, and its concepts' words. */
  labels: string[][];
  /** Labels that only suggest the field ("Name" for a person): they count less, and only as a label of their own. */
  weakLabels: string[][];
  /** Labels of the object a nested field belongs to: "Customer:" names customer.name. */
  parentLabels: string[][];
  concepts: string[];
  kind: ValueKind;
  position: PositionPrior;
  preferLargest: boolean;
  /** The field names the document's own date (its only date, or its first at the head, is a fair answer). */
  documentDate: boolean;
  /**
   * Phrases (word sequences) that announce the value in running text, with how surely they do (0–1),
   * and the look of the value they announce when it is not the field's own.
   */
  cues: { words: string[]; weight: number; reads?: ValueKind }[];
  /** Head words of the field's kind that its concept's phrases use ("date" for commencement). */
  conceptWords: Set<string>;
  /** How the field was understood (see field-sense.ts). */
  sense: FieldSense;
  /** Name words the lexicon does not know: a label that does not say one of them names another value. */
  qualifiers: string[];
  /** The engine knows what the value is (not only that a label may name it). */
  understood: boolean;
  /** Concepts the description accepts in its stead when the document prints none of its own. */
  alternatives: string[];
}

const STOPWORDS = new Set(
  'a an and are as at be by for from in into is it its of on or that the this to was were which with who whose what when where than then there their any all each per printed shown given stated document value field name names as if'.split(
    ' ',
  ),
);

const KINDS = new Set([
  'title',
  'time',
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
  'currency',
  'payment',
]);

export const containsPhrase = (haystack: string[], phrase: string[]): boolean =>
  phraseAt(haystack, phrase) >= 0;

/** "Name", "Nom", "Naam": labels that say only that a person's name follows. */
const NAME_LABELS: string[][] = lexicon.nameLabels.map(words);

const profiles = new WeakMap<Field, WeakMap<Field | typeof NO_PARENT, FieldProfile>>();
const NO_PARENT = {} as Field;

/** A field's profile, made once per field (and parent): routes ask for it again and again. */
export function profileField(field: Field, parent?: Field): FieldProfile {
  let byParent = profiles.get(field);
  if (!byParent) {
    byParent = new WeakMap();
    profiles.set(field, byParent);
  }
  let profile = byParent.get(parent ?? NO_PARENT);
  if (!profile) {
    profile = makeProfile(field, parent);
    byParent.set(parent ?? NO_PARENT, profile);
  }
  return profile;
}

function makeProfile(field: Field, parent?: Field): FieldProfile {
  const nameList = [...words(field.name), ...field.aliases.flatMap(words)];
  const descriptionList = words(field.description).filter((w) => !STOPWORDS.has(w));
  // customer.name is read as "customer name": the parent says whose value it is.
  const sense = understand(parent ? { ...field, name: `${parent.name} ${field.name}` } : field);
  const concept = sense.concept ? CONCEPTS.find((c) => c.id === sense.concept!.id) : undefined;
  const labels: string[][] = [words(field.name), ...field.aliases.map(words)];
  if (concept) labels.push(...concept.phrases);
  // A nested field is often labelled by its parent alone: "Customer: ACME" for customer.name.
  // "Buyer   Karen Mitchell": a contact person is often labelled by the party alone.
  const ownerLabels =
    !parent && concept?.kind === 'person' && sense.owner
      ? (CONCEPTS.find((c) => c.id === sense.owner!.id)?.phrases ?? [])
      : [];
  const parentLabels = parent ? profileField(parent).labels : ownerLabels;
  if (parent) labels.push([...words(parent.name), ...words(field.name)]);
  const conceptKind = concept?.kind && KINDS.has(concept.kind) ? (concept.kind as ValueKind) : 'text';
  // "recipient_name: Name of the person the letter is addressed to": a party's person, not its firm.
  const declaredKind =
    conceptKind === 'organization' && asksAPerson(field.description.trim()) ? 'person' : conceptKind;
  const itemKind = field.kind === 'array' ? field.items.kind : field.kind;
  // The buyer's address is not the one at the head of the page.
  const prior = (concept?.position as PositionPrior | undefined) ?? 'any';
  const position = sense.owner && sense.owner.id !== 'seller' && prior === 'top' ? 'any' : prior;
  return {
    field,
    nameWords: new Set(nameList),
    descriptionWords: new Set(descriptionList.filter((w) => !nameList.includes(w))),
    labels: dedupe(labels.filter((l) => l.length > 0)),
    // "Name   Thomas Albright" on a payslip: a bare name label suggests a person field, whoever it is.
    weakLabels: declaredKind === 'person' ? NAME_LABELS : [],
    parentLabels,
    concepts: concept ? [concept.id] : [],
    // An enum's values are words ("card", "cash"): it is found where a string of its concept would be.
    // A number of days or months is read as the duration it counts ("30 days' notice").
    kind: itemKind === 'string' || itemKind === 'enum' || sense.unit ? declaredKind : 'text',
    position,
    preferLargest: concept?.prefer === 'largest',
    // "shipment_date": a date the lexicon cannot name is not the document's own date.
    documentDate: concept?.documentDate === true && sense.qualifiers.length === 0,
    cues: (concept?.cues ?? []).map((cue) => {
      const text = typeof cue === 'string' ? cue : cue.text;
      const weight =
        typeof cue === 'string' || cue.weight === undefined
          ? Math.min(1, 0.55 + 0.12 * words(text).length)
          : cue.weight;
      const reads = typeof cue === 'string' || !cue.reads ? {} : { reads: cue.reads as ValueKind };
      return { words: words(text), weight, ...reads };
    }),
    conceptWords: headWordsOf(concept),
    sense,
    qualifiers: sense.qualifiers,
    understood: sense.from !== 'none',
    alternatives: alternativeConcepts(field, sense),
  };
}

const standIns = new WeakMap<FieldProfile, FieldProfile[]>();

/**
 * The field asked as each concept its description accepts in its stead ("tax or company registration
 * number" as a company number): the same field, named by its owner and the concept's first phrase.
 */
export function standInProfiles(profile: FieldProfile): FieldProfile[] {
  let found = standIns.get(profile);
  if (!found) {
    found = profile.alternatives.map((id) => {
      const concept = CONCEPTS.find((c) => c.id === id)!;
      // Whose number it is stays said: "vendor company number".
      const owner = profile.sense.owner ? `${profile.sense.owner.words[0]} ` : '';
      return makeProfile({
        ...profile.field,
        name: `${owner}${concept.words[0]}`,
        aliases: [],
        description: '',
      });
    });
    standIns.set(profile, found);
  }
  return found;
}

/** A person, not one of "person or company": the words a description asks for a person's name by. */
const PERSON = String.raw`(?:person|persona|personne|persoon|pessoa|individual|individuo)\b(?!\s+(?:or|ou|o|oder|of)\s)`;

/** A description that opens by asking for a person's name ("Name of the person…", "Nombre de la persona…"). */
const NAMES_A_PERSON = new RegExp(
  String.raw`^(?:the\s+)?(?:full\s+)?(?:name|nombre|nom|naam|nome)\s+(?:of|de|der|des|van|da|della|di|do)\s+(?:the\s+|la\s+|l['’]\s*|de\s+|der\s+|het\s+|a\s+|o\s+)?${PERSON}`,
  'iu',
);

/**
 * "The addressee, i.e. the individual named in the address block; fall back to the company when no
 * individual is named": a description that speaks of a person well before any firm asks for the person.
 */
const PERSON_WORD = new RegExp(String.raw`\b${PERSON}`, 'iu');
const FIRM_WORD =
  /\b(?:company|companies|firm|organi[sz]ation|business|entity|empresa|soci[ée]t[ée]|firma|unternehmen|bedrijf|syarikat|societ[àa]|azienda)\b/iu;

function asksAPerson(description: string): boolean {
  if (NAMES_A_PERSON.test(description)) return true;
  const person = PERSON_WORD.exec(description)?.index;
  const firm = FIRM_WORD.exec(description)?.index;
  // "(person, joint holders or company)", "Person(en) oder der Firma": one of a list of alternatives.
  return person !== undefined && (firm === undefined || firm - person > ALTERNATIVES_SPAN);
}
const ALTERNATIVES_SPAN = 40;

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
  return CONCEPTS.filter((c) => c.distinct === true && !except.includes(c.id)).flatMap((c) => c.phrases);
}

/**
 * The words that alone say what kind of value a concept is ("date" for an effective date), when a
 * label may be that word alone. Not for amounts: "Total" or "Amount" alone names too many of them.
 */
function headWordsOf(concept: (typeof CONCEPTS)[number] | undefined): Set<string> {
  if (!concept || concept.family === 'amount') return new Set();
  return new Set(concept.phrases.flat().filter((w) => HEAD_FAMILIES.get(w) === concept.family));
}
