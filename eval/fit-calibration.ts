/**
 * npm run fit-calibration: runs the local engine, uncalibrated, on the shared corpora, and writes
 * src/engines/local/calibration.json: per candidate source (and OCR'd text apart), raw-score bins
 * mapped to the share of answers in them that were right, made non-decreasing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Evidence } from '../src/engines/engine.ts';
import { calibrationKey } from '../src/engines/local/calibrate.ts';
import type { CandidateSource } from '../src/engines/local/candidate.ts';
import { LocalEngine } from '../src/engines/local/local-engine.ts';
import { prepareExtraction, runEngine } from '../src/extraction/extract-document.ts';
import { normaliseForScore, scoreField } from './score.ts';

const EDGES = [0.45, 0.55, 0.65, 0.75, 0.85, 0.95, Number.POSITIVE_INFINITY];
const MIN_PER_BIN = 8;

const dirs = process.argv.slice(2);
const config = loadConfig();
const adapters = await createAdapters(config, { withStore: false });
const deps = { ...adapters, engine: new LocalEngine({ calibration: {} }), limits: readLimits(config) };
const samples = new Map<string, { score: number; right: number }[]>();

try {
  for (const dir of dirs) {
    const yaml = readFileSync(join(dir, 'config.yaml'));
    const cases = readFileSync(join(dir, 'cases.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const c of cases) {
      const bytes = readFileSync(join(dir, c.file));
      let prepared: Awaited<ReturnType<typeof prepareExtraction>>;
      try {
        prepared = await prepareExtraction({ bytes, fileName: basename(c.file) }, yaml, deps);
      } catch {
        continue;
      }
      const { data, evidence } = await runEngine(prepared, deps);
      for (const [field, expected] of Object.entries(c.expected as Record<string, unknown>)) {
        const answer = data[field];
        const items = Array.isArray(answer)
          ? answer.map((value, i) => ({ value, ev: (evidence[field] as Evidence[])[i] }))
          : [{ value: answer, ev: evidence[field] as Evidence }];
        for (const { value, ev } of items) {
          if (value === null || !ev?.source) continue;
          const right = Array.isArray(expected)
            ? Number(expected.map(normaliseForScore).includes(normaliseForScore(value)))
            : scoreField(expected, value);
          const ocr = prepared.document.pages[(ev.page ?? 1) - 1]?.source === 'ocr';
          const key = calibrationKey(ev.source as CandidateSource, ocr);
          samples.set(key, [...(samples.get(key) ?? []), { score: ev.confidence, right }]);
        }
      }
    }
  }
} finally {
  await adapters.close();
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
  return bins.map((b) => [
    b.upper === Number.POSITIVE_INFINITY ? 99 : b.upper,
    Math.round((b.right / b.n) * 1000) / 1000,
  ]);
}

const out: Record<string, [number, number][]> = {};
for (const [key, points] of [...samples].sort()) {
  out[key] = fit(points);
  process.stdout.write(
    `${key.padEnd(12)} n=${String(points.length).padStart(4)}  ${JSON.stringify(out[key])}\n`,
  );
}
const file = new URL('../src/engines/local/calibration.json', import.meta.url);
writeFileSync(
  file,
  `${JSON.stringify({ $comment: `Written by npm run fit-calibration on ${dirs.map((d) => basename(d)).join(', ')}; do not edit by hand.`, bins: out }, null, 2)}\n`,
);
// The repository's formatter has the last word on layout, so that the lint passes as written.
execFileSync('biome', ['format', '--write', fileURLToPath(file)], { stdio: 'ignore' });
