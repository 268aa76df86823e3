/**
 * The first date of a range that leaves its year, or its month and year, to the second: "1 Oct –
 * 31 Oct 2025", "01.10. - 31.10.2025", "Oct 1 to Oct 31, 2025", "1–31 October 2025". It is read with
 * the second date's year (the year before when it would come after the second) and month.
 */
import type { DateOrder } from '../field.ts';
import { type CalendarDate, dateOrNull } from './calendar.ts';
import type { DateMatch } from './date-match.ts';
import { monthNumber } from './months.ts';
import type { Token } from './tokens.ts';

/** Words and dashes between the two dates of a range. */
const JOINERS = new Set([
  '-',
  '–',
  '—',
  'to',
  'till',
  'until',
  'through',
  'thru',
  'bis',
  'au',
  'al',
  'tot',
  'hasta',
  'a',
  'à',
  'sd',
  'hingga',
]);

export function rangeStart(
  tokens: Token[],
  end: DateMatch,
  order: DateOrder,
): (CalendarDate & { first: number }) | null {
  const joiner = tokens[end.first - 1];
  if (!joiner || !JOINERS.has(joiner.text)) return null;
  const k = end.first - 2;
  const at = (i: number) => tokens[i];
  const num = (i: number) => (at(i)?.kind === 'num' && at(i)!.text.length <= 2 ? Number(at(i)!.text) : 0);
  const month = (i: number) => (at(i)?.kind === 'word' ? monthNumber(at(i)!.text) : 0);
  let found: { day: number; month: number; first: number } | null = null;
  if (num(k) && month(k - 1))
    found = { day: num(k), month: month(k - 1), first: k - 1 }; // "Oct 1"
  else if (month(k) && num(k - 1))
    found = { day: num(k - 1), month: month(k), first: k - 1 }; // "1 Oct"
  else if (at(k)?.text === '.' && num(k - 1) && at(k - 2)?.text === '.' && num(k - 3))
    found = { day: num(k - 3), month: num(k - 1), first: k - 3 }; // "01.10."
  else if (num(k) && at(k - 1)?.text === '.' && num(k - 2))
    found = { day: num(k - 2), month: num(k), first: k - 2 }; // "01.10"
  else if (num(k) && at(k - 1)?.text === '/' && num(k - 2))
    found =
      order === 'MDY'
        ? { day: num(k), month: num(k - 2), first: k - 2 }
        : { day: num(k - 2), month: num(k), first: k - 2 }; // "10/01"
  else if (
    num(k) &&
    at(k - 1)?.kind !== 'punct' &&
    at(k - 1)?.kind !== 'num' &&
    !joiner.spaced &&
    !at(end.first)!.spaced
  )
    found = { day: num(k), month: end.month, first: k }; // "1–31 October 2025"
  if (!found) return null;
  const later = found.month > end.month || (found.month === end.month && found.day > end.day);
  const date = dateOrNull(later ? end.year - 1 : end.year, found.month, found.day);
  return date && { ...date, first: found.first };
}
