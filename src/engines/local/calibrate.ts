import fitted from './calibration.json' with { type: 'json' };
import type { CandidateSource } from './candidate.ts';

/**
 * Raw candidate scores → confidence, the share of such answers that were right on the shared
 * corpora, per source and for OCR'd text apart (fitted by `npm run fit-calibration`).
 * Bins are [upper bound of the raw score, accuracy], non-decreasing.
 */
export type CalibrationTable = Record<string, [number, number][]>;

export const CALIBRATION: CalibrationTable = fitted.bins as unknown as CalibrationTable;

/** What an answer of a route the calibration never measured may claim at most. */
const UNMEASURED = 0.5;

export function calibrationKey(source: CandidateSource, ocr: boolean): string {
  return ocr ? `${source}:ocr` : source;
}

export function calibrate(
  table: CalibrationTable,
  source: CandidateSource,
  ocr: boolean,
  score: number,
): number {
  const bins = table[calibrationKey(source, ocr)] ?? table[source];
  // A route never measured claims no more than a guess. (An empty table is the fitting script's
  // view: raw scores.)
  if (!bins || bins.length === 0)
    return Math.round((Object.keys(table).length === 0 ? score : Math.min(score, UNMEASURED)) * 100) / 100;
  const bin = bins.find(([upper]) => score <= upper) ?? bins.at(-1)!;
  // Cut, never rounded up: a cautious 0.896 must not be stated as 0.9.
  return Math.floor(bin[1] * 100 + 1e-9) / 100;
}
