/**
 * npm run eval -- DIR [DIR…] [options]; see USAGE. A folder with cases.jsonl is scored with the corpus
 * rules under config.yaml and every wording, per half; the office folder measures the readers.
 * A folder that is absent is skipped with a message (CI may run without the corpora).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAdapters, readLimits } from '../src/app.ts';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import {
  type Corpus,
  type Half,
  loadCorpus,
  selectCases,
  selectWordings,
  type Wording,
  withMoreWordings,
} from './corpus.ts';
import { DocumentCache, rememberingOcr } from './document-cache.ts';
import { type EvalEngine, evalEngine } from './eval-engine.ts';
import { evalLabelled } from './labelled.ts';
import { ocrRecall } from './ocr-recall.ts';
import { officeEval } from './office.ts';
import { printLabelled } from './print-labelled.ts';

const USAGE = `usage: npm run eval -- DIR [DIR…] [--errors] [--wording NAME] [--half tuning|checking|all]
         [--limit N] [--cache DIR] [--engine local|llm|hybrid] [--ocr-recall] [--wordings DIR]
  --errors        every wrong field of the TUNING half (never the checking half: it is for figures only)
  --wording NAME  only this wording: default (config.yaml), 1, 2, … (wordings/NAME.yaml), +NAME (--wordings)
  --wordings DIR  also the wordings DIR/<corpus name>/*.yaml, named +<file> (eval/wordings holds ours)
  --half H        only the cases of this half (halves are fixed on the whole corpus, sorted by file name)
  --limit N       the first N of the selected cases, in file-name order
  --cache DIR     keep read documents in DIR (outside the repository) and reuse them while the readers
                  are unchanged
  --engine E      local (default); llm or hybrid with the model of LLM_BASE_URL, LLM_MODEL, LLM_PROVIDER,
                  LLM_API_KEY … read as the server reads them`;

const log = (line: string) => process.stdout.write(`${line}\n`);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    errors: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'local' },
    limit: { type: 'string' },
    wording: { type: 'string' },
    half: { type: 'string', default: 'all' },
    wordings: { type: 'string' },
    cache: { type: 'string' },
    'ocr-recall': { type: 'boolean', default: false },
  },
});

const half = values.half as Half | 'all';
const limit = values.limit === undefined ? undefined : Number(values.limit);
let cache: DocumentCache | undefined;
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  log(error.message);
  process.exit(2);
}
const limits = readLimits(config);
const engine: EvalEngine = evalEngine(config, values.engine);
const cacheProblem = (dir: string) => {
  try {
    cache = new DocumentCache(dir, limits);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};
const problem =
  positionals.length === 0
    ? 'no folder given'
    : !['tuning', 'checking', 'all'].includes(half)
      ? `--half ${values.half}: use tuning, checking or all`
      : limit !== undefined && !(Number.isInteger(limit) && limit > 0)
        ? `--limit ${values.limit}: a positive whole number`
        : values.cache === undefined
          ? undefined
          : cacheProblem(values.cache);

if (problem) {
  log(`${problem}\n${USAGE}`);
  process.exitCode = 2;
} else if (engine.problem !== undefined) {
  log(engine.problem);
  process.exitCode = 2;
} else {
  // Warnings only (a model that failed, hybrid keeping the local answers): never a document's content.
  const logger = createLogger('warn', process.stderr);
  const adapters = await createAdapters(config, {
    withStore: false,
    logger,
    llm: engine.llm,
    defaultEngine: engine.name,
  });
  log(`engine: ${engine.name}${engine.llm ? ` (${engine.llm.provider} ${engine.llm.model})` : ''}`);
  if (cache) log(`cache: ${cache.dir}`);
  if (values.errors && half === 'checking') log('--errors: errors are shown for the tuning half only');
  try {
    for (const dir of positionals) {
      if (!existsSync(dir)) {
        log(`\n${dir}: absent, skipped`);
      } else if (existsSync(join(dir, 'cases.jsonl'))) {
        let corpus: Corpus;
        let wordings: Wording[];
        try {
          corpus = loadCorpus(dir);
          if (values.wordings) corpus = withMoreWordings(corpus, values.wordings);
          wordings = selectWordings(corpus, values.wording);
        } catch (error) {
          log(`\n${dir}: ${(error as Error).message}; skipped`);
          process.exitCode = 2;
          continue;
        }
        const figures = await evalLabelled(
          corpus,
          selectCases(corpus, half, limit),
          wordings,
          {
            ...adapters,
            ...(cache && adapters.ocr ? { ocr: rememberingOcr(cache, adapters.ocr) } : {}),
            limits,
          },
          { errors: values.errors, log, ...(cache ? { cache } : {}) },
        );
        printLabelled(figures, log);
        if (values['ocr-recall']) await ocrRecall(dir, limit ? { limit } : {});
      } else if (
        existsSync(join(dir, 'docx')) ||
        existsSync(join(dir, 'xlsx')) ||
        existsSync(join(dir, 'csv'))
      ) {
        await officeEval(dir);
      } else {
        log(`\n${dir}: neither a labelled corpus (cases.jsonl) nor the office fixtures; skipped`);
      }
    }
  } finally {
    await adapters.close();
  }
}
