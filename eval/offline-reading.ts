/**
 * What the fitting scripts read corpora with: the configured readers and OCR, the given engine, no
 * account store, and the document cache when `--cache DIR` was given (exit 2 when DIR cannot be used).
 */
import { createAdapters, readLimits } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { ExtractionEngine } from '../src/engines/engine.ts';
import { DocumentCache } from './document-cache.ts';

export async function offlineReading(engine: ExtractionEngine, cacheDir: string | undefined) {
  const config = loadConfig();
  const limits = readLimits(config);
  let cache: DocumentCache | undefined;
  try {
    cache = cacheDir === undefined ? undefined : new DocumentCache(cacheDir, limits);
  } catch (error) {
    process.stdout.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const adapters = await createAdapters(config, { withStore: false });
  return { deps: { ...adapters, engine, limits }, cache, close: () => adapters.close() };
}
