/**
 * npm run eval -- DIR [DIR…] [--errors] [--engine NAME] [--limit N] [--ocr-recall]
 * A folder with cases.jsonl is scored with the corpus rules; the office folder measures the readers.
 * A folder that is absent is skipped with a message (CI may run without the corpora).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { evalLabelled, printLabelled } from './labelled.ts';
import { ocrRecall } from './ocr-recall.ts';
import { officeEval } from './office.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    errors: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'local' },
    limit: { type: 'string' },
    'ocr-recall': { type: 'boolean', default: false },
  },
});

if (positionals.length === 0) {
  log('usage: npm run eval -- DIR [DIR…] [--errors] [--engine NAME] [--limit N] [--ocr-recall]');
  process.exitCode = 2;
} else {
  const config = loadConfig();
  const adapters = await createAdapters(config, { withStore: false, engine: values.engine });
  const limit = values.limit ? Number(values.limit) : undefined;
  try {
    for (const dir of process.exitCode ? [] : positionals) {
      if (!existsSync(dir)) {
        log(`\n${dir}: absent, skipped`);
      } else if (existsSync(join(dir, 'cases.jsonl'))) {
        const figures = await evalLabelled(dir, adapters, readLimits(config), {
          errors: values.errors,
          ...(limit ? { limit } : {}),
          log,
        });
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
