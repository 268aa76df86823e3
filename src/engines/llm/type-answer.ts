import type { Field, FieldValue } from '../../fields/field.ts';
import { coerceScalar, parseInteger, parseNumber, type TypingHints } from '../../fields/typing/index.ts';
import { isObject } from './parse-answer.ts';

/**
 * The model's answer checked against the schema and typed by the one typing module, like text the
 * local engine reads: a value of the wrong shape, or text that is not a value of the field's type,
 * becomes null (an array: its bad items are left out).
 */
export function typeAnswer(
  fields: Field[],
  answer: Record<string, unknown>,
  hints: TypingHints,
): Record<string, FieldValue> {
  return Object.fromEntries(fields.map((f) => [f.name, typeValue(f, answer[f.name], hints)]));
}

export function typeValue(field: Field, raw: unknown, hints: TypingHints): FieldValue {
  if (raw === null || raw === undefined) return field.kind === 'array' ? [] : null;
  switch (field.kind) {
    case 'object':
      if (!isObject(raw)) return null;
      return typeAnswer(field.properties, raw, hints);
    case 'array': {
      if (!Array.isArray(raw)) return [];
      const items = raw.map((item) => typeValue(field.items, item, hints));
      return items.filter((item) => item !== null && !isEmptyObject(item));
    }
    default:
      return typeScalar(field, raw, hints);
  }
}

function typeScalar(field: Field, raw: unknown, hints: TypingHints): FieldValue {
  // A JSON number is already in JSON notation: the document's decimal mark must not re-read it.
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    if (field.kind === 'double') return parseNumber(String(raw));
    if (field.kind === 'integer') return parseInteger(String(raw));
  }
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return null;
  return coerceScalar(field, String(raw), hints);
}

function isEmptyObject(value: FieldValue): boolean {
  return (
    isObject(value) && Object.values(value).every((v) => v === null || (Array.isArray(v) && v.length === 0))
  );
}
