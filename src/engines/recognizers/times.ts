/**
 * Times of day: "17:36", "5:36 PM", "17.36 Uhr", "17h36", "14:02:55". The value is the 24-hour
 * "HH:MM" (seconds dropped). A time needs its minutes: "17 Uhr" alone is not read, and a figure
 * such as "12.50" counts only with a clock word or a colon, so amounts are not taken for times.
 */
import { type EntitySpan, entity } from './types.ts';

const TIME =
  /(?<![\p{L}\p{N}.,:/])([01]?\d|2[0-3])(?:(:)|(h)|(\.))([0-5]\d)(?::([0-5]\d))?(?:\s?([ap])\.?\s?m\.?(?![\p{L}]))?(?:\s?(uhr|hrs|hours|h)(?![\p{L}]))?(?![\p{N}]|[.,:/]\d)/giu;

export function findTimes(text: string): EntitySpan[] {
  const spans: EntitySpan[] = [];
  for (const m of text.matchAll(TIME)) {
    const [, hours, colon, h, dot, minutes, , meridiem, clockWord] = m;
    // "12.50" is an amount unless a clock word or a meridiem says otherwise.
    if (dot && !meridiem && !clockWord) continue;
    let hour = Number(hours);
    if (meridiem) {
      if (hour < 1 || hour > 12) continue;
      hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
    }
    const value = `${String(hour).padStart(2, '0')}:${minutes}`;
    const sure = colon ? 0.85 : h ? 0.8 : 0.75;
    spans.push(
      entity(text, m.index, m.index + m[0].length, value, meridiem || clockWord ? 0.95 : sure, 'time'),
    );
  }
  return spans;
}
