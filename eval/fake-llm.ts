/**
 * npm run eval:fake-llm -- DIR [DIR…] [--engine llm|hybrid] [--provider openai|anthropic] [--cache DIR]
 *                          [--limit N] [--half H] [--wording NAME] [--errors] [--serve PORT]
 * Starts the expected-answer model (eval/expected-answer-model.ts) on the selected cases, then runs
 * `npm run eval` as a child process with LLM_BASE_URL pointing at it, exactly as a user would with a
 * real model, and prints what the fake saw. Without --cache, the documents the fake read are kept in a
 * temporary cache for the eval's run (so receipts are not OCR'd twice) and deleted at the end.
 * --serve PORT only serves (no eval): point a server's LLM_BASE_URL at it to try the API by hand.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Half, loadCorpus, selectCases } from './corpus.ts';
import { DocumentCache } from './document-cache.ts';
import { ExpectedAnswerModel, type Shown } from './expected-answer-model.ts';
import { accuracy, sum, type Tally } from './labelled.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);
const { values, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    engine: { type: 'string', default: 'llm' },
    provider: { type: 'string', default: 'openai' },
    cache: { type: 'string' },
    limit: { type: 'string' },
    half: { type: 'string', default: 'all' },
    wording: { type: 'string' },
    errors: { type: 'boolean', default: false },
    serve: { type: 'string' },
  },
});

const problem =
  dirs.length === 0
    ? 'no folder given'
    : !['llm', 'hybrid'].includes(values.engine)
      ? `--engine ${values.engine}: use llm or hybrid`
      : !['openai', 'anthropic'].includes(values.provider)
        ? `--provider ${values.provider}: use openai or anthropic`
        : undefined;
if (problem) {
  log(`${problem}\nusage: npm run eval:fake-llm -- DIR [DIR…] [--engine llm|hybrid] [--provider openai|anthropic]
       [--cache DIR] [--limit N] [--half tuning|checking|all] [--wording NAME] [--errors] [--serve PORT]`);
  process.exit(2);
}

const config = loadConfig();
const limits = readLimits(config);
const temporary = values.cache === undefined ? mkdtempSync(join(tmpdir(), 'docjson-fake-llm-')) : undefined;
const cacheDir = values.cache ?? temporary!;
const cache = new DocumentCache(cacheDir, limits);
const limit = values.limit === undefined ? undefined : Number(values.limit);

const adapters = await createAdapters(config, { withStore: false });
let model: ExpectedAnswerModel;
try {
  const corpora = dirs.map((dir) => {
    const corpus = loadCorpus(dir);
    return { corpus, cases: selectCases(corpus, values.half as Half | 'all', limit) };
  });
  model = await ExpectedAnswerModel.start(
    corpora,
    { ...adapters, limits },
    { cache, log, port: Number(values.serve ?? 0) },
  );
} finally {
  // The reading is done: the eval's own process reads again (from the cache) with its own workers.
  await adapters.close();
}
log(`expected-answer model: ${model.cases} cases, ${model.baseUrl} (${values.provider})`);

if (values.serve !== undefined) {
  log('serving until interrupted (Ctrl-C)');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
} else {
  const passed = [
    ...(values.limit ? ['--limit', values.limit] : []),
    ...(values.wording ? ['--wording', values.wording] : []),
    ...(values.errors ? ['--errors'] : []),
    '--half',
    values.half,
  ];
  const run = fileURLToPath(new URL('run.ts', import.meta.url));
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [run, ...dirs, '--engine', values.engine, '--cache', cacheDir, ...passed],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          LLM_BASE_URL: model.baseUrl,
          LLM_MODEL: 'expected-answers',
          LLM_PROVIDER: values.provider,
        },
      },
    );
    child.on('exit', (status) => resolve(status ?? 1));
  });
  printShown(model.shown);
  const t = model.tally;
  log(
    `\nexpected-answer model: ${t.requests} requests, ${t.images} page pictures; ${t.unmatched} prompts matched no case, ${t.unknownFields} named fields no wording lists (answered with nulls)`,
  );
  process.exitCode = code !== 0 ? code : t.unmatched + t.unknownFields > 0 ? 1 : 0;
}
await model.close();
if (temporary) rmSync(temporary, { recursive: true, force: true });

/** The ceiling beside the eval's own per-field figures: equal figures mean every miss is the text's. */
function printShown(shown: Shown): void {
  const pct = (t: Tally) => {
    const x = accuracy(t);
    return (x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`).padStart(9);
  };
  const row = (label: string, list: Record<Half, Tally>[]) => {
    const tuning = sum(list.map((t) => t.tuning));
    const checking = sum(list.map((t) => t.checking));
    log(`    ${label.padEnd(24)}${pct(tuning)}${pct(checking)}${pct(sum([tuning, checking]))}`);
  };
  for (const [corpus, { fields, tallies }] of shown) {
    log(
      `\n${corpus}: expected values the text as read shows (the ceiling of a perfect model, shown-in-text.ts)`,
    );
    log(`    ${''.padEnd(24)}${['tuning', 'checking', 'all'].map((c) => c.padStart(9)).join('')}`);
    for (const [i, name] of fields.entries()) row(name, [tallies[i]!]);
    row('ALL', tallies);
  }
}
