/**
 * The scorer's selection replayed on stored samples, exactly as value-scorer.ts makes it at run
 * time: a field's likeliest value when likely enough, a list's likely members. Scored by the corpus
 * rules, so that thresholds can be chosen and held-out figures read without running the engine again.
 */
import { FEATURE_NAMES } from '../../src/engines/local/learned/features.ts';
import { valueKey } from '../../src/engines/local/select.ts';
import { scoreField } from '../score.ts';
import type { FieldSample } from './dataset.ts';

const MAX_MEMBERS = 8;
const OWN_NAME = FEATURE_NAMES.indexOf('own_name');

export interface Thresholds {
  answerAt: number;
  memberAt: number;
}

/** A field's softmax: each value's probability, and the "none" row's. */
export interface FieldProbabilities {
  p: number[];
  none: number;
}

/** The score (0–1) of a sample under the learned selection. */
export function learnedScore(sample: FieldSample, f: FieldProbabilities, t: Thresholds): number {
  return scoreField(sample.expected, learnedAnswer(sample, f, t));
}

export function learnedAnswer(sample: FieldSample, f: FieldProbabilities, t: Thresholds): unknown {
  const { p } = f;
  const order = p.map((_, i) => i).sort((a, b) => p[b]! - p[a]! || a - b);
  if (sample.kind === 'one') {
    const best = order[0];
    if (best === undefined) return null;
    if (p[best]! > f.none && p[best]! >= t.answerAt) return sample.values[best];
    // As value-scorer.ts: a value beside the field's own name is answered however unsure.
    const named = order.find((i) => sample.rows[i]![OWN_NAME] === 1);
    return named === undefined ? null : sample.values[named];
  }
  const kept: unknown[] = [];
  for (const i of order) {
    if (kept.length >= MAX_MEMBERS || p[i]! < t.memberAt) break;
    const k = valueKey(sample.values[i] as never);
    if (kept.some((v) => valueKey(v as never).includes(k) || k.includes(valueKey(v as never)))) continue;
    kept.push(sample.values[i]);
  }
  return kept;
}

/** The thresholds that score best over the samples (ties: the lower threshold), on a grid of 0.05. */
export function bestThresholds(samples: FieldSample[], probabilities: FieldProbabilities[]): Thresholds {
  const grid = Array.from({ length: 20 }, (_, i) => 0.05 * i);
  const total = (kind: 'one' | 'many', t: Thresholds) =>
    samples.reduce(
      (s, sample, i) => (sample.kind === kind ? s + learnedScore(sample, probabilities[i]!, t) : s),
      0,
    );
  const pick = (kind: 'one' | 'many') => {
    let best = 0.5;
    let bestTotal = Number.NEGATIVE_INFINITY;
    for (const at of grid) {
      const sum = total(kind, { answerAt: at, memberAt: at });
      if (sum > bestTotal + 1e-9) {
        bestTotal = sum;
        best = at;
      }
    }
    return Math.round(best * 100) / 100;
  };
  return { answerAt: pick('one'), memberAt: pick('many') };
}
