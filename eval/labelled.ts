/**
 * Scores a labelled corpus under every wording and on each half, with the rules of score.ts. Errors
 * are only ever shown for the tuning half: the checking half stays unseen, so that its figure says
 * how the engine does on documents nobody tuned it on.
 */
import {
  canWeigh,
  type Evidence,
  type EvidenceTree,
  type ExtractionEngine,
  type TokenCounts,
} from '../src/engines/engine.ts';
import { pageDrawer } from '../src/extraction/extract-document.ts';
import type { Case, Corpus, Half, Wording } from './corpus.ts';
import type { DocumentCache } from './document-cache.ts';
import { type ReadingDeps, readCases } from './read-cases.ts';
import { runWordings, type WordingRun } from './run-wordings.ts';
import { scoreField } from './score.ts';

export interface Tally {
  scored: number;
  right: number;
  /** Fields with an expected value that got no answer: tells a miss from a wrong pick, as a figure. */
  unanswered: number;
}

/** Lower bounds of the confidence bins; the last bin ends at 1 included. */
export const BINS = [0, 0.3, 0.5, 0.7, 0.8, 0.9];
/** Answers at least this sure are the ones a user would take without looking. */
export const SURE = 0.9;

export interface WordingFigures {
  name: string;
  /** The wording's own field names, by config.yaml's order. */
  fieldNames: string[];
  /** By config.yaml's field order. */
  fields: Record<Half, Tally>[];
  /** Answered scalar fields by confidence bin, both halves. */
  bins: Tally[];
  sureChecking: Tally;
  engineFailures: number;
  /** Scored fields by the engine whose answer was kept (llm and hybrid tag their evidence; local none). */
  answeredBy: { local: Tally; model: Tally };
  /** The model's tokens over the run (llm, hybrid). */
  tokens: TokenCounts;
}

export interface LabelledFigures {
  corpus: string;
  configNames: string[];
  cases: Record<Half, number>;
  wordings: WordingFigures[];
  reading: { read: number; readMs: number; cached: number; cacheMs: number; failures: Map<string, number> };
  engine: { runs: number; ms: number; pages: number };
}

export const tally = (): Tally => ({ scored: 0, right: 0, unanswered: 0 });

export const accuracy = (t: Tally): number | undefined => (t.scored === 0 ? undefined : t.right / t.scored);

export function sum(tallies: Tally[]): Tally {
  return tallies.reduce(
    (s, t) => ({
      scored: s.scored + t.scored,
      right: s.right + t.right,
      unanswered: s.unanswered + t.unanswered,
    }),
    tally(),
  );
}

export async function evalLabelled(
  corpus: Corpus,
  cases: Case[],
  wordings: Wording[],
  deps: ReadingDeps & { engine: ExtractionEngine },
  options: { errors?: boolean; cache?: DocumentCache; log: (line: string) => void },
): Promise<LabelledFigures> {
  const configNames = corpus.wordings[0]!.fields.map((f) => f.name);
  const figures: LabelledFigures = {
    corpus: corpus.name,
    configNames,
    cases: {
      tuning: cases.filter((c) => c.half === 'tuning').length,
      checking: cases.filter((c) => c.half === 'checking').length,
    },
    wordings: wordings.map((w) => ({
      name: w.name,
      fieldNames: w.fields.map((f) => f.name),
      fields: configNames.map(() => ({ tuning: tally(), checking: tally() })),
      bins: BINS.map(tally),
      sureChecking: tally(),
      engineFailures: 0,
      answeredBy: { local: tally(), model: tally() },
      tokens: { inputTokens: 0, outputTokens: 0 },
    })),
    reading: { read: 0, readMs: 0, cached: 0, cacheMs: 0, failures: new Map() },
    engine: { runs: 0, ms: 0, pages: 0 },
  };
  const reading = figures.reading;
  const secondReadings = canWeigh(deps.engine);
  for await (const read of readCases(corpus, cases, deps, { ...options, secondReadings })) {
    if (read.failure !== undefined) {
      reading.failures.set(read.failure, (reading.failures.get(read.failure) ?? 0) + 1);
    } else if (read.fromCache) {
      reading.cached++;
      reading.cacheMs += read.ms;
    } else {
      reading.read++;
      reading.readMs += read.ms;
    }
    // An unreadable document still counts: its fields are scored against no answer, as a user gets.
    const runs: WordingRun[] = read.document
      ? await runWordings(
          read.document,
          wordings,
          corpus.wordings[0]!.fields,
          deps,
          pageDrawer(read.bytes, read.document.meta.format, deps.limits),
          read.readAgain,
        )
      : wordings.map((wording) => ({ wording, data: {}, evidence: {}, engineMs: 0, failure: read.failure }));
    runs.forEach((run, w) => {
      const into = figures.wordings[w]!;
      if (read.document && run.failure === undefined) {
        figures.engine.runs++;
        figures.engine.ms += run.engineMs;
        figures.engine.pages += read.document.pages.length;
      } else if (read.document) {
        into.engineFailures++;
      }
      if (run.usage) {
        into.tokens.inputTokens += run.usage.inputTokens;
        into.tokens.outputTokens += run.usage.outputTokens;
      }
      scoreRun(into, read.case, run, configNames, options);
    });
  }
  return figures;
}

function scoreRun(
  into: WordingFigures,
  c: Case,
  run: Omit<WordingRun, 'engineMs'>,
  configNames: string[],
  options: { errors?: boolean; log: (line: string) => void },
): void {
  for (const [field, expected] of Object.entries(c.expected)) {
    const i = configNames.indexOf(field);
    const answer = run.data[field];
    const score = scoreField(expected, answer);
    const target = into.fields[i]![c.half];
    target.scored++;
    target.right += score;
    if (!isEmpty(expected) && isEmpty(answer)) target.unanswered++;
    const by = answeringEngine(run.evidence[field]);
    if (by) {
      const answered = into.answeredBy[by === 'llm' ? 'model' : 'local'];
      answered.scored++;
      answered.right += score;
    }
    const confidence = answeredConfidence(answer, run.evidence[field]);
    if (confidence !== undefined) {
      const bin = into.bins[BINS.findLastIndex((lower) => confidence >= lower)];
      if (bin) {
        bin.scored++;
        bin.right += score;
      }
      if (confidence >= SURE && c.half === 'checking') {
        into.sureChecking.scored++;
        into.sureChecking.right += score;
      }
    }
    if (options.errors && score < 1 && c.half === 'tuning') {
      const name = field === into.fieldNames[i] ? field : `${field} (${into.fieldNames[i]})`;
      options.log(
        `  ✗ [${run.wording.name}] ${c.file} ${name}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(answer ?? null)}${describeEvidence(run.evidence[field], run.failure)}`,
      );
    }
  }
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The engine a field's evidence names (its first leaf's): hybrid keeps one engine's answer per field. */
function answeringEngine(tree: EvidenceTree | undefined): Evidence['engine'] {
  if (tree === undefined) return undefined;
  if (typeof (tree as Evidence).confidence === 'number') return (tree as Evidence).engine;
  const branches = Array.isArray(tree) ? tree : Object.values(tree);
  for (const branch of branches) {
    const engine = answeringEngine(branch);
    if (engine) return engine;
  }
  return undefined;
}

/** The confidence of a scalar answer that was given; array answers have one per item, left out. */
function answeredConfidence(answer: unknown, evidence: EvidenceTree | undefined): number | undefined {
  if (answer === null || answer === undefined || Array.isArray(answer)) return undefined;
  const confidence = (evidence as Evidence | undefined)?.confidence;
  return typeof confidence === 'number' ? confidence : undefined;
}

function describeEvidence(evidence: EvidenceTree | undefined, failure: string | undefined): string {
  if (failure !== undefined) return ` — failed: ${failure}`;
  const items = (Array.isArray(evidence) ? evidence : evidence ? [evidence] : []) as Evidence[];
  const parts = items.map((e) =>
    typeof e?.confidence === 'number'
      ? `${e.confidence.toFixed(2)} ${e.source ?? 'no source'}${e.note ? ` (${e.note})` : ''}`
      : 'no evidence',
  );
  return parts.length === 0 ? '' : ` — ${parts.join('; ')}`;
}
