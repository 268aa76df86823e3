/**
 * npm run fit-hybrid [-- --cache DIR]: the hybrid engine's threshold (HYBRID_THRESHOLD) from the shared
 * corpora. The local engine runs on every case under config.yaml and every wording; a field whose
 * answer's confidence (its weakest leaf's, as hybrid-engine.ts reads it) is below a threshold would be
 * sent to the model, the rest kept local. For each candidate threshold, on the TUNING half: the share
 * of fields sent, and the share right of the local answers kept and of those sent. The rule: the
 * lowest threshold at which the answers kept local are right at least 90% of the time, pooled over
 * the corpora and wordings (a user who takes what hybrid keeps local without looking should be right
 * nine times in ten; every field below it costs a model call). The checking half is reported at the
 * chosen threshold only, never used to choose it.
 */
import { parseArgs } from 'node:util';
import { treeConfidence } from '../src/engines/llm/evidence-tree.ts';
import { LocalEngine } from '../src/engines/local/local-engine.ts';
import { type Half, loadCorpus } from './corpus.ts';
import { offlineReading } from './offline-reading.ts';
import { readCases } from './read-cases.ts';
import { runWordings } from './run-wordings.ts';
import { scoreField } from './score.ts';

/** Kept-local answers must be right this often. */
const TARGET = 0.9;
const CANDIDATES = Array.from({ length: 21 }, (_, i) => i / 20);

interface Answer {
  corpus: string;
  half: Half;
  confidence: number;
  score: number;
}

const { values, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: { cache: { type: 'string' } },
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const { deps, cache, close } = await offlineReading(new LocalEngine(), values.cache);
const answers: Answer[] = [];
try {
  for (const dir of dirs) {
    const corpus = loadCorpus(dir);
    for await (const read of readCases(corpus, corpus.cases, deps, { log, ...(cache ? { cache } : {}) })) {
      const runs = read.document
        ? await runWordings(read.document, corpus.wordings, corpus.wordings[0]!.fields, deps)
        : [];
      for (const { data, evidence } of runs) {
        for (const [field, expected] of Object.entries(read.case.expected)) {
          answers.push({
            corpus: corpus.name,
            half: read.case.half,
            confidence: treeConfidence(evidence[field]),
            score: scoreField(expected, data[field]),
          });
        }
      }
    }
  }
} finally {
  await close();
}

interface Row {
  threshold: number;
  n: number;
  sent: number;
  keptRight: number | undefined;
  sentRight: number | undefined;
}

function row(threshold: number, list: Answer[]): Row {
  const kept = list.filter((a) => a.confidence >= threshold);
  const sent = list.filter((a) => a.confidence < threshold);
  const right = (l: Answer[]) => (l.length === 0 ? undefined : l.reduce((s, a) => s + a.score, 0) / l.length);
  return {
    threshold,
    n: list.length,
    sent: sent.length / Math.max(1, list.length),
    keptRight: right(kept),
    sentRight: right(sent),
  };
}

const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`).padStart(8);
const corpora = [...new Set(answers.map((a) => a.corpus))];
const groups: [string, (a: Answer) => boolean][] = [
  ['pooled', () => true],
  ...corpora.map((c): [string, (a: Answer) => boolean] => [c, (a) => a.corpus === c]),
];
const print = (r: Row) =>
  `${r.threshold.toFixed(2).padStart(9)} ${pct(r.sent)} ${pct(r.keptRight)} ${pct(r.sentRight)}`;

const tuning = answers.filter((a) => a.half === 'tuning');
log('\ntuning half: fields answered by the local engine (every wording), by threshold');
log(`  ${groups.map(([name]) => name.padEnd(36)).join('')}`);
log(`  ${groups.map(() => 'threshold    sent    kept    sent'.padEnd(36)).join('')}`);
log(`  ${groups.map(() => '                    right   right'.padEnd(36)).join('')}`);
for (const t of CANDIDATES) {
  log(`  ${groups.map(([, keep]) => print(row(t, tuning.filter(keep))).padEnd(36)).join('')}`);
}

const chosen = CANDIDATES.find((t) => (row(t, tuning).keptRight ?? 0) >= TARGET);
if (chosen === undefined) {
  log(`\nno threshold keeps local answers right ${TARGET * 100}% of the time on the tuning half`);
  process.exitCode = 1;
} else {
  log(
    `\nchosen: HYBRID_THRESHOLD=${chosen} (the lowest at which kept-local answers are right ≥ ${TARGET * 100}% on the tuning half, pooled)`,
  );
  log('checking half at that threshold (figures only):');
  log(`  ${'threshold    sent    kept    sent'.padStart(43)}`);
  for (const [name, keep] of groups) {
    log(
      `  ${name.padEnd(14)}${print(
        row(
          chosen,
          answers.filter((a) => a.half === 'checking' && keep(a)),
        ),
      )}`,
    );
  }
  log(`RESULT hybrid-threshold ${chosen}`);
}
