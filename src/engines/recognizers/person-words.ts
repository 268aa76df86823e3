/** The word lists behind person names, built once from data/person-words.json. */
import words from './data/person-words.json' with { type: 'json' };

export const HONORIFICS = new Set(words.honorifics);
/** Titles of courtesy only ("Herr", "Ms", "Mme"), which a person's name is given without; not "Dr". */
export const COURTESY_TITLES = new Set(words.courtesyTitles);
/** Labels that introduce a name when a colon follows: "Name:", "By:", "Attn:", "Bill to:". */
export const LABELS = new Set(words.labels);
/** Roles given in parentheses or after a comma that make the name before them a person's. */
export const ROLES = new Set(words.roles);
export const PARTICLES = new Set(words.particles);
export const GENERATIONAL = new Set(words.generational);
/** Capitalised words that are not parts of names: contract vocabulary, months, receipts' labels. */
export const NOT_NAMES = new Set(words.notNames);

/** Endings of English nouns and adjectives that names do not have: "Obligations", "Injunctive". */
export const NOUN_ENDINGS = words.nounEndings;

/**
 * A person is named without a title of courtesy: "Herr Jonas Brückner" is Jonas Brückner, and an
 * airline's "DUBOIS/CLAIRE MME" is DUBOIS/CLAIRE.
 */
export function withoutCourtesy(name: string): string {
  const parts = name.trim().split(/\s+/);
  const courtesy = (w: string | undefined) =>
    w !== undefined && COURTESY_TITLES.has(w.toLowerCase().replace(/\.$/, ''));
  while (parts.length > 2 && courtesy(parts[0])) parts.shift();
  if (parts.length === 2 && courtesy(parts[0]) && /\p{L}{2}/u.test(parts[1]!)) parts.shift();
  if (parts.length >= 2 && courtesy(parts.at(-1)) && (parts.length >= 3 || name.includes('/'))) parts.pop();
  return parts.join(' ');
}
