/** Value typing: raw document text to typed field values, shared by every extraction engine. */
export { parseBoolean } from './booleans.ts';
export { cleanString, coerceScalar, guessTypingHints, type TypingHints } from './coerce.ts';
export { guessDateOrder } from './date-order.ts';
export { type DateHint, DEFAULT_DATE_ORDER, findDateSpans, parseDate } from './dates.ts';
export { parseDateTime } from './datetimes.ts';
export { guessDecimalMark } from './decimal-mark.ts';
export { ENUM_SIMILARITY, matchEnum } from './enums.ts';
export {
  type DecimalMark,
  findNumberSpans,
  type NumberHint,
  type NumberSpan,
  parseInteger,
  parseNumber,
} from './numbers.ts';
export type { ValueSpan } from './spans.ts';
