/** E-mail addresses, found from each "@": the scan around one "@" never passes another, so it is linear. */
import { type EntitySpan, entity } from './types.ts';

const LOCAL = /[A-Za-z0-9._%+\-'!#$&*=?^`{|}~]/;
const DOMAIN = /[A-Za-z0-9.-]/;
const TLD = /^[A-Za-z]{2,24}$/;

export function findEmails(text: string): EntitySpan[] {
  const spans: EntitySpan[] = [];
  let at = text.indexOf('@');
  let floor = 0;
  while (at >= 0) {
    const found = emailAround(text, at, floor);
    if (found) {
      spans.push(found);
      floor = found.end;
    }
    at = text.indexOf('@', at + 1);
  }
  return spans;
}

function emailAround(text: string, at: number, floor: number): EntitySpan | null {
  let start = at;
  while (start > floor && LOCAL.test(text[start - 1]!)) start--;
  // A local part neither starts nor ends with a dot ("...jane@x.com" after an ellipsis).
  while (start < at && text[start] === '.') start++;
  let end = at + 1;
  while (end < text.length && DOMAIN.test(text[end]!)) end++;
  while (end > at + 1 && (text[end - 1] === '.' || text[end - 1] === '-')) end--;
  if (start === at || text[at - 1] === '.') return null;
  const domain = text.slice(at + 1, end);
  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((l) => l.length === 0 || l.startsWith('-') || l.endsWith('-')))
    return null;
  if (!TLD.test(labels[labels.length - 1]!)) return null;
  const value = `${text.slice(start, at)}@${domain.toLowerCase()}`;
  return entity(text, start, end, value, 0.95, 'email');
}
