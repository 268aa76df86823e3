import type { FieldValue } from '../../fields/field.ts';
import type { Candidate } from './candidate.ts';

/** Below this a candidate is a guess, and the field is better left null. */
export const MIN_SCORE = 0.42;

function key(value: FieldValue): string {
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
}

/** Candidates for the same value reinforce each other: found by two routes, it is likelier right. */
export function rank(candidates: Candidate[]): Choice[] {
  const groups = new Map<string, { best: Candidate; count: number; sources: Set<string> }>();
  for (const c of candidates) {
    const k = key(c.value);
    const g = groups.get(k);
    if (!g) groups.set(k, { best: c, count: 1, sources: new Set([c.source]) });
    else {
      g.count++;
      g.sources.add(c.source);
      if (c.score > g.best.score) g.best = c;
    }
  }
  return [...groups.values()]
    .map((g) => ({
      candidate: g.best,
      score: Math.min(1, g.best.score + 0.04 * Math.min(g.count - 1, 3) + 0.06 * (g.sources.size - 1)),
    }))
    .sort((a, b) => b.score - a.score);
}

export function choose(candidates: Candidate[], threshold = MIN_SCORE): Choice | null {
  const best = rank(candidates)[0];
  return best && best.score >= threshold ? best : null;
}

/** Distinct values for an array field; a value contained in a better one ("Pharma Inc" in "Kite Pharma Inc") is dropped. */
export function chooseMany(candidates: Candidate[], threshold = MIN_SCORE, max = 8): Choice[] {
  const kept: Choice[] = [];
  for (const choice of rank(candidates)) {
    if (choice.score < threshold || kept.length >= max) break;
    const k = key(choice.candidate.value);
    if (kept.some((c) => key(c.candidate.value).includes(k) || k.includes(key(c.candidate.value)))) continue;
    kept.push(choice);
  }
  return kept;
}
