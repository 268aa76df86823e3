/**
 * Telephone and fax numbers: digit groups with spaces, dashes, dots or parentheses, 7–15 digits.
 * A label before ("Tel:", "Fax") or a "+" makes them sure; a US or trunk-prefixed layout ("(555)
 * 123-4567", "03-7722 1234") is taken without one; bare digit runs, dates and amounts are not.
 */
import { digitValue, isLetterAt } from '../../fields/typing/text.ts';
import labels from './data/phone-labels.json' with { type: 'json' };
import { type EntitySpan, entity } from './types.ts';

const LABELS = new Set(labels.labels);
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
/** How far back from a number its label may sit ("Tel No. : "). */
const LABEL_REACH = 24;

interface Candidate {
  start: number;
  end: number;
  digits: string;
  groups: number[];
  seps: string;
  plus: boolean;
}

export function findPhones(text: string): EntitySpan[] {
  const spans: EntitySpan[] = [];
  let i = 0;
  while (i < text.length) {
    if (!startsPhone(text, i)) {
      i++;
      continue;
    }
    const c = readCandidate(text, i);
    const confidence = judge(text, c);
    if (confidence > 0)
      spans.push(entity(text, c.start, c.end, (c.plus ? '+' : '') + c.digits, confidence, 'phone'));
    i = Math.max(c.end, i + 1);
  }
  return spans;
}

function startsPhone(text: string, i: number): boolean {
  const ch = text[i]!;
  if (isDigit(text, i)) return !isDigit(text, i - 1) && !isLetterAt(text, i - 1) && text[i - 1] !== '.';
  if (ch === '+') return isDigit(text, i + 1) || (text[i + 1] === '(' && isDigit(text, i + 2));
  return ch === '(' && isDigit(text, i + 1);
}

/** Digit groups joined by one separator each (a space may come with a dash or parenthesis). */
function readCandidate(text: string, start: number): Candidate {
  const c: Candidate = { start, end: start, digits: '', groups: [], seps: '', plus: text[start] === '+' };
  let i = c.plus ? start + 1 : start;
  let group = 0;
  let open = false;
  while (i < text.length && c.digits.length <= MAX_DIGITS) {
    if (isDigit(text, i)) {
      c.digits += String(digitValue(text.charCodeAt(i)));
      group++;
      i++;
      c.end = i;
      continue;
    }
    const sep = separatorAt(text, i, open);
    if (!sep) break;
    if (group > 0) c.groups.push(group);
    group = 0;
    if (sep.text.includes('(')) open = true;
    if (sep.text.includes(')')) open = false;
    c.seps += sep.text.trim() || ' ';
    i += sep.text.length;
  }
  if (group > 0) c.groups.push(group);
  // "(1234567)": the parenthesis opened before the digits closes after them.
  if (open && text[c.end] === ')') c.end++;
  return c;
}

/** One of " ", "-", ".", "(", ")", ") ", " (", " - ", followed by a digit. */
function separatorAt(text: string, i: number, open: boolean): { text: string } | null {
  for (const sep of open ? [') ', ')', ')-'] : [' - ', ' (', '-', '.', ' ', '(', '–']) {
    if (text.startsWith(sep, i) && isDigit(text, i + sep.length)) return { text: sep };
  }
  return null;
}

function judge(text: string, c: Candidate): number {
  const n = c.digits.length;
  if (n < MIN_DIGITS || n > MAX_DIGITS || isLetterAt(text, c.end) || isDigit(text, c.end)) return 0;
  // "12.50", "2024.01.05": a dot-only number with a group under three digits at its end is an amount or a date.
  if (/^\.+$/.test(c.seps) && (c.groups.length < 3 || c.groups[c.groups.length - 1]! < 4)) return 0;
  if (looksLikeDate(c)) return 0;
  if (labelledBefore(text, c.start)) return 0.9;
  if (c.plus && n >= 8) return 0.85;
  if (isNorthAmerican(c)) return 0.8;
  if (c.digits.startsWith('0') && n >= 9 && n <= 11 && c.groups.length >= 2 && c.groups[0]! <= 4) return 0.6;
  return 0;
}

function looksLikeDate(c: Candidate): boolean {
  const g = c.groups;
  if (g.length !== 3 || c.plus) return false;
  return (g[0] === 4 && g[1]! <= 2 && g[2]! <= 2) || (g[0]! <= 2 && g[1]! <= 2 && g[2] === 4);
}

/** "(555) 123-4567", "555-123-4567", "555.123.4567", "1-800-555-0199". */
function isNorthAmerican(c: Candidate): boolean {
  const g = c.groups.join(',');
  return g === '3,3,4' || g === '1,3,3,4';
}

function labelledBefore(text: string, start: number): boolean {
  const from = Math.max(0, start - LABEL_REACH);
  const before = text.slice(from, start).toLowerCase();
  // The last word before the number, past separators such as ": ", ". : ", " - ", "(".
  const m = /([a-zéè/]+(?: no)?)[\s.:#\-()]*$/.exec(before);
  if (!m) return false;
  const word = m[1]!;
  const wordStart = from + m.index;
  // A one-letter label ("T", "F") must stand alone, not end a word ("Unit 12").
  if (word.length === 1 && isLetterAt(text, wordStart - 1)) return false;
  return LABELS.has(word) || LABELS.has(word.replace(/\s+no$/, ''));
}

function isDigit(text: string, i: number): boolean {
  return i >= 0 && i < text.length && digitValue(text.charCodeAt(i)) >= 0;
}
