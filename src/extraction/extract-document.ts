import { drawPages } from '../documents/draw-pages.ts';
import type {
  Document,
  DocumentFormat,
  OcrEngine,
  ReadAgain,
  ReadContext,
  ReadLimits,
} from '../documents/model.ts';
import type { ReadDocument } from '../documents/read-document.ts';
import { canWeigh, type DrawPages, type ExtractionEngine, type ExtractionResult } from '../engines/engine.ts';
import type { Field } from '../fields/field.ts';
import { parseFieldConfig } from '../fields/parse-config.ts';
import { readWhereValuesStand } from './focused-rereading.ts';
import type { PageBudget } from './page-budget.ts';
import { shapeResult } from './shape-result.ts';

/** What reading and extracting need, whoever asks (the API or the offline CLI). */
export interface ExtractionDeps {
  readDocument: ReadDocument;
  engine: ExtractionEngine;
  limits: ReadLimits;
  ocr?: OcrEngine;
  /** Pages held in memory at once, process-wide (MAX_PAGES_IN_FLIGHT); unbounded without it. */
  pageBudget?: PageBudget;
}

export interface UploadedDocument {
  bytes: Uint8Array;
  fileName?: string;
}

export interface PreparedExtraction {
  fields: Field[];
  document: Document;
  /** Pages drawn again from the upload when an engine asks (a model with LLM_VISION); nothing is drawn otherwise. */
  pageImages?: DrawPages;
  /**
   * Given when the reader left a photograph's doubtful lines for later (ReadContext.secondReading):
   * runEngine has those under the values it weighs read again before it answers.
   */
  readAgain?: ReadAgain;
}

/** Validate the configuration first: it is cheap, and a bad one should not cost a document parse. */
export async function prepareExtraction(
  file: UploadedDocument,
  yaml: Uint8Array,
  deps: ExtractionDeps,
  signal?: AbortSignal,
  admit?: ReadContext['admit'],
): Promise<PreparedExtraction> {
  const { fields } = parseFieldConfig(yaml);
  let readAgain: ReadAgain | undefined;
  const document = await deps.readDocument(file.bytes, {
    limits: deps.limits,
    ...(file.fileName !== undefined ? { fileName: file.fileName } : {}),
    ...(deps.ocr ? { ocr: deps.ocr } : {}),
    ...(signal ? { signal } : {}),
    ...(admit ? { admit } : {}),
    // Only an engine that can say where the values it weighs stand can narrow the second readings.
    ...(canWeigh(deps.engine) ? { secondReading: (again: ReadAgain) => (readAgain = again) } : {}),
  });
  return {
    fields,
    document,
    pageImages: pageDrawer(file.bytes, document.meta.format, deps.limits),
    ...(readAgain ? { readAgain } : {}),
  };
}

/**
 * A document's pages drawn again from its bytes when an engine asks (a model with LLM_VISION). The
 * upload is in memory for the request anyway: drawing from it keeps no picture longer than a call.
 */
export function pageDrawer(bytes: Uint8Array, format: DocumentFormat, limits: ReadLimits): DrawPages {
  return (pages, pixels, signal) =>
    drawPages(bytes, format, { pages, pixels, limits, timeoutMs: limits.timeoutMs, signal });
}

export async function runEngine(
  prepared: PreparedExtraction,
  deps: ExtractionDeps,
  signal?: AbortSignal,
): Promise<ExtractionResult> {
  const document =
    prepared.readAgain && canWeigh(deps.engine)
      ? await readWhereValuesStand(
          prepared.document,
          prepared.fields,
          deps.engine,
          prepared.readAgain,
          signal,
        )
      : prepared.document;
  const raw = await deps.engine.extract(document, prepared.fields, {
    ...(signal ? { signal } : {}),
    ...(prepared.pageImages ? { pageImages: prepared.pageImages } : {}),
  });
  return shapeResult(prepared.fields, raw);
}

/** Offline extraction: no account, no charge. */
export async function extractDocument(
  file: UploadedDocument,
  yaml: Uint8Array,
  deps: ExtractionDeps,
): Promise<ExtractionResult & { document: Document }> {
  const prepared = await prepareExtraction(file, yaml, deps);
  return { ...(await runEngine(prepared, deps)), document: prepared.document };
}
