import { existsSync, readFileSync } from 'node:fs';
import type { DocumentView } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { type RankedValue, valueKey } from '../select.ts';
import { FEATURE_NAMES, featureRows, isOwnName, noneRow } from './features.ts';
import { type Forest, logOdds } from './trees.ts';

/** The learned model as `npm run train` writes it (scoring-model.json beside this file). */
export interface ScoringModel {
  /** The feature names the trees were grown on, in order: a model for other features is refused. */
  features: string[];
  forest: Forest;
  /** A field is answered with its likeliest value when it is likelier than "none" and at least this likely. */
  answerAt: number;
  /** Members of a list field are kept from this likelihood on. */
  memberAt: number;
  /** Held-out probability → how often such answers were right, for the confidence stated. */
  calibration: [number, number][];
}

/** A value the scorer kept, with how sure it is (already calibrated). */
export type ScoredChoice = RankedValue & { confidence: number };

export interface ValueScorer {
  /** The field's answer among its ranked values, or null when none is likely enough. */
  choose(view: DocumentView, profile: FieldProfile, ranked: RankedValue[]): ScoredChoice | null;
  /** The members of a list field. */
  chooseMany(view: DocumentView, profile: FieldProfile, ranked: RankedValue[]): ScoredChoice[];
  /** Every value, likeliest first, each with the confidence it would be answered with. */
  weigh(view: DocumentView, profile: FieldProfile, ranked: RankedValue[]): ScoredChoice[];
}

/** Most members a list field is answered with. */
const MAX_MEMBERS = 8;

export function learnedScorer(model: ScoringModel): ValueScorer {
  if (model.features.join() !== FEATURE_NAMES.join()) {
    throw new Error('the scoring model was trained on other features: run npm run train');
  }
  // Each field's values and its "none" row in one softmax: how likely each is the answer.
  const scored = (view: DocumentView, profile: FieldProfile, ranked: RankedValue[]) => {
    const { p, none } = fieldSoftmax(
      featureRows(view, profile, ranked).map((row) => logOdds(model.forest, row)),
      logOdds(model.forest, noneRow(view, profile, ranked)),
    );
    return { none, values: ranked.map((choice, i) => ({ ...choice, p: p[i]! })).sort((a, b) => b.p - a.p) };
  };
  const withConfidence = (choice: RankedValue & { p: number }): ScoredChoice => {
    const { p, ...rest } = choice;
    return { ...rest, confidence: calibrated(model.calibration, p) };
  };
  return {
    choose(view, profile, ranked) {
      if (ranked.length === 0) return null;
      const { none, values } = scored(view, profile, ranked);
      const best = values[0]!;
      if (best.p > none && best.p >= model.answerAt) return withConfidence(best);
      // A value printed beside the field's own name is an answer however unsure the model is.
      const named = values.find((v) => v.members.some((m) => m.source === 'pair' && isOwnName(m.clues)));
      return named ? withConfidence(named) : null;
    },
    chooseMany(view, profile, ranked) {
      const kept: ScoredChoice[] = [];
      for (const choice of scored(view, profile, ranked).values) {
        if (kept.length >= MAX_MEMBERS || choice.p < model.memberAt) break;
        // "Pharma Inc" within "Kite Pharma Inc": the same member named shorter.
        const k = valueKey(choice.candidate.value);
        if (kept.some((c) => contains(valueKey(c.candidate.value), k))) continue;
        kept.push(withConfidence(choice));
      }
      return kept;
    },
    weigh(view, profile, ranked) {
      if (ranked.length === 0) return [];
      return scored(view, profile, ranked).values.map(withConfidence);
    },
  };
}

const contains = (a: string, b: string) => a.includes(b) || b.includes(a);

/** The softmax of a field's values' margins and its "none" row's. */
export function fieldSoftmax(margins: number[], noneMargin: number): { p: number[]; none: number } {
  const most = Math.max(noneMargin, ...margins);
  const e = margins.map((m) => Math.exp(m - most));
  const eNone = Math.exp(noneMargin - most);
  const sum = e.reduce((a, b) => a + b, eNone);
  return { p: e.map((x) => x / sum), none: eNone / sum };
}

/** Piecewise linear through the calibration points (probability, share right), flat beyond them. */
export function calibrated(points: [number, number][], p: number): number {
  if (points.length === 0) return p;
  const first = points[0]!;
  const last = points.at(-1)!;
  if (p <= first[0]) return first[1];
  if (p >= last[0]) return last[1];
  const i = points.findIndex(([x]) => x >= p);
  const [x0, y0] = points[i - 1]!;
  const [x1, y1] = points[i]!;
  return x1 === x0 ? y1 : y0 + ((p - x0) / (x1 - x0)) * (y1 - y0);
}

const MODEL_FILE = new URL('./scoring-model.json', import.meta.url);
let loaded: ValueScorer | null | undefined;

/** The committed model; without one (before the first `npm run train`) the routes' own scores decide. */
export function defaultScorer(): ValueScorer | null {
  if (loaded === undefined) {
    loaded = existsSync(MODEL_FILE)
      ? learnedScorer(JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as ScoringModel)
      : null;
  }
  return loaded;
}
