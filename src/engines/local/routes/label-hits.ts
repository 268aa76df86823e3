import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { findLabel, type LabelHit } from '../label-match.ts';
import { columnsOfLine } from '../line-columns.ts';

const hitsCache = new WeakMap<DocumentView, WeakMap<FieldProfile, (LabelHit | null | undefined)[]>>();

/** Where a line names the field: found once per line, field and document, read by several routes. */
export function labelHit(view: DocumentView, profile: FieldProfile, line: ViewLine): LabelHit | null {
  let byProfile = hitsCache.get(view);
  if (!byProfile) {
    byProfile = new WeakMap();
    hitsCache.set(view, byProfile);
  }
  let hits = byProfile.get(profile);
  if (!hits) {
    hits = [];
    byProfile.set(profile, hits);
  }
  // null (no label here) is a result too; only undefined is "not looked at yet".
  if (hits[line.id] === undefined)
    hits[line.id] = findLabel(
      line.tokens,
      profile,
      line.text,
      line.ocr,
      () => columnsOfLine(line)?.map((c) => c.end) ?? [],
    );
  return hits[line.id] ?? null;
}
