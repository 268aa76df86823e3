import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { isDocumentWord } from '../field-sense.ts';
import { stem } from '../field-words.ts';
import { columnsOfLine } from '../line-columns.ts';
import { words } from '../words.ts';

/** Words a name holds at most. */
const NAME_WORDS = 6;

/**
 * A name that says what it names: "Hôtel Le Belvédère" for hotel_name, "First Harbor Bank" for
 * bank_name. For a name field whose kind word the lexicon does not know, a short capitalised stretch
 * of a line that holds that word, on its own and not as a label ("Hotel: …" is the label route's).
 */
export function selfNamedCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const field = profile.field.kind === 'array' ? profile.field.items : profile.field;
  const selfNames = profile.sense.concept?.selfNames ?? [];
  if (
    field.kind !== 'string' ||
    profile.sense.family !== 'entity' ||
    profile.qualifiers.length + selfNames.length === 0
  )
    return [];
  const kinds = new Set([...profile.qualifiers, ...selfNames.flatMap(words)].map(stem));
  // "Polderbank", "Privatbank": the kind word may end a compound name.
  const names = (word: string) =>
    kinds.has(stem(word)) ||
    [...kinds].some((k) => k.length >= 4 && word.length >= k.length + 3 && word.endsWith(k));
  const out: Candidate[] = [];
  for (const line of view.lines.slice(0, 2000)) {
    if (!line.tokens.some((t) => names(t.word))) continue;
    const stretches = columnsOfLine(line)?.map((c) => c.text) ?? [line.text];
    for (const stretch of stretches) {
      const text = stretch.trim();
      const named = words(text);
      if (named.length < 2 || named.length > NAME_WORDS || !/^\p{Lu}/u.test(text) || /[:：]/.test(text))
        continue;
      if (!named.some(names) || /\d{3,}/.test(text)) continue;
      // "PATIENT INVOICE", "Patient balance due": a title naming the document, or words in lower
      // case, are not a name.
      if (named.some((w) => w.length >= 4 && isDocumentWord(w) && !kinds.has(stem(w)))) continue;
      if (text.split(/\s+/).some((w) => /^\p{Ll}{4,}/u.test(w))) continue;
      const head = line.page === 1 && line.y < 0.2 ? 0.1 : 0;
      out.push({ value: text, score: 0.6 + head, source: 'layout', line, text: line.text });
    }
  }
  return out;
}
