/**
 * npm run eval:llm -- DIR [DIR…] [--limit N] [--half H] [--cache DIR] [--provider openai|anthropic]
 *                      [--threshold X] [--ocr-threshold X] (HYBRID_THRESHOLD, HYBRID_OCR_THRESHOLD)
 *                      [--models oracle,inventing,misleading]
 * The engines side by side against three fake models (fake-answers.ts): an oracle that answers the
 * corpus's expected values, a liar that invents values, and a liar that answers wrong values the
 * document prints. Local, llm and hybrid are scored with the eval's rules (default wording, fields
 * exactly right); the table says whether the model helps with a good model and harms with a bad
 * one. Each fake is an OpenAI- or Anthropic-speaking server on 127.0.0.1, called as a real one is.
 */
import { parseArgs } from 'node:util';
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ExtractionEngine } from '../src/engines/engine.ts';
import { createModelEngines } from '../src/engines/llm/create-engines.ts';
import { type Corpus, type Half, loadCorpus, selectCases, selectWordings } from './corpus.ts';
import { DocumentCache } from './document-cache.ts';
import { ExpectedAnswerModel } from './expected-answer-model.ts';
import { ANSWER_RULES, FAKE_MODELS, type FakeModel } from './fake-answers.ts';
import { accuracy, evalLabelled, type LabelledFigures, sum, type Tally } from './labelled.ts';

const USAGE = `usage: npm run eval:llm -- DIR [DIR…] [--limit N] [--half tuning|checking|all] [--cache DIR]
         [--provider openai|anthropic] [--threshold X] [--ocr-threshold X] [--models oracle,inventing,misleading]`;
const log = (line: string) => process.stdout.write(`${line}\n`);
const quiet = () => {};

const { values, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: 'string' },
    half: { type: 'string', default: 'all' },
    cache: { type: 'string' },
    provider: { type: 'string', default: 'openai' },
    threshold: { type: 'string' },
    'ocr-threshold': { type: 'string' },
    models: { type: 'string', default: FAKE_MODELS.join(',') },
  },
});
if (dirs.length === 0 || !['openai', 'anthropic'].includes(values.provider)) {
  log(USAGE);
  process.exit(2);
}

const models = values.models
  .split(',')
  .filter((m): m is FakeModel => (FAKE_MODELS as readonly string[]).includes(m));
const config = loadConfig();
const limits = readLimits(config);
const cache = values.cache === undefined ? undefined : new DocumentCache(values.cache, limits);
const limit = values.limit === undefined ? undefined : Number(values.limit);
const adapters = await createAdapters(config, { withStore: false });
const local = adapters.engines.local ?? adapters.engine;

interface Row {
  engine: string;
  model: FakeModel | '-';
  figures: LabelledFigures;
  /** Fields the engine asked the model, of all the documents' fields. */
  asked?: number;
}

try {
  for (const dir of dirs) {
    const corpus = loadCorpus(dir);
    const cases = selectCases(corpus, values.half as Half | 'all', limit);
    const rows: Row[] = [{ engine: 'local', model: '-', figures: await score(corpus, cases, local) }];
    for (const name of models) {
      const model = await ExpectedAnswerModel.start(
        [{ corpus, cases }],
        { ...adapters, limits },
        { ...(cache ? { cache } : {}), log: quiet, rule: ANSWER_RULES[name] },
      );
      try {
        const engines = createModelEngines(
          {
            provider: values.provider as 'openai' | 'anthropic',
            baseUrl: model.baseUrl,
            model: `fake-${name}`,
            timeoutMs: config.LLM_TIMEOUT_MS,
            maxConcurrency: config.LLM_MAX_CONCURRENCY,
            contextTokens: config.LLM_CONTEXT_TOKENS,
            vision: false,
            hybridThreshold:
              values.threshold === undefined ? config.HYBRID_THRESHOLD : Number(values.threshold),
            hybridOcrThreshold:
              values['ocr-threshold'] === undefined
                ? config.HYBRID_OCR_THRESHOLD
                : Number(values['ocr-threshold']),
          },
          local,
        );
        rows.push({ engine: 'llm', model: name, figures: await score(corpus, cases, engines.llm) });
        const before = model.tally.fieldsAsked;
        const figures = await score(corpus, cases, engines.hybrid);
        rows.push({ engine: 'hybrid', model: name, figures, asked: model.tally.fieldsAsked - before });
      } finally {
        await model.close();
      }
    }
    printTable(corpus.name, cases.length, rows, cases.length * corpus.wordings[0]!.fields.length);
  }
} finally {
  await adapters.close();
}

async function score(corpus: Corpus, cases: ReturnType<typeof selectCases>, engine: ExtractionEngine) {
  return evalLabelled(
    corpus,
    cases,
    selectWordings(corpus, 'default'),
    { ...adapters, limits, engine },
    { log: quiet, ...(cache ? { cache } : {}) },
  );
}

function allFields(figures: LabelledFigures): Tally {
  const w = figures.wordings[0]!;
  return sum(w.fields.flatMap((f) => [f.tuning, f.checking]));
}

function pct(t: Tally): string {
  const x = accuracy(t);
  return x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`;
}

function printTable(corpus: string, count: number, rows: Row[], fields: number): void {
  const localRow = rows[0]!;
  const cell = (engine: string, model: FakeModel) => {
    const row = engine === 'local' ? localRow : rows.find((r) => r.engine === engine && r.model === model)!;
    return pct(allFields(row.figures));
  };
  log(`\n${corpus}: ${count} documents, fields exactly right (default wording)`);
  log(
    '| engine | oracle model (answers the truth) | model inventing values | model answering wrong values that are printed |',
  );
  log('|---|---|---|---|');
  for (const engine of ['local', 'llm', 'hybrid'])
    log(
      `| ${engine} | ${FAKE_MODELS.map((m) => (models.includes(m) ? cell(engine, m) : '-')).join(' | ')} |`,
    );
  log(
    "\nhybrid in detail: fields asked of the model, fields whose kept answer is the model's (right of them), tokens in/out, model failures",
  );
  for (const row of rows.filter((r) => r.engine === 'hybrid')) {
    const w = row.figures.wordings[0]!;
    log(
      `  ${row.model.padEnd(11)} asked ${row.asked ?? 0} of ${fields}; model's ${w.answeredBy.model.scored} (${w.answeredBy.model.right} right), local's ${w.answeredBy.local.scored} (${w.answeredBy.local.right} right); tokens ${w.tokens.inputTokens}/${w.tokens.outputTokens}; failures ${w.engineFailures}`,
    );
  }
}
