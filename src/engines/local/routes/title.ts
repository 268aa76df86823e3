import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import { documentKindIn, enumValueFor, isDocumentKind } from '../enum-words.ts';
import type { FieldProfile } from '../field-profile.ts';
import { isDocumentWord } from '../field-sense.ts';
import { columnsOfLine } from '../line-columns.ts';
import { words } from '../words.ts';

/** Lines from the top of the first page where a title stands. */
const TITLE_LINES = 12;

/**
 * The document's title, for a field asking what kind of document or contract it is: a short line
 * at the head of the first page, set in capitals or naming a kind of document ("MASTER SERVICES
 * AGREEMENT", "Residential Lease Agreement", "Contrat de prestation de services"), as printed.
 */
export function titleCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.kind !== 'title' || profile.field.kind === 'enum') return [];
  const out: Candidate[] = [];
  const head = view.lines.filter((line) => line.page === 1).slice(0, TITLE_LINES);
  head.forEach((line, rank) => {
    for (const column of columnsOfLine(line) ?? [line]) {
      const text = column.text.trim().replace(/[.:]+$/, '');
      const said = text.split(/\s+/);
      if (said.length > 10 || !/\p{L}{3}/u.test(text) || /\d{3}|[@:]/.test(text)) continue;
      const letters = text.replace(/[^\p{L}]/gu, '');
      const capitals = letters.replace(/[^\p{Lu}]/gu, '').length / Math.max(1, letters.length) > 0.8;
      const namesKind = words(text).some((w) => isDocumentWord(w) && w.length > 3);
      if (!namesKind && !capitals) continue;
      out.push({
        value: text,
        score: 0.45 + (namesKind ? 0.25 : 0) + (capitals ? 0.1 : 0) - 0.02 * rank,
        source: 'layout',
        line,
        text: line.text,
      });
    }
  });
  return out;
}

/**
 * An enum whose values are kinds of document ([invoice, credit_note, quote]): the value the title
 * names ("GUTSCHRIFT", "TAX INVOICE", "DEVIS N° 2025-118"), the first one at the head of the page.
 */
export function enumTitleCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const { field } = profile;
  if (field.kind !== 'enum' || field.values.filter(isDocumentKind).length < 2) return [];
  const out: Candidate[] = [];
  for (const { line, rank, text, said } of titleColumns(view)) {
    const value = enumValueFor(field, text);
    if (value === null) continue;
    // A line that is the title alone ("GUTSCHRIFT") says more than one that mentions it ("Zu Rechnung RE-1184").
    const alone = said.length <= 3 && !/[:]/.test(text);
    out.push({ value, score: (alone ? 0.8 : 0.5) - 0.01 * rank, source: 'layout', line, text: line.text });
  }
  return out;
}

/**
 * The columns at the head of the first page short enough to be a title naming a kind of document
 * ("GUTSCHRIFT", "DEVIS N° 2025-118"), with their words less numbers, top to bottom.
 */
function* titleColumns(view: DocumentView) {
  const head = view.lines.filter((line) => line.page === 1).slice(0, TITLE_LINES);
  for (const [rank, line] of head.entries()) {
    for (const column of columnsOfLine(line) ?? [line]) {
      const said = words(column.text).filter((w) => !/\d/.test(w) && w !== 'number');
      if (said.length > 0 && said.length <= 6) yield { line, rank, text: column.text, said };
    }
  }
}

/** "is_receipt", "ist_quittung", "est_une_quittance": a name that asks whether the document is a kind. */
const ASKING = new Set(['is', 'ist', 'est', 'es', 'e', 'isthis']);
/** "Is this a receipt?", "True if the document is a receipt…": a description that asks it. */
const ASKS_KIND = /\b(?:is (?:this|it|the document) (?:a|an)|document is (?:a|an))\s/i;

/** The kind of document a yes-or-no field asks the document to be, or null when it asks no such thing. */
function askedKind(profile: FieldProfile): string | null {
  if (profile.field.kind !== 'boolean') return null;
  const name = words(profile.field.name);
  if (ASKING.has(name[0] ?? '')) {
    const kind = documentKindIn(name.slice(1));
    if (kind) return kind;
  }
  const asked = ASKS_KIND.exec(profile.field.description);
  return asked ? documentKindIn(words(profile.field.description.slice(asked.index, asked.index + 60))) : null;
}

/**
 * "is_receipt": true when the title names that kind of document ("RECIBO DE ALQUILER", "Quittance
 * de loyer"), false when it names another ("RENT INVOICE"), and, less surely, when it names none.
 */
export function kindQuestionCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const kind = askedKind(profile);
  const anchor = view.lines[0];
  if (!kind || !anchor) return [];
  for (const { line, said } of titleColumns(view)) {
    const named = documentKindIn(said);
    if (named) return [{ value: named === kind, score: 0.78, source: 'layout', line, text: line.text }];
  }
  return [{ value: false, score: 0.45, source: 'type', line: anchor, text: anchor.text }];
}
