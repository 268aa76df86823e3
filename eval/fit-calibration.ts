/**
 * npm run fit-calibration [-- --dry-run] [--cache DIR]: runs the local engine, uncalibrated, on the
 * TUNING half of the shared corpora under config.yaml and every wording, and writes
 * src/engines/local/calibration.json: per candidate source (and OCR'd text apart), raw-score bins
 * mapped to a cautious estimate of the share of answers in them that were right (the lower end of
 * its 80% interval, counting each document once however many wordings answered it), made
 * non-decreasing: a confidence must hold on documents the fit never saw. The checking half
 * stays out, so that the calibration eval reports on it is measured, not fitted. --dry-run prints
 * the bins without writing them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Evidence } from '../src/engines/engine.ts';
import { calibrationKey } from '../src/engines/local/calibrate.ts';
import type { CandidateSource } from '../src/engines/local/candidate.ts';
import { LocalEngine } from '../src/engines/local/local-engine.ts';
import { loadCorpus, selectCases } from './corpus.ts';
import { offlineReading } from './offline-reading.ts';
import { readCases } from './read-cases.ts';
import { runWordings } from './run-wordings.ts';
import { normaliseForScore, scoreField } from './score.ts';

const EDGES = [0.45, 0.55, 0.65, 0.75, 0.85, 0.95, Number.POSITIVE_INFINITY];
const MIN_PER_BIN = 8;
/** A cautious estimate from which a bin may claim 0.9 or more. */
const SURE = 0.97;
/** One-sided 95%: the share right is above the bin's value nineteen times in twenty. */
const Z = 1.645;

/** Wilson's lower bound of a share seen in n answers. */
function lowerBound(share: number, n: number): number {
  if (n <= 0) return 0;
  const z2 = Z * Z;
  const centre = share + z2 / (2 * n);
  const spread = Z * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - spread) / (1 + z2 / n));
}

const { values, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false }, cache: { type: 'string' } },
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const { deps, cache, close } = await offlineReading(new LocalEngine({ calibration: {} }), values.cache);
const samples = new Map<string, { score: number; right: number }[]>();
const corpora: string[] = [];
/** How many wordings answered each document: their answers are not independent. */
let repeats = 1;

try {
  for (const dir of dirs) {
    const corpus = loadCorpus(dir);
    corpora.push(corpus.name);
    repeats = Math.max(repeats, corpus.wordings.length);
    const cases = selectCases(corpus, 'tuning');
    for await (const read of readCases(corpus, cases, deps, { log, ...(cache ? { cache } : {}) })) {
      if (!read.document) continue;
      const pages = read.document.pages;
      for (const { data, evidence } of await runWordings(
        read.document,
        corpus.wordings,
        corpus.wordings[0]!.fields,
        deps,
      )) {
        for (const [field, expected] of Object.entries(read.case.expected)) {
          const answer = data[field];
          const items = Array.isArray(answer)
            ? answer.map((value, i) => ({ value, ev: (evidence[field] as Evidence[])[i] }))
            : [{ value: answer, ev: evidence[field] as Evidence | undefined }];
          for (const { value, ev } of items) {
            if (value === null || value === undefined || !ev?.source) continue;
            const right = Array.isArray(expected)
              ? Number(expected.map(normaliseForScore).includes(normaliseForScore(value)))
              : scoreField(expected, value);
            const ocr = pages[(ev.page ?? 1) - 1]?.source === 'ocr';
            const key = calibrationKey(ev.source as CandidateSource, ocr);
            const points = samples.get(key) ?? [];
            points.push({ score: ev.confidence, right });
            samples.set(key, points);
          }
        }
      }
    }
  }
} finally {
  await close();
}

/** Bins with too few answers are merged into the next; then adjacent violators are pooled. */
function fit(points: { score: number; right: number }[]): [number, number][] {
  const bins: { upper: number; n: number; right: number }[] = [];
  let lower = Number.NEGATIVE_INFINITY;
  let pending = { n: 0, right: 0 };
  for (const upper of EDGES) {
    const inBin = points.filter((p) => p.score > lower && p.score <= upper);
    pending = { n: pending.n + inBin.length, right: pending.right + inBin.reduce((s, p) => s + p.right, 0) };
    lower = upper;
    if (pending.n >= MIN_PER_BIN || upper === Number.POSITIVE_INFINITY) {
      if (pending.n > 0) bins.push({ upper, ...pending });
      else if (bins.length > 0) bins.at(-1)!.upper = upper;
      pending = { n: 0, right: 0 };
    }
  }
  for (let i = 1; i < bins.length; i++) {
    if (bins[i]!.right / bins[i]!.n < bins[i - 1]!.right / bins[i - 1]!.n) {
      const merged = {
        upper: bins[i]!.upper,
        n: bins[i - 1]!.n + bins[i]!.n,
        right: bins[i - 1]!.right + bins[i]!.right,
      };
      bins.splice(i - 1, 2, merged);
      i = Math.max(0, i - 2);
    }
  }
  // The same document answered under every wording is one piece of evidence, not four.
  const fitted = bins.map((b) => lowerBound(b.right / b.n, b.n / repeats));
  for (let i = 1; i < fitted.length; i++) fitted[i] = Math.max(fitted[i]!, fitted[i - 1]!);
  // 0.9 is the threshold users automate on: a route claims it only when even the cautious estimate
  // leaves a wide margin (documents of other kinds shift what a route's scores mean).
  for (let i = 0; i < fitted.length; i++) if (fitted[i]! >= 0.89 && fitted[i]! < SURE) fitted[i] = 0.89;
  return bins.map((b, i) => [
    b.upper === Number.POSITIVE_INFINITY ? 99 : b.upper,
    Math.round(fitted[i]! * 1000) / 1000,
  ]);
}

const out: Record<string, [number, number][]> = {};
for (const [key, points] of [...samples].sort()) {
  out[key] = fit(points);
  log(`${key.padEnd(12)} n=${String(points.length).padStart(4)}  ${JSON.stringify(out[key])}`);
}
if (values['dry-run']) {
  log('--dry-run: calibration.json left as it is');
} else {
  const file = new URL('../src/engines/local/calibration.json', import.meta.url);
  const comment = `Written by npm run fit-calibration on the tuning halves of ${corpora.join(', ')}, under config.yaml and every wording; do not edit by hand.`;
  writeFileSync(file, `${JSON.stringify({ $comment: comment, bins: out }, null, 2)}\n`);
  // The repository's formatter has the last word on layout, so that the lint passes as written.
  execFileSync('biome', ['format', '--write', fileURLToPath(file)], { stdio: 'ignore' });
}
