import type { TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, tokenise, type ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { isKindWordOnly, isOnlyLabel } from '../field-sense.ts';
import { findLabel } from '../label-match.ts';
import { readValue } from '../read-value.ts';
import { ITEM_HEAD_WORDS } from './labels.ts';

/** A cell under a header that names the field, or right of a row label that does. */
export function tableCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const out: Candidate[] = [];
  for (const { table, page } of view.tables) {
    const anchor = view.lines.find((l) => l.page === page) ?? view.lines[0];
    if (!anchor) continue;
    // An OCR'd page's table rows are its lines too, which the label route reads with OCR's repairs;
    // its columns are guessed from gaps, good for line items but not to pick one amount of a row.
    if (anchor.ocr && anchor.page === page) continue;
    const header = table.rows[0] ?? [];
    // A "Datum" column over priced items holds each item's day, not the document's ("Need By" may
    // be the order's, when every item repeats it).
    const dated = profile.field.kind === 'date' || profile.field.kind === 'datetime';
    const items = header.some((cell) => tokenise(cell.text).some((t) => ITEM_HEAD_WORDS.has(t.word)));
    header.forEach((cell) => {
      const hit = findLabel(tokenise(cell.text), profile, cell.text);
      if (!hit || hit.score < 0.5 || table.rows.length < 2) return;
      if (dated && items && isKindWordOnly(cell.text)) return;
      const column = table.rows
        .slice(1)
        .flatMap((row) => row.filter((c) => c.col === cell.col && c.text.trim()));
      const below = column[0];
      const value = below ? readValue(profile, below.text, hints) : null;
      if (!below || !value) return;
      // "Need By" over every item: one value the whole column repeats is the document's.
      const same = column.every((c) => readValue(profile, c.text, hints)?.value === value.value);
      if (table.rows.length === 2 || (same && column.length >= 2))
        out.push(
          cellCandidate(
            view,
            page,
            below.text,
            value.value,
            hit.score * (table.rows.length === 2 ? 0.85 : 0.75) * value.fit,
            below.ref,
            anchor,
          ),
        );
    });
    for (const row of table.rows) {
      const first = row[0];
      if (!first) continue;
      const hit = findLabel(tokenise(first.text), profile, first.text);
      if (!hit || hit.score < 0.5) continue;
      // "FACTURE N° F-2025-0387" holds its own value: the next cell is another one's.
      if (/[\p{L}\p{N}]/u.test(first.text.slice(hit.end))) continue;
      const next = row.slice(1).find((c) => c.text.trim() !== '');
      // "SELLER | BUYER": the next cell is the next head, not this one's value.
      const value = next && !isOnlyLabel(next.text) ? readValue(profile, next.text, hints) : null;
      if (next && value)
        out.push(
          cellCandidate(view, page, next.text, value.value, hit.score * 0.9 * value.fit, next.ref, anchor),
        );
    }
  }
  return out;
}

function cellCandidate(
  view: DocumentView,
  page: number,
  text: string,
  value: Candidate['value'],
  score: number,
  ref: string | undefined,
  anchor: ViewLine,
): Candidate {
  const line = view.lines.find((l) => l.page === page && l.text.includes(text)) ?? anchor;
  return { value, score, source: 'table', line, text, ...(ref ? { cell: ref } : {}) };
}
