import type { TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, tokenise, type ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { isOnlyLabel } from '../field-sense.ts';
import { findLabel } from '../label-match.ts';
import { readValue } from '../read-value.ts';

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
    header.forEach((cell) => {
      const hit = findLabel(tokenise(cell.text), profile, cell.text);
      if (!hit || hit.score < 0.5 || table.rows.length !== 2) return;
      const below = table.rows[1]?.find((c) => c.col === cell.col);
      const value = below ? readValue(profile, below.text, hints) : null;
      if (below && value)
        out.push(
          cellCandidate(view, page, below.text, value.value, hit.score * 0.85 * value.fit, below.ref, anchor),
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
