/** Date-times written in documents, normalised to ISO 8601 (offset only when the text gives one). */
import { toIsoDate } from './calendar.ts';
import type { DateMatch } from './date-match.ts';
import { compactDate, type DateHint, firstDate, orderFor } from './dates.ts';
import { matchTimeAt, type TimeMatch } from './time-match.ts';
import { type Token, tokenize } from './tokens.ts';

/**
 * "2024-03-03T14:05:00+01:00", "3 March 2024, 2:05 PM" -> "2024-03-03T14:05:00"; a date alone gives
 * midnight without offset. The time is the one following the date, else the first one elsewhere in the
 * text ("Date: 03/03/2024 Time: 14:05"). Null without a date.
 */
export function parseDateTime(text: string, hint?: DateHint): string | null {
  const tokens = tokenize(text);
  const date = firstDate(tokens, orderFor(tokens, hint));
  const day = date ?? compactDate(tokens);
  if (!day) return null;
  const time = date ? (timeAfter(tokens, date) ?? timeElsewhere(tokens, date)) : null;
  return `${toIsoDate(day)}T${time?.clock ?? '00:00:00'}${time?.offset ?? ''}`;
}

/** Words and marks that join a date to its time: "T", ",", "at", "um", "à", "a las", "@". */
const CONNECTORS = new Set([
  't',
  ',',
  '@',
  '-',
  '–',
  '|',
  'at',
  'um',
  'a',
  'las',
  'om',
  'alle',
  'ore',
  'pukul',
  'kl',
]);

function timeAfter(tokens: Token[], date: DateMatch): TimeMatch | null {
  let k = date.last + 1;
  let iso = false;
  while (k - date.last <= 2 && tokens[k] && CONNECTORS.has(tokens[k]!.text)) {
    iso = tokens[k]!.text === 't' && !tokens[k]!.spaced;
    k++;
  }
  return matchTimeAt(tokens, k, iso);
}

function timeElsewhere(tokens: Token[], date: DateMatch): TimeMatch | null {
  for (let i = 0; i < tokens.length; i++) {
    if ((i >= date.first && i <= date.last) || insideSomething(tokens, i)) continue;
    const prev = tokens[i - 1];
    const time = matchTimeAt(tokens, i, prev?.text === 't' && !tokens[i]!.spaced);
    if (time) return time;
  }
  return null;
}

/** The "05" of "12:05:30", the "08" of "+08:00", the "3" of "A3": not where a time starts. "T14:05" is. */
function insideSomething(tokens: Token[], i: number): boolean {
  const prev = tokens[i - 1];
  if (!prev || tokens[i]!.spaced) return false;
  if (prev.kind === 'word') return prev.text !== 't';
  return prev.kind === 'num' || [':', '+', '-', '−', '.', ','].includes(prev.text);
}
