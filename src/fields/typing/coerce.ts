/** Turns raw text found in a document into the JSON value of a scalar field. */
import { AppError } from '../../errors.ts';
import type { DateOrder, Field, FieldValue } from '../field.ts';
import { parseBoolean } from './booleans.ts';
import { guessDateOrder } from './date-order.ts';
import { parseDate } from './dates.ts';
import { parseDateTime } from './datetimes.ts';
import { guessDecimalMark } from './decimal-mark.ts';
import { matchEnum } from './enums.ts';
import type { DecimalMark } from './number-run.ts';
import { parseInteger, parseNumber } from './numbers.ts';

/** What a whole document says about its own notation; the field's own date_format wins over it. */
export interface TypingHints {
  dateOrder?: DateOrder;
  decimalMark?: DecimalMark;
}

/**
 * Reads the notation cues of a whole document once, for every coerceScalar call on it; `place` is the
 * date order of where the document comes from, when the caller can tell.
 */
export function guessTypingHints(documentText: string, place?: DateOrder): TypingHints {
  const hints: TypingHints = {};
  const dateOrder = guessDateOrder(documentText, place);
  const decimalMark = guessDecimalMark(documentText);
  if (dateOrder) hints.dateOrder = dateOrder;
  if (decimalMark) hints.decimalMark = decimalMark;
  return hints;
}

/** The typed value of `raw` for a scalar field, or null when the text holds no such value. */
export function coerceScalar(field: Field, raw: string, hints: TypingHints = {}): FieldValue {
  const number = hints.decimalMark ? { decimalMark: hints.decimalMark } : undefined;
  const order =
    field.kind === 'date' || field.kind === 'datetime' ? (field.dateOrder ?? hints.dateOrder) : undefined;
  switch (field.kind) {
    case 'string':
      return cleanString(raw);
    case 'double':
      return parseNumber(raw, number);
    case 'integer':
      return parseInteger(raw, number);
    case 'boolean':
      return parseBoolean(raw);
    case 'date':
      return parseDate(raw, order ? { order } : undefined);
    case 'datetime':
      return parseDateTime(raw, order ? { order } : undefined);
    case 'enum':
      return matchEnum(raw, field.values);
    default:
      // Arrays and objects are assembled by the engines from their scalar leaves.
      throw new AppError('internal_error', {
        reason: `coerceScalar called on ${field.kind} field ${field.path}`,
      });
  }
}

/** Trimmed with runs of whitespace as one space; zero-width characters and soft hyphens dropped. */
export function cleanString(raw: string): string | null {
  const text = raw
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text;
}
