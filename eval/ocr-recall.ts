/**
 * How much of the labelled text survives OCR: for each image case of a corpus (SROIE receipts),
 * the image is read by the JPEG/PNG reader and each expected string (company, address) or amount
 * (total, as its two-decimal string) is looked for in the text read, after the corpus's
 * normalisation (upper case, NFKD, letters and digits only). Dates are left out: their printed
 * form differs from the ISO label.
 *   node eval/ocr-recall.ts [DIR] [LIMIT]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jpegReader, pngReader } from '../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS, type Document } from '../src/documents/model.ts';
import { createTesseractPool } from '../src/documents/ocr/tesseract-pool.ts';
import { normaliseForScore } from './score.ts';

const DEFAULT_DIR = '/work/shared/corpus/sroie';

export interface OcrRecallOptions {
  limit?: number;
  /** OCR workers; 1 (the default) gives the latency of one image on an idle worker. */
  workers?: number;
  /** Tesseract parameters on top of the pool's defaults, to compare settings. */
  parameters?: Record<string, string>;
  log?: (line: string) => void;
}

export interface OcrRecallFigures {
  images: number;
  failures: number;
  /** Per field: cases where the field is labelled, and the share found in the OCR text (0–1). */
  fields: Record<string, { cases: number; recall: number }>;
  msPerImage: number;
}

interface Case {
  file: string;
  expected: Record<string, unknown>;
}

/** The needle for one label, or undefined for labels this measure does not cover. */
export function needle(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return normaliseForScore(value.toFixed(2));
  if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const text = normaliseForScore(value);
  return text === '' ? undefined : text;
}

const documentText = (doc: Document) =>
  normaliseForScore(doc.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n'));

async function loadCases(dir: string, limit?: number): Promise<Case[]> {
  const lines = (await readFile(join(dir, 'cases.jsonl'), 'utf8')).split('\n').filter((l) => l.trim());
  const cases = lines.map((line) => JSON.parse(line) as Case).filter((c) => /\.(jpe?g|png)$/i.test(c.file));
  return cases.slice(0, limit ?? cases.length);
}

export async function ocrRecall(
  dir: string = DEFAULT_DIR,
  opts: OcrRecallOptions = {},
): Promise<OcrRecallFigures> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const cases = await loadCases(dir, opts.limit);
  const pool = createTesseractPool({
    size: opts.workers ?? 1,
    ...(opts.parameters ? { parameters: opts.parameters } : {}),
  });
  const found: Record<string, { cases: number; hits: number }> = {};
  let failures = 0;
  let readMs = 0;
  try {
    // Start the worker before timing: its start-up is paid once per process, not per image.
    if (cases[0])
      await pool.recognize(new Uint8Array(await readFile(join(dir, cases[0].file)))).catch(() => {});
    for (const c of cases) {
      const bytes = new Uint8Array(await readFile(join(dir, c.file)));
      const reader = /\.png$/i.test(c.file) ? pngReader : jpegReader;
      const start = performance.now();
      const text = await reader
        .read(bytes, { limits: DEFAULT_READ_LIMITS, ocr: pool })
        .then(documentText)
        .catch(() => {
          failures++;
          return '';
        });
      readMs += performance.now() - start;
      for (const [field, value] of Object.entries(c.expected)) {
        const want = needle(value);
        if (want === undefined) continue;
        found[field] ??= { cases: 0, hits: 0 };
        found[field].cases++;
        if (text.includes(want)) found[field].hits++;
      }
    }
  } finally {
    await pool.close();
  }
  const figures: OcrRecallFigures = {
    images: cases.length,
    failures,
    fields: Object.fromEntries(
      Object.entries(found).map(([field, f]) => [
        field,
        { cases: f.cases, recall: round(f.hits / f.cases, 3) },
      ]),
    ),
    msPerImage: round(readMs / Math.max(1, cases.length), 0),
  };
  printOcrRecall(dir, figures, log);
  return figures;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function printOcrRecall(dir: string, f: OcrRecallFigures, log: (line: string) => void): void {
  log(`\nOCR recall on ${dir}: ${f.images} images, ${f.failures} failed, ${f.msPerImage} ms per image`);
  for (const [field, { cases, recall }] of Object.entries(f.fields)) {
    log(`  ${field.padEnd(10)} ${(recall * 100).toFixed(1).padStart(5)} %  (${cases} cases)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, limit] = process.argv.slice(2);
  await ocrRecall(dir || DEFAULT_DIR, limit ? { limit: Number(limit) } : {});
}
