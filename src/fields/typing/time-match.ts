/** Clock times after (or near) a date: 14:05, 14:05:30.250, 2:05 PM, 2 p.m., 14h05, with Z/UTC/+01:00 offsets. */
import { pad } from './calendar.ts';
import { glued, gluedPunct, numAt, type Token } from './tokens.ts';

export interface TimeMatch {
  first: number;
  last: number;
  /** "14:05:00" or "14:05:30.25" */
  clock: string;
  /** "Z", "+01:00", or "" when the text gives none. */
  offset: string;
}

/**
 * A time starting at token i. `iso` says the time followed a date with "T" (ISO 8601), where a
 * "-01:00" right after the time is an offset; elsewhere "09:00-10:00" is a range, so only "+hh:mm",
 * "Z" and "UTC±h" are taken as offsets unless the time has seconds.
 */
export function matchTimeAt(tokens: Token[], i: number, iso = false): TimeMatch | null {
  const hour = numAt(tokens, i, 1, 2);
  if (!hour) return null;
  let k = i + 1;
  let minute = 0;
  let second = 0;
  let fraction = '';
  let hasSeconds = false;
  if (gluedPunct(tokens, k, ':') && glued(numAt(tokens, k + 1, 2, 2))) {
    minute = Number(tokens[k + 1]!.text);
    k += 2;
    if (gluedPunct(tokens, k, ':') && glued(numAt(tokens, k + 1, 2, 2))) {
      second = Number(tokens[k + 1]!.text);
      hasSeconds = true;
      k += 2;
      if ((gluedPunct(tokens, k, '.') || gluedPunct(tokens, k, ',')) && glued(numAt(tokens, k + 1, 1, 9))) {
        fraction = tokens[k + 1]!.text;
        k += 2;
      }
    }
  } else if (tokens[k]?.kind === 'word' && tokens[k]!.text === 'h' && !tokens[k]!.spaced) {
    k++; // French "14h05", "14h"
    const min = glued(numAt(tokens, k, 2, 2));
    if (min) {
      minute = Number(min.text);
      k++;
    }
  } else if (meridiem(tokens, k) === null) {
    return null; // a bare number is a time only with AM/PM ("2 PM")
  }
  let h = Number(hour.text);
  const half = meridiem(tokens, k);
  if (half) {
    // "13:00 PM" is redundant rather than wrong; "0:30 AM" and "13:00 AM" are not times.
    if (h < 1 || (h > 12 && !half.pm)) return null;
    if (h <= 12) h = (h % 12) + (half.pm ? 12 : 0);
    k = half.next;
  }
  if (h > 23 || minute > 59 || second > 59) return null;
  const zone = offsetAt(tokens, k, iso || hasSeconds);
  const clock = `${pad(h)}:${pad(minute)}:${pad(second)}${fraction ? `.${fraction}` : ''}`;
  return { first: i, last: zone ? zone.next - 1 : k - 1, clock, offset: zone?.offset ?? '' };
}

/** "am", "pm", "a.m.", "p.m." starting at k; `next` is the token after it. */
function meridiem(tokens: Token[], k: number): { pm: boolean; next: number } | null {
  const t = tokens[k];
  if (t?.kind !== 'word') return null;
  if (t.text === 'am' || t.text === 'pm') return { pm: t.text === 'pm', next: k + 1 };
  if ((t.text === 'a' || t.text === 'p') && gluedPunct(tokens, k + 1, '.') && tokens[k + 2]?.text === 'm') {
    return { pm: t.text === 'p', next: gluedPunct(tokens, k + 3, '.') ? k + 4 : k + 3 };
  }
  return null;
}

function offsetAt(tokens: Token[], k: number, signedMinus: boolean): { offset: string; next: number } | null {
  const t = tokens[k];
  if (!t) return null;
  if (t.kind === 'word' && t.text === 'z' && !t.spaced) return { offset: 'Z', next: k + 1 };
  if (t.kind === 'word' && (t.text === 'utc' || t.text === 'gmt')) {
    return signedOffset(tokens, k + 1, true) ?? { offset: 'Z', next: k + 1 };
  }
  return t.spaced ? null : signedOffset(tokens, k, signedMinus);
}

/** +01:00, +0100, +01, -05:00, UTC+8. */
function signedOffset(
  tokens: Token[],
  k: number,
  allowMinus: boolean,
): { offset: string; next: number } | null {
  const sign = tokens[k];
  if (sign?.kind !== 'punct' || sign.spaced) return null;
  const minus = sign.text === '-' || sign.text === '−';
  if (sign.text !== '+' && !(minus && allowMinus)) return null;
  const first = glued(numAt(tokens, k + 1, 1, 4));
  if (!first || first.text.length === 3) return null;
  const hours = Number(first.text.length === 4 ? first.text.slice(0, 2) : first.text);
  let minutes = first.text.length === 4 ? Number(first.text.slice(2)) : 0;
  let next = k + 2;
  if (first.text.length <= 2 && gluedPunct(tokens, next, ':') && glued(numAt(tokens, next + 1, 2, 2))) {
    minutes = Number(tokens[next + 1]!.text);
    next += 2;
  }
  if (hours > 14 || minutes > 59) return null;
  return { offset: `${minus ? '-' : '+'}${pad(hours)}:${pad(minutes)}`, next };
}
