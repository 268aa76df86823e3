import type { Candidate } from '../candidate.ts';
import { type DocumentView, lineAt } from '../document-view.ts';
import { containsPhrase, type FieldProfile } from '../field-profile.ts';
import { FILLER, isDocumentWord } from '../field-sense.ts';
import { stem } from '../field-words.ts';
import { lexicon } from '../vocabulary/index.ts';
import { words } from '../words.ts';

/** Words that ask a yes-or-no question of a name: is_paid, has_deposit, requires_signature. */
const ASKING = new Set([
  'is',
  'are',
  'was',
  'has',
  'have',
  'had',
  'does',
  'do',
  'did',
  'can',
  'will',
  'should',
  'requires',
  'require',
  'whether',
  'if',
  'flag',
]);
const NEGATIONS = new Set(lexicon.negations.flatMap(words));
/** Words a sentence holds at most to be one statement (a contract's long sentences included). */
const MAX_SENTENCE = 80;

/**
 * A yes-or-no field answered by what the document says: true where a sentence states the field's
 * words ("shall thereafter be automatically renewed" for auto_renewal), false where it states them
 * denied ("This Lease shall not renew automatically"), and false, as a weak guess, where it never
 * says them at all: a contract that says nothing of renewal does not renew by itself.
 */
export function statementCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.field.kind !== 'boolean') return [];
  const own = keyStems(profile);
  const keySets = [...(own.length > 0 ? [own] : []), ...askedStatements(profile)];
  if (keySets.length === 0) return [];
  const out: Candidate[] = [];
  for (const sentence of sentences(view.text)) {
    const tokens = words(sentence.text);
    if (tokens.length > MAX_SENTENCE) continue;
    let keys: string[] = [];
    let at: number[] = [];
    for (const set of keySets) {
      at = set.map((key) => tokens.findIndex((t) => meets(stem(t), key)));
      keys = set;
      if (at.every((i) => i >= 0)) break;
    }
    if (at.some((i) => i < 0)) continue;
    const first = Math.min(...at);
    // "shall not renew", "NO AUTOMATIC RENEWAL": a negation before the field's words, in its clause.
    const denied = tokens
      .slice(Math.max(0, first - 4), first + keys.length + 1)
      .some((t) => NEGATIONS.has(t));
    const line = lineAt(view, sentence.start);
    out.push({
      value: !denied,
      score: 0.72 + 0.04 * Math.min(keys.length, 3),
      source: 'prose',
      line,
      text: line.text,
    });
  }
  if (out.length === 0 && view.lines[0])
    out.push({ value: false, score: 0.4, source: 'type', line: view.lines[0], text: view.lines[0].text });
  return out;
}

/** Yes-or-no questions the lexicon knows, as a name or description may word them ("evergreen", "rolls over"). */
const YES_NO = lexicon.yesNoStatements.concepts.map((c) => ({ asks: c.asks.map(words), states: c.states }));

/** How the document states the answer to a question the field asks in its own words: "renew … automatically". */
function askedStatements(profile: FieldProfile): string[][] {
  const said = [...words(profile.field.name), ...words(profile.field.description)];
  return YES_NO.filter((c) => c.asks.some((phrase) => containsPhrase(said, phrase))).flatMap((c) => c.states);
}

/** The stems of the name's content words, or of the description's when the name says nothing. */
function keyStems(profile: FieldProfile): string[] {
  const content = (list: string[]) =>
    list.filter((w) => /\p{L}{3,}/u.test(w) && !ASKING.has(w) && !FILLER.has(w) && !isDocumentWord(w));
  const own = content(words(profile.field.name));
  return [...new Set(own.map(stem))].slice(0, 3);
}

/** "auto" meets "automatically", "renewal" meets "renew": one is the other's start, four letters or more. */
function meets(word: string, key: string): boolean {
  const [short, long] = word.length <= key.length ? [word, key] : [key, word];
  return short.length >= 4 && long.startsWith(short);
}

/** The document's sentences, with where each starts in its text. */
function sentences(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  for (const m of text.matchAll(/[^.;!?\n]+(?:\n(?!\s*\n)[^.;!?\n]+)*/g)) {
    if (m[0].trim() !== '') out.push({ text: m[0], start: m.index });
  }
  return out;
}
