import type { FieldValue } from '../../fields/field.ts';
import type { Candidate, CandidateSource } from './candidate.ts';

/**
 * Below these a candidate is a guess, and the field is better left null. A value set off by its own
 * label is reliable at a lower score than one read from running text or from its type alone (on
 * the shared corpora, prose and type answers scoring 0.5–0.7 were right about one time in eight).
 */
export const MIN_SCORE: Record<CandidateSource, number> = {
  label: 0.55,
  table: 0.5,
  layout: 0.55,
  prose: 0.7,
  type: 0.38,
  arithmetic: 0.55,
  signature: 0.6,
  // A form's pair is weighed by the learned scorer from its clues; the hand-set bars never take it alone.
  pair: Number.POSITIVE_INFINITY,
};
/** Members of a list are announced together, and each needs less on its own. */
export const MIN_ARRAY_SCORE = 0.42;

/**
 * A value passes when its best finding clears that route's bar, with the bonus of agreement, or when
 * any one finding of it clears its own: a date read by type alone is not sunk by a weak prose reading
 * of the same date.
 */
export const passes = (choice: Choice, floor?: number) =>
  floor !== undefined
    ? choice.score >= floor
    : choice.score >= MIN_SCORE[choice.candidate.source] ||
      choice.members.some((c) => c.score >= MIN_SCORE[c.source]);

/** A value as answers are compared: a string in capitals, letters and digits only. */
export function valueKey(value: FieldValue): string {
  return typeof value === 'string'
    ? value
        .toUpperCase()
        .normalize('NFKD')
        .replace(/[^\p{L}\p{N}]/gu, '')
    : JSON.stringify(value);
}

export interface Choice {
  candidate: Candidate;
  score: number;
  /** Every finding of the same value. */
  members: Candidate[];
}

/** A value as the scorer meets it: found for the field's own concept, or (standIn n) for the nth concept its description accepts instead. */
export interface RankedValue extends Choice {
  standIn?: number;
}

/** Candidates for the same value reinforce each other: found by two routes, it is likelier right. */
export function rank(candidates: Candidate[]): Choice[] {
  const groups = new Map<
    string,
    { best: Candidate; count: number; sources: Set<string>; members: Candidate[] }
  >();
  for (const c of candidates) {
    const k = valueKey(c.value);
    // Any number is a type candidate somewhere: that alone confirms nothing. A form's pair is
    // only a clue for the learned scorer: it neither confirms nor leads a value in this ranking.
    const confirms = c.source === 'type' || c.source === 'pair' ? 0 : 1;
    const g = groups.get(k);
    if (!g)
      groups.set(k, { best: c, count: confirms, sources: new Set(confirms ? [c.source] : []), members: [c] });
    else {
      g.members.push(c);
      g.count += confirms;
      if (confirms) g.sources.add(c.source);
      if (leads(c, g.best)) g.best = c;
    }
  }
  return [...groups.values()]
    .map((g) => ({
      candidate: g.best,
      members: g.members,
      score:
        (g.best.source === 'pair' ? 0 : g.best.score) +
        0.04 * Math.min(Math.max(0, g.count - 1), 3) +
        0.06 * Math.max(0, g.sources.size - 1),
    }))
    .sort((a, b) => b.score - a.score);
}

/** Whether a finding leads its value's group before another: any route's before a pair, then the higher score. */
function leads(c: Candidate, best: Candidate): boolean {
  if ((c.source === 'pair') !== (best.source === 'pair')) return best.source === 'pair';
  return c.score > best.score;
}

export function choose<C extends Choice>(ranked: C[]): C | null {
  return ranked.find((choice) => passes(choice)) ?? null;
}

/**
 * The routes' own choice: the field's own values first, then each stand-in's (a value asked under
 * another concept), the first that clears its route's bar.
 */
export function handChoice(ranked: RankedValue[]): RankedValue | null {
  const most = Math.max(0, ...ranked.map((c) => c.standIn ?? 0));
  for (let i = 0; i <= most; i++) {
    const found = choose(ranked.filter((c) => (c.standIn ?? 0) === i));
    if (found) return found;
  }
  return null;
}

/** Distinct values for an array field; a value contained in a better one ("Pharma Inc" in "Kite Pharma Inc") is dropped. */
export function chooseMany(ranked: Choice[], threshold = MIN_ARRAY_SCORE, max = 8): Choice[] {
  const kept: Choice[] = [];
  // Values far below the best are mentions, not members ("a company named in passing"). The floor
  // follows the best single finding, not the agreement bonus of a value found many times.
  const floor = Math.max(threshold, 0.8 * Math.max(0, ...ranked.map((c) => c.candidate.score)));
  for (const choice of ranked) {
    if (kept.length >= max) break;
    // Someone who signs for themselves is a member however faintly the text names them elsewhere.
    if (!passes(choice, choice.candidate.source === 'signature' ? MIN_SCORE.signature : floor)) continue;
    const k = valueKey(choice.candidate.value);
    if (kept.some((c) => valueKey(c.candidate.value).includes(k) || k.includes(valueKey(c.candidate.value))))
      continue;
    kept.push(choice);
  }
  return kept;
}
