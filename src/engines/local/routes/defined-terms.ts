import { findOrganizations, findPersons } from '../../recognizers/index.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, lineAt } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { nameStems, stem } from '../field-words.ts';
import { words } from '../words.ts';

/** A term a contract defines in parentheses: ("Landlord"), (the "Company"), (together, "Tenant"). */
const DEFINITION = /\((?:[^()"“”]{0,60}?)["“”'‘’]([^"“”'‘’()]{2,40})["“”'‘’]\s*\)/g;
/** Where the mention of a party begins: after "between", a previous definition, a sentence's end. */
const PARTY_START = /\bbetween\b|\bamong\b|[;()]|\n\s*\n|[.:](?=\s)/gi;
/** What follows a party's name before its definition: ", a Washington limited liability company". */
const DESCRIPTION = /,\s+(?:a|an|the|whose|with|having|located|residing|organi[sz]ed|incorporated|doing)\b/i;

/**
 * A field named as a contract names its parties: "landlord" is whoever the document defines as
 * ("Landlord"), "tenants" whoever it defines as (together, "Tenant"). The name is what stands before the
 * definition, back to where the party's mention begins and without its description.
 */
export function definedTermCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const field = profile.field.kind === 'array' ? profile.field.items : profile.field;
  if (field.kind !== 'string') return [];
  const named = nameStems(profile);
  const text = view.text.slice(0, 200_000);
  const out: Candidate[] = [];
  for (const m of text.matchAll(DEFINITION)) {
    const term = words(m[1]!).map(stem);
    // Every word of the term is the field's: "Disclosing Party" names disclosing_party, not receiving_party.
    if (term.length === 0 || !term.every((w) => named.has(w))) continue;
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    const value = partyBefore(before);
    if (!value) continue;
    // "Maria Gonzalez and Peter Lindqvist (together, "Tenant")": each is a member of a list.
    const parts = value.split(/\s+and\s+/);
    const members = profile.field.kind === 'array' && parts.every(isName) ? parts : [value];
    const line = lineAt(view, m.index);
    for (const member of members) {
      if (isName(member) || (members.length === 1 && parts.every(isName)))
        out.push({ value: member, score: 0.85, source: 'prose', line, text: line.text });
    }
  }
  return out;
}

/** A company's or a person's name, whole: not a sentence's opening words ("In order to proceed"). */
function isName(text: string): boolean {
  const whole = (spans: { start: number; end: number }[]) =>
    spans.some((s) => s.start === 0 && s.end >= text.replace(/[\s.,]+$/, '').length);
  return whole(findOrganizations(text)) || whole(findPersons(text));
}

/** The party named at the end of the text, back to where its mention starts. */
function partyBefore(text: string): string | null {
  let start = 0;
  for (const m of text.matchAll(PARTY_START)) start = m.index + m[0].length;
  const mention = text
    .slice(start)
    .replace(/\s+/g, ' ')
    .replace(/^[\s,]*(?:and\b)?\s*/i, '')
    .trim();
  const name = (mention.split(DESCRIPTION)[0] ?? '').replace(/[\s,]+$/, '');
  return name.length >= 2 && name.length <= 120 ? name : null;
}
