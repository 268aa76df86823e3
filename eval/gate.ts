/**
 * npm run eval:gate [-- --update]: keeps the accuracy gained. Every labelled corpus (../shared/corpus
 * and eval/corpora) is scored under every wording, as `npm run eval` scores it, but without OCR: a
 * scan or a photograph then reads as the readers read it without an OCR engine (empty or refused),
 * the same on every machine, and the gate runs in minutes. Each corpus × wording × half is compared
 * with the committed baseline (eval/gate-baseline.json); a figure more than 0.5 point below it fails
 * the gate. `--update` writes the baseline from this run: commit it with a message that says why.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { HALVES, loadCorpus, withMoreWordings } from './corpus.ts';
import { accuracy, evalLabelled, sum } from './labelled.ts';

const BASELINE = new URL('./gate-baseline.json', import.meta.url);
/** Points a figure may fall below its baseline: the noise of nothing (the engine is deterministic) plus rounding. */
const TOLERANCE = 0.5;
const SHARED = ['adbuy', 'kleister-nda', 'sroie', 'sroie-more'].map((name) => `../shared/corpus/${name}`);

type Figures = Record<string, Record<string, { tuning: number; checking: number; all: number }>>;

const { values } = parseArgs({ options: { update: { type: 'boolean', default: false } } });
const log = (line: string) => process.stdout.write(`${line}\n`);
const config = loadConfig();
const limits = readLimits(config);
const adapters = await createAdapters(config, {
  withStore: false,
  logger: createLogger('warn', process.stderr),
});
const dirs = [
  ...SHARED,
  ...readdirSync('eval/corpora')
    .map((name) => join('eval/corpora', name))
    .sort(),
].filter((dir) => existsSync(join(dir, 'cases.jsonl')));
const missing = SHARED.filter((dir) => !existsSync(dir));
if (missing.length > 0) log(`absent, not gated: ${missing.join(', ')}`);

const now: Figures = {};
const started = performance.now();
try {
  for (const dir of dirs) {
    const corpus = withMoreWordings(loadCorpus(dir), 'eval/wordings');
    const t0 = performance.now();
    // No OCR engine: what needs one reads the same way everywhere.
    const figures = await evalLabelled(
      corpus,
      corpus.cases,
      corpus.wordings,
      { readDocument: adapters.readDocument, engine: adapters.engine, limits },
      { log: () => {} },
    );
    now[corpus.name] = {};
    for (const w of figures.wordings) {
      const half = (h: 'tuning' | 'checking') => percent(accuracy(sum(w.fields.map((f) => f[h]))));
      const all = percent(accuracy(sum(w.fields.flatMap((f) => HALVES.map((h) => f[h])))));
      now[corpus.name]![w.name] = { tuning: half('tuning'), checking: half('checking'), all };
    }
    const def = now[corpus.name]!.default!;
    log(
      `${corpus.name.padEnd(14)} default ${def.tuning} / ${def.checking} / ${def.all} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
} finally {
  await adapters.close();
}
log(`scored in ${((performance.now() - started) / 1000).toFixed(0)} s`);

if (values.update) {
  writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
  log(`wrote ${BASELINE.pathname}: commit it with a message that says why the figures moved`);
} else {
  const baseline = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as Figures) : {};
  const failures: string[] = [];
  const rises: string[] = [];
  for (const [corpus, wordings] of Object.entries(baseline)) {
    if (!now[corpus]) continue;
    for (const [wording, before] of Object.entries(wordings)) {
      const after = now[corpus]![wording];
      for (const half of ['tuning', 'checking', 'all'] as const) {
        const was = before[half];
        const is = after?.[half] ?? 0;
        if (is < was - TOLERANCE) failures.push(`${corpus} ${wording} ${half}: ${was} → ${is}`);
        else if (is > was + TOLERANCE) rises.push(`${corpus} ${wording} ${half}: ${was} → ${is}`);
      }
    }
  }
  const missingBaseline = Object.keys(now).filter((c) => !baseline[c]);
  if (missingBaseline.length > 0) log(`no baseline yet (not gated): ${missingBaseline.join(', ')}`);
  // Rises are what a commit updating the baseline says it gained.
  if (rises.length > 0) log(`\nrose more than ${TOLERANCE} point (update the baseline to keep them):`);
  for (const r of rises) log(`  ${r}`);
  if (failures.length > 0) {
    log(
      `\neval:gate FAILED: ${failures.length} figure(s) fell more than ${TOLERANCE} point below the baseline`,
    );
    for (const f of failures) log(`  ${f}`);
    process.exitCode = 1;
  } else {
    log(`\neval:gate passed: no figure more than ${TOLERANCE} point below eval/gate-baseline.json`);
  }
}

function percent(x: number | undefined): number {
  return x === undefined ? 0 : Math.round(x * 1000) / 10;
}
