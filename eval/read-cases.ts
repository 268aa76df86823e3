/**
 * Each case's document read once, whatever number of wordings then run on it: reading (OCR above
 * all) is most of the time of an eval, and the reader does not depend on the field configuration.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Document, OcrEngine, ReadAgain, ReadLimits } from '../src/documents/model.ts';
import type { ReadDocument } from '../src/documents/read-document.ts';
import type { Case, Corpus } from './corpus.ts';
import type { DocumentCache } from './document-cache.ts';

export interface ReadingDeps {
  readDocument: ReadDocument;
  limits: ReadLimits;
  ocr?: OcrEngine;
}

export type ReadCase = { case: Case; ms: number; fromCache: boolean } & (
  | { document: Document; bytes: Uint8Array; readAgain?: ReadAgain; failure?: undefined }
  | { document?: undefined; failure: string }
);

export async function* readCases(
  corpus: Corpus,
  cases: Case[],
  deps: ReadingDeps,
  options: {
    cache?: DocumentCache;
    log: (line: string) => void;
    /**
     * Read as the service reads for an engine that weighs values: a photograph's doubtful lines are
     * left for a second reading where each wording's values stand (ReadContext.secondReading).
     * Such a document is not cached (its reading is not finished); the text of the others is, apart.
     */
    secondReadings?: boolean;
  },
): AsyncGenerator<ReadCase> {
  for (const c of cases) {
    const path = join(corpus.dir, c.file);
    if (!existsSync(path)) {
      yield { case: c, ms: 0, fromCache: false, failure: 'missing_file' };
      continue;
    }
    const bytes = readFileSync(path);
    const fileName = basename(path);
    const t0 = performance.now();
    const key = options.cache?.key(
      bytes,
      options.secondReadings ? `${fileName}\n(second readings later)` : fileName,
    );
    const cached = key === undefined ? undefined : options.cache?.get(key);
    if (cached) {
      yield { case: c, ms: performance.now() - t0, fromCache: true, document: cached, bytes };
      continue;
    }
    // The context prepareExtraction gives the reader, so that the eval reads as the service does.
    let readAgain: ReadAgain | undefined;
    try {
      const document = await deps.readDocument(bytes, {
        limits: deps.limits,
        fileName,
        ...(deps.ocr ? { ocr: deps.ocr } : {}),
        ...(options.secondReadings ? { secondReading: (again: ReadAgain) => (readAgain = again) } : {}),
      });
      const ms = performance.now() - t0;
      if (key !== undefined && !readAgain) options.cache?.put(key, document, options.log);
      yield { case: c, ms, fromCache: false, document, bytes, ...(readAgain ? { readAgain } : {}) };
    } catch (error) {
      yield { case: c, ms: 0, fromCache: false, failure: (error as { code?: string }).code ?? 'exception' };
    }
  }
}
