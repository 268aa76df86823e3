import {
  findDateSpans,
  findNumberSpans,
  parseInteger,
  type TypingHints,
} from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { isClauseNumber } from '../read-value.ts';
import { labelHit } from './label-hits.ts';
import { POSITION_WEIGHT } from './position.ts';

/**
 * Every value of the field's type, with no label: weak on its own, stronger when its line or the one
 * above speaks of the field, when it sits where such values sit, and for totals when it is the largest.
 */
export function typeCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const kind = profile.field.kind;
  if (kind !== 'date' && kind !== 'datetime' && kind !== 'double' && kind !== 'integer') return [];
  const out: Candidate[] = [];
  const timed = new Set<Candidate>();
  const lines = view.lines.slice(0, 400);
  const amounts: { line: ViewLine; value: number; text: string }[] = [];
  for (const line of lines) {
    const context = nearWords(view, line, profile);
    const where = POSITION_WEIGHT[profile.position](line.y) * (line.page === 1 ? 1 : 0.8);
    if (kind === 'date' || kind === 'datetime') {
      let previousEnd = Number.NEGATIVE_INFINITY;
      for (const span of findDateSpans(line.text, hints.dateOrder ? { order: hints.dateOrder } : {})) {
        // "17/01/2018 8.08.53": what follows a date at once is its time, however it parses.
        const isTime = span.start - previousEnd <= 3;
        previousEnd = span.end;
        if (isTime) continue;
        // "Nice, le 14/06/2025", "Berlin, den 3. März 2025": a letter's place and date line dates it.
        const dated = profile.documentDate && PLACE_AND_DATE.test(line.text.slice(0, span.start)) ? 0.2 : 0;
        const candidate: Candidate = {
          value: span.value,
          score: (0.25 + 0.3 * context + dated) * where,
          source: 'type',
          line,
          text: line.text,
        };
        out.push(candidate);
        if (TIME_AFTER.test(line.text.slice(span.end))) timed.add(candidate);
      }
    } else {
      for (const span of findNumberSpans(
        line.text,
        hints.decimalMark ? { decimalMark: hints.decimalMark } : {},
      )) {
        if ((!span.amount && kind === 'double') || isClauseNumber(line.text, span)) continue;
        const value = kind === 'integer' ? parseInteger(span.text) : span.value;
        if (value === null) continue;
        amounts.push({ line, value, text: line.text });
        out.push({ value, score: (0.15 + 0.3 * context) * where, source: 'type', line, text: line.text });
      }
    }
  }
  // A document that states one date only: that is its date. So it is for "slip_date" when the
  // document never says "slip": no word of it tells another date apart (a guess: local-engine.ts).
  const itsDate =
    profile.sense.concept?.documentDate === true &&
    !lines.some((l) => l.tokens.some((t) => profile.qualifiers.includes(t.word)));
  if (itsDate && new Set(out.map((c) => c.value)).size === 1) {
    for (const c of out) c.score += 0.2;
  } else if (
    itsDate &&
    profile.sense.concept?.id === 'date' &&
    new Set([...timed].map((c) => c.value)).size === 1
  ) {
    // "06/03/2018 12:01" beside "Valid till 06/04/2018" or "Member since 01/01/2015": the one date
    // stamped with a time of day is the transaction's, and so the document's (not a cover's or a
    // contract's start, which a timestamp of its issue does not give).
    for (const c of timed) c.score += 0.2;
  }
  // A document's own date is its first, at the head of its first page (a letter's date line).
  const first = out[0];
  if (
    (kind === 'date' || kind === 'datetime') &&
    (profile.position === 'top' || profile.documentDate) &&
    first &&
    first.line.page === 1 &&
    first.line.y < 0.35
  ) {
    first.score += 0.15;
  }
  if (profile.preferLargest && amounts.length > 0) {
    const largest = Math.max(...amounts.map((a) => a.value));
    for (const c of out) if (c.value === largest) c.score += 0.15;
  }
  return out;
}

/** A time of day right after a date: "06/03/2018 12:01", "06-03-18 8:13 PM", "2018-03-06T10:11". */
const TIME_AFTER = /^\s{0,3}(?:[T@,|-]\s*)?(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d.,])/;

/** A place name and a comma right before the date, at the line's start or after a wide gap. */
const PLACE_AND_DATE = /(?:^|\s{3,}|\t)\s*\p{Lu}[\p{L}'’. -]{1,30},\s*(?:le|den|am|el|the|op|il)?\s*$/u;

/** How surely the line (fully) or the line above it (partly) names the field, 0–1. */
function nearWords(view: DocumentView, line: ViewLine, profile: FieldProfile): number {
  const here = labelHit(view, profile, line)?.score ?? 0;
  const above = view.lines[line.id - 1];
  const there = above && above.page === line.page ? (labelHit(view, profile, above)?.score ?? 0) : 0;
  return Math.max(here, 0.6 * there);
}
