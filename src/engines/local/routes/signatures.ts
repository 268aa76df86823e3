import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { columnsOfLine } from '../line-columns.ts';
import { recognize } from '../read-value.ts';

/** "/s/ Patrick J. Mahaffy": a conformed signature. */
const CONFORMED = /(^|\s)\/s\/\s*(.+?)\s*$/i;
/** What makes a signature someone's act for a company: "By: /s/ …", then "Title: CEO" or "President". */
const SIGNED_BY = /\bby\s*:?\s*\/s\/|^\s*by\s*:?\s*$/i;
/** The line's first column: the other party's block may stand beside it. */
function firstColumn(line: ViewLine): string {
  const columns = columnsOfLine(line);
  return columns?.[0] ? line.text.slice(0, columns[0].end) : line.text;
}

/** "By: Michael Osei", "By: /s/ Jane Roe": a signer's name after "By:" at the start of its line. */
const BY_NAME = /^\s*by\s*:\s*(?:\/s\/\s*)?(\p{Lu}.*)$/iu;
const TITLED =
  /^\s*(title|its|name\s+and\s+title)\s*:|\b(president|officer|ceo|cfo|chairman|director|secretary|treasurer|manager|partner|counsel)\b/i;

/**
 * A person who signs for themselves is a party: a conformed signature ("/s/ Patrick J. Mahaffy") that
 * is not made "By:" someone for a company, with no title beside it.
 */
export function signatureCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.kind !== 'party' && profile.kind !== 'person') return [];
  const out: Candidate[] = [];
  view.lines.forEach((line, i) => {
    // "By: Michael Osei" in a signature block: the person who signs, here for a company. A person
    // asked for is that signer; a party is the company, which other routes read.
    const by = profile.kind === 'person' ? BY_NAME.exec(firstColumn(line)) : null;
    if (by) {
      const person = recognize('person', by[1]!)[0];
      if (person && person.start === 0)
        out.push({ value: person.value, score: 0.65, source: 'signature', line, text: line.text });
    }
    const signed = CONFORMED.exec(line.text)?.[2];
    if (!signed) return;
    const before = view.lines[i - 1]?.text ?? '';
    if (SIGNED_BY.test(line.text) || SIGNED_BY.test(before)) return;
    if (view.lines.slice(i + 1, i + 3).some((l) => TITLED.test(l.text))) return;
    const person = recognize('person', signed)[0];
    if (!person || person.start > 0) return;
    out.push({ value: person.value, score: 0.7, source: 'signature', line, text: line.text });
  });
  return out;
}
