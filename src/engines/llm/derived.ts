import type { Field } from '../../fields/field.ts';

/**
 * Words of a question whose answer is worked out. Not "sum" or "total": a sum is printed on the
 * documents that have one, and a model's own addition must be found there like any amount.
 */
const DERIVED_WORDS = /\b(count|counts|number of|how many|total number|whether|is there|are there)\b/i;
const YES_NO = new Set(['yes', 'no', 'true', 'false', 'y', 'n']);

/**
 * Whether a field asks for something the model may work out rather than copy: a yes/no, a count, a
 * sum. Such an answer is kept even where the document does not print it (at a guess's confidence).
 */
export function isDerived(field: Field): boolean {
  if (field.kind === 'boolean') return true;
  if (field.kind === 'enum') return field.values.every((v) => YES_NO.has(v.trim().toLowerCase()));
  if (field.kind !== 'integer' && field.kind !== 'double') return false;
  const words = `${field.name.replace(/[_\-.]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')} ${field.description}`;
  // "num_pages", "nb_items": a count; "no_…" is as often a number printed on the document (no_resit).
  return DERIVED_WORDS.test(words) || /^(num|nb)\b/i.test(field.name.replace(/_/g, ' '));
}
