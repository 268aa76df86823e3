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

/**
 * Words that open a line naming a contact person or an intermediary, not the party addressed:
 * "Attn: Accounts", "FAO Mrs R. Okafor", "z. Hd. Frau Weber", "T.a.v. de heer …", "c/o". Matched
 * word by word, whatever dots, colons and slashes stand between the words.
 */
const CONTACT_MARKERS = words.contactMarkers
  .map((p) => p.split(/[\s/]+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  .sort((a, b) => b.length - a.length)
  .map((w) => new RegExp(`^${w.join("[\\s.:/'’]*")}(?![\\p{L}\\p{N}])`, 'iu'));

export const isContactLine = (text: string) => CONTACT_MARKERS.some((marker) => marker.test(text.trim()));

/** Endings of English nouns and adjectives that names do not have: "Obligations", "Injunctive". */
export const NOUN_ENDINGS = words.nounEndings;

/**
 * A person is named without a title of courtesy: "Herr Jonas Brückner" is Jonas Brückner, and an
 * airline's "DUBOIS/CLAIRE MME" is DUBOIS/CLAIRE.
 */
export function withoutCourtesy(name: string): string {
  const parts = withoutAttention(name.trim()).split(/\s+/);
  const courtesy = (w: string | undefined) =>
    w !== undefined && COURTESY_TITLES.has(w.toLowerCase().replace(/\.$/, ''));
  while (parts.length > 2 && courtesy(parts[0])) parts.shift();
  if (parts.length === 2 && courtesy(parts[0]) && /\p{L}{2}/u.test(parts[1]!)) parts.shift();
  if (parts.length >= 2 && courtesy(parts.at(-1)) && (parts.length >= 3 || name.includes('/'))) parts.pop();
  return parts.join(' ');
}

/**
 * "T.a.v. de heer Martijn de Boer", "z. Hd. Frau Weber", "A la atención de D. Rubén Alcázar Gil",
 * "Attn: Sarah Whitcombe": the words that address a letter to someone are not their name. Phrases
 * are matched word by word, whatever dots, colons and slashes stand between the words.
 */
const ATTENTION = words.attentionPhrases
  .map((p) => p.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  .sort((a, b) => b.length - a.length)
  .map((w) => new RegExp(`^${w.join("[\\s.:/'’]*")}[\\s.:/'’]+(?=\\p{Lu})`, 'iu'));

function withoutAttention(name: string): string {
  let rest = name;
  for (let again = true; again; ) {
    again = false;
    for (const phrase of ATTENTION) {
      const cut = rest.replace(phrase, '');
      // A phrase that would leave one word alone ("Don Quixote" stays) is a name's own word.
      if (cut !== rest && /\p{L}{2,}\s+\p{L}{2,}/u.test(cut)) {
        rest = cut;
        again = true;
        break;
      }
    }
  }
  return rest;
}
