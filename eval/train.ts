/**
 * npm run train [-- options]: learns how much each clue weighs. Every labelled corpus is read, every
 * value the routes find for every field is a feature row (eval/train/dataset.ts), and boosted trees
 * learn which rows are right answers (eval/train/boost.ts). Then:
 *   1. leave one corpus out: for each corpus, a model grown on the others' tuning halves scores it,
 *      beside the routes' own choice: what a kind of document the model never saw meets;
 *   2. the answer thresholds and the confidence table are set from those held-out probabilities;
 *   3. the shipped model is grown on every corpus's tuning half (checking halves and sroie-more stay
 *      unseen) and written to src/engines/local/learned/scoring-model.json with what made it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { FEATURE_NAMES } from '../src/engines/local/learned/features.ts';
import { type Forest, logOdds } from '../src/engines/local/learned/trees.ts';
import { calibrated, fieldSoftmax, type ScoringModel } from '../src/engines/local/learned/value-scorer.ts';
import { createLogger } from '../src/logger.ts';
import { type Corpus, loadCorpus, withMoreWordings } from './corpus.ts';
import { DocumentCache, rememberingOcr } from './document-cache.ts';
import { type BoostOptions, boost, DEFAULT_BOOST, importance } from './train/boost.ts';
import { type CorpusSamples, corpusSamples, type FieldSample } from './train/dataset.ts';
import type { FitJob } from './train/fit-worker.ts';
import { bestThresholds, type FieldProbabilities, learnedScore, type Thresholds } from './train/select.ts';

const USAGE = `usage: npm run train [-- --cache DIR] [--samples DIR] [--no-loco] [--only NAME,…] [--dry-run]
  --cache DIR    read documents through the eval's document cache (outside the repository)
  --samples DIR  keep the extracted samples in DIR and reuse them while the engine is unchanged
  --no-loco      skip leave-one-corpus-out (thresholds then come from the training rows themselves)
  --only NAMES   leave-one-corpus-out for these corpora only (comma-separated)
  --corpora NAMES  read only these corpora (a quick look; the shipped model is made from all)
  --drop NAMES   grow the trees without these features (comma-separated): what each is worth
  --dump FILE    write the held-out probabilities to FILE (outside the repository), for reading errors
  --rounds N, --depth N, --rate X, --min-leaf N  the trees' number, depth, learning rate and
                 smallest leaf (defaults in eval/train/boost.ts)
  --corpus-weight sqrt|equal  a corpus weighs as the square root of its fields (default), or
                 every corpus the same
  --dry-run      do not write the model`;

const SHARED = ['adbuy', 'kleister-nda', 'sroie', 'sroie-more'].map((name) => `../shared/corpus/${name}`);
/** Same documents' source as sroie: never trained on, held out with it. */
const NEVER_TRAINED = new Set(['sroie-more']);
const SAME_SOURCE: Record<string, string[]> = { sroie: ['sroie-more'] };
const MODEL_FILE = new URL('../src/engines/local/learned/scoring-model.json', import.meta.url);
/** Values per field kept for training: the routes' best ones, and every right one. */
const MAX_ROWS_PER_FIELD = 30;

const log = (line: string) => process.stdout.write(`${line}\n`);
const { values } = parseArgs({
  options: {
    cache: { type: 'string' },
    samples: { type: 'string' },
    'no-loco': { type: 'boolean', default: false },
    only: { type: 'string' },
    corpora: { type: 'string' },
    drop: { type: 'string' },
    dump: { type: 'string' },
    rounds: { type: 'string' },
    depth: { type: 'string' },
    rate: { type: 'string' },
    'min-leaf': { type: 'string' },
    'corpus-weight': { type: 'string', default: 'sqrt' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  log(USAGE);
  process.exit(0);
}

const started = performance.now();
const config = loadConfig();
const limits = readLimits(config);
const cache = values.cache ? new DocumentCache(values.cache, limits) : undefined;
const dirs = [
  ...SHARED,
  ...readdirSync('eval/corpora')
    .map((name) => join('eval/corpora', name))
    .filter((dir) => existsSync(join(dir, 'cases.jsonl')))
    .sort(),
]
  .filter((dir) => existsSync(dir))
  .filter((dir) => !values.corpora || values.corpora.split(',').some((name) => dir.endsWith(`/${name}`)));
const corpora: Corpus[] = dirs.map((dir) => withMoreWordings(loadCorpus(dir), 'eval/wordings'));

// ── samples ──────────────────────────────────────────────────────────────────────────────────────
const engineHash = hashTree(['src/engines', 'src/fields', 'eval/train/dataset.ts']);
const adapters = await createAdapters(config, {
  withStore: false,
  logger: createLogger('warn', process.stderr),
});
// Recognitions remembered apart from the documents: a reader change then reads again without repeating the OCR.
const reading = {
  ...adapters,
  ...(cache && adapters.ocr ? { ocr: rememberingOcr(cache, adapters.ocr) } : {}),
  limits,
};
const all: CorpusSamples[] = [];
try {
  for (const corpus of corpora) {
    const t0 = performance.now();
    const stored = values.samples
      ? join(values.samples, `${corpus.name}-${engineHash}-${corpusHash(corpus)}.json`)
      : null;
    let samples: CorpusSamples;
    if (stored && existsSync(stored)) {
      samples = JSON.parse(readFileSync(stored, 'utf8')) as CorpusSamples;
    } else {
      samples = await corpusSamples(corpus, reading, { ...(cache ? { cache } : {}), log });
      if (stored) {
        mkdirSync(values.samples!, { recursive: true });
        writeFileSync(stored, JSON.stringify(samples));
      }
    }
    all.push(samples);
    log(
      `samples ${corpus.name}: ${samples.samples.length} fields, ${samples.samples.reduce((n, s) => n + s.rows.length, 0)} values (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
} finally {
  await adapters.close();
}
const extracted = performance.now();

// Features left out (--drop) are read as 0 everywhere: no split can use them.
const dropped = new Set((values.drop?.split(',') ?? []).map((name) => FEATURE_NAMES.indexOf(name as never)));
if (dropped.has(-1)) throw new Error(`--drop: unknown feature among ${values.drop}`);
if (dropped.size > 0) {
  for (const corpus of all)
    for (const sample of corpus.samples) for (const row of sample.rows) for (const f of dropped) row[f] = 0;
}

// ── training sets ────────────────────────────────────────────────────────────────────────────────
interface TrainingSet {
  rows: number[][];
  labels: number[];
  weights: number[];
  /** Each field's rows, its values' and then its "none" row: one softmax. */
  lists: [number, number][];
}

/**
 * The tuning halves of the given corpora, a list per field: its values (the routes' first ones and
 * every right one) and its "none" row. The right values share the label 1; a field that states
 * nothing labels its "none" row; a field whose right value no route found teaches nothing and is
 * left out. Each corpus weighs as the square root of its fields.
 */
function trainingSet(from: CorpusSamples[]): TrainingSet {
  const set: TrainingSet = { rows: [], labels: [], weights: [], lists: [] };
  const tunings = from
    .map((corpus) => corpus.samples.filter((s) => s.half === 'tuning'))
    .filter((tuning) => tuning.length > 0);
  // Every corpus the same: as much weight in all as the square roots give, so that the leaves'
  // penalty (lambda) weighs as much against it.
  const equal = tunings.reduce((s, t) => s + Math.sqrt(t.length), 0) / Math.max(1, tunings.length);
  for (const tuning of tunings) {
    const weight = values['corpus-weight'] === 'equal' ? equal / tuning.length : 1 / Math.sqrt(tuning.length);
    for (const sample of tuning) {
      const empty = isEmpty(sample.expected);
      const rights = sample.right.filter((r) => r === 1).length;
      if (!empty && rights === 0) continue;
      const start = set.rows.length;
      sample.rows.forEach((row, i) => {
        if (i >= MAX_ROWS_PER_FIELD && sample.right[i] !== 1) return;
        set.rows.push(row);
        set.labels.push(empty ? 0 : sample.right[i]! / rights);
        set.weights.push(weight);
      });
      set.rows.push(sample.none);
      set.labels.push(empty ? 1 : 0);
      set.weights.push(weight);
      set.lists.push([start, set.rows.length]);
    }
  }
  return set;
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

const options: BoostOptions = {
  ...DEFAULT_BOOST,
  ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
  ...(values.depth ? { depth: Number(values.depth) } : {}),
  ...(values.rate ? { learningRate: Number(values.rate) } : {}),
  ...(values['min-leaf'] ? { minLeaf: Number(values['min-leaf']) } : {}),
};
const fit = (from: CorpusSamples[]): Forest & { gains?: number[] } => {
  const set = trainingSet(from);
  return boost(set.rows, set.labels, options, set.weights, set.lists);
};

/** The same fit in a worker thread: folds of leave-one-corpus-out run side by side. */
const workers = Array.from(
  { length: Math.max(1, Math.min(availableParallelism(), 4)) },
  () => new Worker(new URL('./train/fit-worker.ts', import.meta.url)),
);
const idle = [...workers];
const waiting: ((w: Worker) => void)[] = [];
async function fitAside(from: CorpusSamples[]): Promise<Forest> {
  // The rows are made once a worker is free: all the folds' rows at once would not fit in memory.
  const worker = idle.pop() ?? (await new Promise<Worker>((resolve) => waiting.push(resolve)));
  try {
    const set = trainingSet(from);
    const width = FEATURE_NAMES.length;
    const flat = new Float64Array(set.rows.length * width);
    for (const [i, row] of set.rows.entries()) flat.set(row, i * width);
    const job: FitJob = { flat, width, labels: set.labels, weights: set.weights, lists: set.lists, options };
    const done = new Promise<Forest>((resolve, reject) => {
      const onMessage = (forest: Forest) => {
        worker.off('error', onError);
        resolve(forest);
      };
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(error);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
    worker.postMessage(job, [flat.buffer]);
    return await done;
  } finally {
    const next = waiting.shift();
    if (next) next(worker);
    else idle.push(worker);
  }
}

/** A field's softmax under a forest, as value-scorer.ts makes it. */
function predict(forest: Forest, sample: FieldSample): FieldProbabilities {
  return fieldSoftmax(
    sample.rows.map((row) => logOdds(forest, row)),
    logOdds(forest, sample.none),
  );
}

// ── leave one corpus out ─────────────────────────────────────────────────────────────────────────
const heldOut = new Map<string, FieldProbabilities[]>();
const only = values.only?.split(',');
if (!values['no-loco']) {
  const folds = all.filter((c) => !NEVER_TRAINED.has(c.corpus) && (!only || only.includes(c.corpus)));
  await Promise.all(
    folds.map(async (corpus) => {
      const t0 = performance.now();
      const out = new Set([corpus.corpus, ...(SAME_SOURCE[corpus.corpus] ?? [])]);
      const forest = await fitAside(all.filter((c) => !out.has(c.corpus) && !NEVER_TRAINED.has(c.corpus)));
      for (const name of out) {
        const target = all.find((c) => c.corpus === name);
        if (target)
          heldOut.set(
            name,
            target.samples.map((s) => predict(forest, s)),
          );
      }
      log(`left out ${[...out].join(' + ')}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }),
  );
}
await Promise.all(workers.map((w) => w.terminate()));

if (values.dump) writeFileSync(values.dump, JSON.stringify(Object.fromEntries(heldOut)));

// ── thresholds and confidence from the held-out probabilities ────────────────────────────────────
const pooled: { samples: FieldSample[]; p: FieldProbabilities[] } = { samples: [], p: [] };
for (const corpus of all) {
  const p = heldOut.get(corpus.corpus);
  if (!p) continue;
  pooled.samples.push(...corpus.samples);
  pooled.p.push(...p);
}
const finalSets = all.filter((c) => !NEVER_TRAINED.has(c.corpus));
const t0 = performance.now();
const forest = fit(finalSets);
const fitSeconds = (performance.now() - t0) / 1000;
let thresholds: Thresholds;
if (pooled.samples.length > 0) {
  thresholds = bestThresholds(pooled.samples, pooled.p);
} else {
  const samples = finalSets.flatMap((c) => c.samples.filter((s) => s.half === 'tuning'));
  thresholds = bestThresholds(
    samples,
    samples.map((s) => predict(forest, s)),
  );
}
const calibration = calibrationPoints(pooled.samples, pooled.p, thresholds);

// ── the figures ──────────────────────────────────────────────────────────────────────────────────
// Three figures a corpus: the routes' own choice; leave one corpus out (a model that never saw the
// corpus); and the shipped model, which saw its tuning half, on its checking half (the routes' rules
// were written from the same tuning halves: that column compares like with like).
log('\nfields the scorer decides (line items excluded), % right');
log(
  'corpus           | wording  | routes all / checking | held out all / checking | shipped checking | found',
);
const rowsOut: { hand: number; learned: number; shipped: number; handChecking: number }[] = [];
for (const corpus of all) {
  const p = heldOut.get(corpus.corpus);
  const shippedP = corpus.samples.map((s) => predict(forest, s));
  const wordings = [...new Set(corpus.samples.map((s) => s.wording))];
  const perWording = wordings.map((w) => {
    const idx = corpus.samples.map((s, i) => (s.wording === w ? i : -1)).filter((i) => i >= 0);
    const score = (half: string | null, by: (i: number) => number) => {
      const chosen = idx.filter((i) => half === null || corpus.samples[i]!.half === half);
      return chosen.length === 0 ? 0 : (100 * chosen.reduce((s, i) => s + by(i), 0)) / chosen.length;
    };
    const hand = (i: number) => corpus.samples[i]!.hand;
    const learned = (i: number) => (p ? learnedScore(corpus.samples[i]!, p[i]!, thresholds) : Number.NaN);
    const shipped = (i: number) => learnedScore(corpus.samples[i]!, shippedP[i]!, thresholds);
    const oracle = (i: number) => {
      const s = corpus.samples[i]!;
      return isEmpty(s.expected) || s.right.some((r) => r === 1) ? 1 : 0;
    };
    return {
      w,
      oracle: score(null, oracle),
      hand: [score(null, hand), score('checking', hand)],
      learned: [score(null, learned), score('checking', learned)],
      shipped: score('checking', shipped),
    };
  });
  const f = (x: number) => (Number.isNaN(x) ? '    -' : x.toFixed(1).padStart(5));
  for (const r of perWording) {
    log(
      `${corpus.corpus.padEnd(16)} | ${r.w.padEnd(8)} | ${r.hand.map(f).join(' / ')}         | ${r.learned.map(f).join(' / ')}           | ${f(r.shipped)}            | ${f(r.oracle)}`,
    );
  }
  const min = (by: (r: (typeof perWording)[number]) => number) => Math.min(...perWording.map(by));
  log(
    `${corpus.corpus.padEnd(16)} | min      |       / ${f(min((r) => r.hand[1]!))}         |       / ${f(min((r) => r.learned[1]!))}           | ${f(min((r) => r.shipped))}            |`,
  );
  const def = perWording.find((r) => r.w === 'default') ?? perWording[0]!;
  if (p)
    rowsOut.push({
      hand: def.hand[0]!,
      learned: def.learned[0]!,
      shipped: def.shipped,
      handChecking: def.hand[1]!,
    });
}
if (rowsOut.length > 0) {
  const mean = (k: keyof (typeof rowsOut)[number]) => rowsOut.reduce((s, r) => s + r[k], 0) / rowsOut.length;
  log(
    `mean over the corpora held out (default wording): all cases routes ${mean('hand').toFixed(1)}, held out ${mean('learned').toFixed(1)}; checking halves routes ${mean('handChecking').toFixed(1)}, shipped ${mean('shipped').toFixed(1)}`,
  );
}
log(`thresholds: answer at ${thresholds.answerAt}, members at ${thresholds.memberAt}`);
log('confidence (held out): probability from → share right');
for (const [p, right] of calibration) log(`  ${p.toFixed(2)} → ${(100 * right).toFixed(1)}%`);
if (pooled.samples.length > 0) {
  // The confidence a user reads, as stated, against how often such answers were right on corpora
  // the model did not train on (each corpus's own fold).
  log('stated confidence (held out) → answers, share right');
  const bins = [0.9, 0.8, 0.7, 0.5, 0];
  const tally = bins.map(() => ({ n: 0, right: 0 }));
  pooled.samples.forEach((sample, i) => {
    const f = pooled.p[i]!;
    if (sample.kind !== 'one' || f.p.length === 0) return;
    let best = 0;
    for (let k = 1; k < f.p.length; k++) if (f.p[k]! > f.p[best]!) best = k;
    if (f.p[best]! <= f.none || f.p[best]! < thresholds.answerAt) return;
    const stated = calibrated(calibration, f.p[best]!);
    const bin = tally[bins.findIndex((b) => stated >= b)]!;
    bin.n++;
    bin.right += sample.right[best]!;
  });
  bins.forEach((b, i) => {
    const t = tally[i]!;
    const upper = i === 0 ? 1 : bins[i - 1]!;
    if (t.n > 0)
      log(
        `  ${b.toFixed(1)}–${upper.toFixed(1)}: ${t.n} answers, ${((100 * t.right) / t.n).toFixed(1)}% right`,
      );
  });
}

const trainSet = trainingSet(finalSets);
const ranked = importance(forest, FEATURE_NAMES);
log('\nfeatures by importance (share of the loss their splits removed):');
for (const { name, share } of ranked.filter((r) => r.share > 0.002))
  log(`  ${name.padEnd(22)} ${(100 * share).toFixed(1)}%`);

const model: ScoringModel & { made: unknown } = {
  features: [...FEATURE_NAMES],
  forest: rounded(forest),
  answerAt: thresholds.answerAt,
  memberAt: thresholds.memberAt,
  calibration,
  made: {
    command: 'npm run train',
    options,
    rows: trainSet.rows.length,
    corpora: Object.fromEntries(
      corpora.map((c) => [
        c.name,
        { hash: corpusHash(c), trained: !NEVER_TRAINED.has(c.name) ? 'tuning half' : 'no' },
      ]),
    ),
    engine: engineHash,
  },
};
if (!values['dry-run']) {
  writeFileSync(MODEL_FILE, `${JSON.stringify(model)}\n`);
  log(`\nwrote ${resolve(MODEL_FILE.pathname)} (${(JSON.stringify(model).length / 1024).toFixed(0)} KiB)`);
}
log(
  `time: samples ${((extracted - started) / 1000).toFixed(0)} s, final fit ${fitSeconds.toFixed(0)} s, in all ${((performance.now() - started) / 1000).toFixed(0)} s`,
);

// ── helpers ────────────────────────────────────────────────────────────────────────────────────────
function rounded(f: Forest): Forest {
  return {
    base: round(f.base),
    trees: f.trees.map((t) => ({ ...t, threshold: t.threshold.map(round), value: t.value.map(round) })),
  };
}

function round(x: number): number {
  return Number(x.toPrecision(7));
}

/** Isotonic (pool adjacent violators) over the answered fields' probabilities: points (probability, share right). */
function calibrationPoints(
  samples: FieldSample[],
  p: FieldProbabilities[],
  t: Thresholds,
): [number, number][] {
  const answered: { p: number; right: number }[] = [];
  samples.forEach((s, i) => {
    if (s.kind !== 'one' || s.rows.length === 0) return;
    const { p: probabilities, none } = p[i]!;
    let best = 0;
    for (let k = 1; k < probabilities.length; k++) if (probabilities[k]! > probabilities[best]!) best = k;
    if (probabilities[best]! <= none || probabilities[best]! < t.answerAt) return;
    answered.push({ p: probabilities[best]!, right: s.right[best]! });
  });
  if (answered.length === 0) return [];
  answered.sort((a, b) => a.p - b.p);
  const blocks: { sum: number; n: number; lo: number; hi: number }[] = [];
  for (const a of answered) {
    blocks.push({ sum: a.right, n: 1, lo: a.p, hi: a.p });
    while (
      blocks.length > 1 &&
      blocks.at(-2)!.sum / blocks.at(-2)!.n >= blocks.at(-1)!.sum / blocks.at(-1)!.n
    ) {
      const last = blocks.pop()!;
      const prev = blocks.at(-1)!;
      prev.sum += last.sum;
      prev.n += last.n;
      prev.hi = last.hi;
    }
  }
  // Blocks of a few answers say little: merged until each holds 25 at least.
  const merged: typeof blocks = [];
  for (const b of blocks) {
    const prev = merged.at(-1);
    if (prev && prev.n < 25) {
      prev.sum += b.sum;
      prev.n += b.n;
      prev.hi = b.hi;
    } else merged.push({ ...b });
  }
  return merged.map((b) => [round((b.lo + b.hi) / 2), round(b.sum / b.n)] as [number, number]);
}

function corpusHash(corpus: Corpus): string {
  const hash = createHash('sha256');
  for (const file of ['cases.jsonl', 'config.yaml']) hash.update(readFileSync(join(corpus.dir, file)));
  for (const w of corpus.wordings) hash.update(`${w.name}:${JSON.stringify(w.fields)}`);
  return hash.digest('hex').slice(0, 16);
}

function hashTree(paths: string[]): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (path.endsWith('.ts') || path.endsWith('.json')) {
      if (path.endsWith('scoring-model.json')) return;
      hash.update(path);
      hash.update(readFileSync(path));
      return;
    }
    try {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    } catch {
      // a file of another kind
    }
  };
  for (const p of paths) visit(p);
  return hash.digest('hex').slice(0, 16);
}
