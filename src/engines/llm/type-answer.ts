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

/**
 * The answer's object where the model wrapped it (`{"data": {...}}`, as the service's own answers
 * are written): unwrapped when none of the fields is at the top and `data` holds some of them.
 */
export function unwrapped(answer: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  if (fields.some((f) => f.name in answer)) return answer;
  const inner = answer.data;
  return isObject(inner) && fields.some((f) => f.name in inner) ? inner : answer;
}

/**
 * What in an answer does not follow the schema, said so that the model can correct it: a field
 * missing, a value of the wrong shape, text that is not a value of the field's type (a list's
 * items and an object's properties too). Never logged: it quotes the answer.
 */
export function schemaProblems(
  fields: Field[],
  answer: Record<string, unknown>,
  hints: TypingHints,
  path = '',
): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    const name = `${path}${field.name}`;
    if (!(field.name in answer)) {
      problems.push(`"${name}" is missing (null when the document does not state it)`);
      continue;
    }
    problems.push(...valueProblems(field, answer[field.name], hints, name));
  }
  return problems;
}

function valueProblems(field: Field, raw: unknown, hints: TypingHints, name: string): string[] {
  if (raw === null || raw === undefined) return [];
  if (field.kind === 'object') {
    return isObject(raw)
      ? schemaProblems(field.properties, raw, hints, `${name}.`)
      : [`"${name}" must be an object`];
  }
  if (field.kind === 'array') {
    if (!Array.isArray(raw)) return [`"${name}" must be a list`];
    return raw.flatMap((item, i) => valueProblems(field.items, item, hints, `${name}[${i}]`));
  }
  if (typeValue(field, raw, hints) !== null) return [];
  const shown = JSON.stringify(raw).slice(0, 80);
  const kind = field.kind === 'enum' ? `one of ${JSON.stringify(field.values)}` : `a ${field.kind}`;
  return [`"${name}": ${shown} is not ${kind}`];
}
