import { issuerOf } from '../document-kind.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { CONCEPTS } from '../field-sense.ts';
import { lexicon } from '../vocabulary/index.ts';

const WRITER = new Set(lexicon.writerPronouns.words);
const ADDRESSEE = new Set(lexicon.addresseePronouns.words);

const ENTITIES = CONCEPTS.filter((c) => c.family === 'entity' && c.id !== 'party');

/** How far above a value its section's heading may be ("Bill to:" then four lines of address). */
const SECTION_LINES = 6;

function entityNamedBy(line: ViewLine): string | null {
  const words = line.tokens.map((t) => t.word);
  for (const concept of ENTITIES)
    for (const phrase of concept.phrases)
      if (phrase.length > 0 && words.length <= phrase.length + 6 && startsWithin(words, phrase, 2))
        return concept.id;
  return null;
}

/** The phrase starts within the first few words of the line: a heading or a label, not a mention. */
function startsWithin(words: string[], phrase: string[], first: number): boolean {
  for (let i = 0; i <= first && i + phrase.length <= words.length; i++)
    if (phrase.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/**
 * Where a short heading line names an entity: "Consignee:", or "Shipper:      Consignee:" with two
 * headings side by side. Returns each named concept with the offset of its words in the line.
 */
export function entitiesNamedAt(line: ViewLine): { concept: string; start: number; words: string[] }[] {
  if (line.tokens.length > 8) return [];
  const words = line.tokens.map((t) => t.word);
  const found: { concept: string; start: number; words: string[] }[] = [];
  for (const concept of ENTITIES)
    for (const phrase of concept.phrases)
      for (let i = 0; phrase.length > 0 && i + phrase.length <= words.length; i++)
        if (phrase.every((w, j) => words[i + j] === w))
          found.push({ concept: concept.id, start: line.tokens[i]!.start, words: phrase });
  return found;
}

/** The party a line's opening "our" or "your" speaks of: the document's writer, or whom it is sent to. */
function pronounedParty(view: DocumentView, line: ViewLine): 'seller' | 'buyer' | null {
  const first = line.tokens[0]?.word ?? '';
  const writer = issuerOf(view);
  if (WRITER.has(first)) return writer;
  if (ADDRESSEE.has(first)) return writer === 'seller' ? 'buyer' : 'seller';
  return null;
}

/**
 * Whether the value's line sits in its owner's section: +0.3 under (or on) a heading naming the
 * field's owner ("Buyer", "Bill to"), −0.3 under one naming another party, 0 when nothing says.
 */
export function ownerContext(view: DocumentView, line: ViewLine, profile: FieldProfile): number {
  const owner = profile.sense.owner?.id;
  if (!owner) return 0;
  for (let i = line.id; i >= 0 && i > line.id - SECTION_LINES; i--) {
    const above = view.lines[i];
    if (!above || above.page !== line.page) break;
    // "Your contact   Mr Pieter Claes" / "pieter.claes@…", "Our contact  Nathalie Dubois, …": on
    // the value's line or the one above, a label opened by "our" or "your" says whose it is.
    const whose = i >= line.id - 1 ? pronounedParty(view, above) : null;
    if (whose && (owner === 'seller' || owner === 'buyer')) return whose === owner ? 0.3 : -0.3;
    const named = entityNamedBy(above);
    if (named) return named === owner ? 0.3 : -0.3;
  }
  return 0;
}
