/** Calendar dates written in documents, normalised to YYYY-MM-DD. */
import type { DateOrder } from '../field.ts';
import { type CalendarDate, dateOrNull, toIsoDate } from './calendar.ts';
import { type DateMatch, matchDateAt } from './date-match.ts';
import { guessOrderFromTokens } from './date-order.ts';
import { rangeStart } from './date-ranges.ts';
import type { ValueSpan } from './spans.ts';
import { type Token, tokenize } from './tokens.ts';

export interface DateHint {
  order?: DateOrder;
}

/**
 * Ambiguous numeric dates (03/04/2024) with no hint and no cue elsewhere in the text are read day
 * first. Most of the world, including the European and Asian customers this service is sold to,
 * writes DMY; MDY is essentially a US convention, and US documents usually give it away with an
 * unambiguous date or "March 3, 2024" somewhere (see guessDateOrder), which then takes precedence.
 */
export const DEFAULT_DATE_ORDER: DateOrder = 'DMY';

/** The first date in a text as YYYY-MM-DD, or null. Invalid dates (31/02/2024) are not dates. */
export function parseDate(text: string, hint?: DateHint): string | null {
  const tokens = tokenize(text);
  const found = firstDate(tokens, orderFor(tokens, hint));
  // "1 Oct – 31 Oct 2025": the range's first date, with the year it leaves to the second.
  const opening = found && rangeStart(tokens, found, orderFor(tokens, hint));
  if (opening) return toIsoDate(opening);
  if (found) return toIsoDate(found);
  const compact = compactDate(tokens);
  return compact && toIsoDate(compact);
}

/** Every date in a text, in order. */
export function findDateSpans(text: string, hint?: DateHint): ValueSpan<string>[] {
  const tokens = tokenize(text);
  const order = orderFor(tokens, hint);
  const spans: ValueSpan<string>[] = [];
  let i = 0;
  while (i < tokens.length) {
    const match = matchDateAt(tokens, i, order);
    if (!match) {
      i++;
      continue;
    }
    const start = tokens[match.first]!.start;
    const end = tokens[match.last]!.end;
    // "1 Oct – 31 Oct 2025": a first date that borrows its year from this one.
    const opening = rangeStart(tokens, match, order);
    const last = spans.at(-1);
    if (opening && (!last || last.end <= tokens[opening.first]!.start)) {
      const from = tokens[opening.first]!.start;
      const to = tokens[match.first - 2]!.end;
      spans.push({ start: from, end: to, text: text.slice(from, to), value: toIsoDate(opening) });
    }
    spans.push({ start, end, text: text.slice(start, end), value: toIsoDate(match) });
    i = match.last + 1;
  }
  return spans;
}

/** The hint's order, else what the text's own unambiguous dates say, else DEFAULT_DATE_ORDER. */
export function orderFor(tokens: Token[], hint: DateHint | undefined): DateOrder {
  return hint?.order ?? guessOrderFromTokens(tokens) ?? DEFAULT_DATE_ORDER;
}

export function firstDate(tokens: Token[], order: DateOrder, from = 0): DateMatch | null {
  for (let i = from; i < tokens.length; i++) {
    const match = matchDateAt(tokens, i, order);
    if (match) return match;
  }
  return null;
}

/**
 * "20240303" counts only when it is the text's one number: inside longer text eight digits are far more
 * often an order or account number than a date.
 */
export function compactDate(tokens: Token[]): CalendarDate | null {
  const numbers = tokens.filter((t) => t.kind === 'num');
  const only = numbers[0];
  if (numbers.length !== 1 || !only || only.text.length !== 8) return null;
  const year = Number(only.text.slice(0, 4));
  if (year < 1900 || year > 2099) return null;
  return dateOrNull(year, Number(only.text.slice(4, 6)), Number(only.text.slice(6, 8)));
}
