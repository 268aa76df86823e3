import { findDateSpans } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { lexicon } from '../vocabulary/index.ts';
import { words } from '../words.ts';

/** "Dear Ms Raman,", "Sehr geehrter Herr Kellermann,", "Muy señores nuestros:": how a letter greets. */
const SALUTATIONS = lexicon.salutations.map(words);

function isSalutation(line: ViewLine): boolean {
  const said = line.tokens.map((t) => t.word);
  if (said.length === 0 || said.length > 8) return false;
  return SALUTATIONS.some((s) => s.every((w, i) => said[i] === w));
}

/** A line that may be a subject: short, a heading rather than a sentence, and not a date or a label's line. */
function subjectLike(line: ViewLine | undefined): string | null {
  if (!line) return null;
  const text = line.text.trim();
  const said = text.split(/\s+/);
  if (said.length < 2 || said.length > 18 || !/^[\p{Lu}\p{N}]/u.test(text)) return null;
  // "Datum 14.03.2025", "Lyon, le 7 avril 2025": the date line, not the subject.
  if (findDateSpans(text).some((d) => d.start < 30 && said.length <= 6)) return null;
  // A sentence ends with its full stop; a label's line ("Our ref: CR/2025/0418") holds a value, not a subject.
  if (/[.;,]$/.test(text) || /^[^:]{1,25}:\s*\S/.test(text) || text.includes('\t')) return null;
  return text.replace(/[:]+$/, '');
}

/**
 * A letter's subject where no "Subject:" label says it: the heading line right above the greeting
 * (as German and French letters set it), else right below it (as many English letters do).
 */
export function subjectCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.sense.concept?.id !== 'subject') return [];
  const out: Candidate[] = [];
  for (const line of view.lines.slice(0, 80)) {
    if (!isSalutation(line)) continue;
    const above = view.lines[line.id - 1];
    const below = view.lines[line.id + 1];
    const before = above?.page === line.page ? subjectLike(above) : null;
    if (before && above)
      out.push({ value: before, score: 0.6, source: 'layout', line: above, text: above.text });
    const after = below?.page === line.page ? subjectLike(below) : null;
    if (after && below)
      out.push({ value: after, score: 0.55, source: 'layout', line: below, text: below.text });
    break;
  }
  return out;
}
