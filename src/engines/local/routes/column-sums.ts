import type { Field, ObjectField } from '../../../fields/field.ts';
import type { TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { lineItems } from '../line-items.ts';

const columns = new WeakMap<FieldProfile, ObjectField>();

/**
 * "total_hours" where the document states no such total but lists the hours of each item: the sum of
 * the item table's column that the field's own word heads ("Hours"), found as line items are.
 */
export function columnSumCandidates(
  view: DocumentView,
  profile: FieldProfile,
  hints: TypingHints,
): Candidate[] {
  const kind = profile.field.kind;
  if ((kind !== 'double' && kind !== 'integer') || !profile.concepts.includes('total')) return [];
  if (profile.qualifiers.length === 0) return [];
  const items = itemsOf(profile);
  const name = items.properties[0]!.name;
  const rows = lineItems(items, view, hints);
  const values = Array.isArray(rows.value) ? rows.value.map((r) => (r as Record<string, unknown>)[name]) : [];
  if (values.length < 2 || !values.every((v) => typeof v === 'number')) return [];
  const sum = Math.round((values as number[]).reduce((a, b) => a + b, 0) * 1e6) / 1e6;
  const line = view.lines.find((l) => l.tokens.some((t) => profile.qualifiers.includes(t.word)));
  if (!line) return [];
  return [{ value: sum, score: 0.72, source: 'arithmetic', line, text: line.text }];
}

/** An item whose one property is the column the field's qualifier names. */
function itemsOf(profile: FieldProfile): ObjectField {
  let items = columns.get(profile);
  if (!items) {
    const base = { path: profile.field.path, description: '', required: false };
    // Named by the qualifier alone ("hours"), so that no other head ("Amount") names it too.
    const column: Field = { ...base, name: profile.qualifiers.join('_'), kind: 'double', aliases: [] };
    items = { ...base, name: profile.field.name, aliases: [], kind: 'object', properties: [column] };
    columns.set(profile, items);
  }
  return items;
}
