import {
  findDateSpans,
  findNumberSpans,
  parseInteger,
  type TypingHints,
} from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView, Token, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { containsPhrase } from '../field-profile.ts';
import { CONCEPTS } from '../field-sense.ts';
import { contextWords, nameStems, stem } from '../field-words.ts';
import { isClauseNumber } from '../read-value.ts';
import { words } from '../words.ts';

interface Span {
  start: number;
  end: number;
  value: string | number;
}

/** Words that join two values: what follows one of them no longer speaks of it ("1 April and ends on…"). */
const JOINERS = new Set([
  'and',
  'or',
  'but',
  'to',
  'until',
  'till',
  'through',
  'then',
  'bis',
  'et',
  'und',
  'y',
]);
/** Content words looked at before a value, and after it. */
const BEFORE = 12;
const AFTER = 3;

/**
 * Values of the field's type whose sentence speaks of the field in its own words, the words the
 * lexicon may not know: "the term of this Lease begins on 1 April 2025" for a field described as "the
 * day the lease term begins", "monthly rent of $2,150.00" for "rent payable each month". A word
 * rare in the document counts more than one it repeats, a word right before the value more than one
 * further back; the value's neighbours of the same type bound its sentence.
 */
export function fieldWordCandidates(
  view: DocumentView,
  profile: FieldProfile,
  hints: TypingHints,
): Candidate[] {
  const kind = profile.field.kind;
  const spansOf = spanReader(kind, hints);
  if (!spansOf) return [];
  const wanted = contextWords(profile);
  if (wanted.size === 0) return [];
  const { counts, stemOf } = stemsOf(view);
  const named = nameStems(profile);
  // A word of the field's own name says more than one of its description.
  const weight = (w: string) => (named.has(w) ? 1.5 : 1) / (1 + Math.log(counts.get(w) ?? 1));
  const says = (line: ViewLine | undefined) => line?.tokens.some((t) => wanted.has(stemOf(t.word))) === true;
  const out: Candidate[] = [];
  for (const line of view.lines.slice(0, 1500)) {
    const above = view.lines[line.id - 1];
    if (!says(line) && !says(above)) continue;
    // Running text continues from the line above when nothing on this line came before the value.
    const continued = above && above.page === line.page && !endsSentence(above.text) ? above.tokens : [];
    const spans = spansOf(line.text);
    spans.forEach((span, i) => {
      const found = new Map<string, number>();
      const note = (word: string, closeness: number, where = '') => {
        const s = stemOf(word);
        if (wanted.has(s)) found.set(where + s, Math.max(found.get(where + s) ?? 0, weight(s) * closeness));
      };
      const previousEnd = spans[i - 1]?.end ?? -1;
      const before = [
        ...(previousEnd < 0 ? continued : []),
        ...line.tokens.filter((t) => t.end <= span.start && t.start >= previousEnd),
      ];
      let distance = 0;
      for (const token of before.reverse()) {
        if (isNumber(token)) break;
        if (STOP.has(token.word)) continue;
        distance++;
        if (distance > BEFORE) break;
        note(token.word, 1 / distance);
      }
      const nextStart = spans[i + 1]?.start ?? line.text.length;
      let after = 0;
      for (const token of line.tokens) {
        if (token.start < span.end || token.start >= nextStart) continue;
        if (/[,;.]/.test(line.text.slice(span.end, token.start)) || JOINERS.has(token.word)) break;
        if (isNumber(token)) break;
        if (STOP.has(token.word)) continue;
        after++;
        if (after > AFTER) break;
        // A unit right after the figure names what it counts: "3,214 kWh" for consumption_kwh, "$62.00/day"
        // and "£650 per day" for a daily rate.
        note(
          token.word,
          after === 1 && /^\s*(?:\/|per\s)?\s*$/i.test(line.text.slice(span.end, token.start))
            ? 1
            : 0.5 / after,
        );
      }
      // A numbered heading that names the field heads its paragraph: "5. NOTICE. Either party may…".
      // (A second mention of a word: the heading and the sentence each say it.)
      for (const word of headingWords(line.text)) note(word, 0.8, 'heading:');
      const sum = [...found.values()].reduce((a, b) => a + b, 0);
      const strength = 1 - Math.exp(-sum);
      if (strength < 0.3) return;
      // "PO Date:  02/11/2025" for the requested delivery date: the words just before the value
      // name another concept of the field's kind outright; the field's own words there are chance.
      // (A generic concept, "total: Sum of debits", may be asking for just such a one: "Money out".)
      const label = before
        .slice(0, 4)
        .map((t) => t.word)
        .reverse();
      if (
        profile.sense.concept?.generic !== true &&
        kindmatesOf(profile).some((p) => containsPhrase(label, p))
      )
        return;
      out.push({
        value: span.value,
        score: 0.45 + 0.5 * strength,
        source: 'prose',
        line,
        text: line.text,
      });
    });
  }
  return out;
}

const kindmates = new WeakMap<FieldProfile, string[][]>();

/** Names of two words or more of the other concepts of the field's kind: "PO date", "due date". */
function kindmatesOf(profile: FieldProfile): string[][] {
  let found = kindmates.get(profile);
  if (!found) {
    const family = profile.sense.family;
    found = CONCEPTS.filter((c) => c.family === family && !profile.concepts.includes(c.id))
      .flatMap((c) => c.phrases)
      .filter((phrase) => phrase.length >= 2);
    kindmates.set(profile, found);
  }
  return found;
}

/** How to find the field's values in a line of text, or null for a field this route cannot read. */
function spanReader(kind: string, hints: TypingHints): ((text: string) => Span[]) | null {
  if (kind === 'date' || kind === 'datetime')
    return (text) => findDateSpans(text, hints.dateOrder ? { order: hints.dateOrder } : {});
  if (kind === 'double')
    return (text) =>
      findNumberSpans(text, hints.decimalMark ? { decimalMark: hints.decimalMark } : {}).filter(
        (s) => s.amount && !s.percent && !isClauseNumber(text, s),
      );
  if (kind === 'integer')
    return (text) =>
      findNumberSpans(text, hints.decimalMark ? { decimalMark: hints.decimalMark } : {}).flatMap((s) => {
        const value = parseInteger(s.text);
        return value === null ? [] : [{ start: s.start, end: s.end, value }];
      });
  return null;
}

/** Another figure before the value ends what speaks of it: the words before it speak of that figure. */
const isNumber = (token: Token) => /^\p{N}/u.test(token.word);
const STOP = new Set(
  'a an the of on in at to by for from with as is are was were be been shall will may must this that these those its their his her our your any each per and or'.split(
    ' ',
  ),
);

/** The words of a heading that opens the line in capitals: "5. NOTICE.", "SECURITY DEPOSIT:". */
function headingWords(text: string): string[] {
  const heading = /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(\p{Lu}[\p{Lu}&/ -]{2,40})[.:]/u.exec(text)?.[1];
  return heading ? words(heading) : [];
}

const endsSentence = (text: string) => /[.!?:;]\s*$/.test(text);

const stems = new WeakMap<DocumentView, { counts: Map<string, number>; stemOf(word: string): string }>();

/**
 * Each word's stem, made once per distinct word of the document, and how often each stem occurs: a
 * word the document repeats tells less.
 */
function stemsOf(view: DocumentView) {
  let found = stems.get(view);
  if (!found) {
    const byWord = new Map<string, string>();
    const stemOf = (word: string) => {
      let s = byWord.get(word);
      if (s === undefined) {
        s = stem(word);
        byWord.set(word, s);
      }
      return s;
    };
    const counts = new Map<string, number>();
    for (const line of view.lines)
      for (const t of line.tokens) {
        const s = stemOf(t.word);
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
    found = { counts, stemOf };
    stems.set(view, found);
  }
  return found;
}
