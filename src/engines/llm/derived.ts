import type { Field } from '../../fields/field.ts';

const DERIVED_WORDS =
  /\b(count|counts|number of|how many|sum|summed|add(?:ed)? up|total number|average|mean|difference|whether|is there|are there|does|do)\b/i;
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
  return DERIVED_WORDS.test(words) || /^(num|n|nb|no)\b/i.test(field.name.replace(/_/g, ' '));
}
