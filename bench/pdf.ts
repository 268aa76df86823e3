import { execFile, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_READ_LIMITS } from '../src/documents/model.ts';
import { pdfReader } from '../src/documents/pdf/pdf-reader.ts';

const DEFAULT_DIR = '/work/shared/corpus/kleister-nda/docs';
const run = promisify(execFile);

export interface Throughput {
  seconds: number;
  pagesPerSecond: number;
}

export interface PdfBench {
  files: number;
  pages: number;
  failures: number;
  reader: Throughput;
  /** Absent when pdftotext (poppler-utils) is not installed. */
  pdftotext?: Throughput;
  /** pdftotext pages/s divided by ours: how many times faster poppler is. */
  ratio?: number;
}

const throughput = (pages: number, ms: number): Throughput => ({
  seconds: Math.round(ms) / 1000,
  pagesPerSecond: Math.round((pages / ms) * 10_000) / 10,
});

const hasPdftotext = () => spawnSync('pdftotext', ['-v']).status === 0;

/** Time of pdftotext over the same files, its text sent to a pipe (nothing is written to disk). */
async function timePdftotext(paths: string[]): Promise<number> {
  const start = performance.now();
  for (const path of paths) {
    await run('pdftotext', ['-q', '-enc', 'UTF-8', path, '-'], { maxBuffer: 256 * 1024 * 1024 }).catch(
      () => undefined,
    );
  }
  return performance.now() - start;
}

/**
 * Pages per second of the PDF reader over the PDFs of a folder (text layers only: no OCR engine is
 * given), and of pdftotext over the same files when it is installed.
 */
export async function benchPdf(dir: string = DEFAULT_DIR, limit?: number): Promise<PdfBench> {
  const names = (await readdir(dir)).filter((name) => name.toLowerCase().endsWith('.pdf')).sort();
  const paths = names.slice(0, limit ?? names.length).map((name) => join(dir, name));
  let pages = 0;
  let failures = 0;
  let readerMs = 0;
  for (const path of paths) {
    const bytes = new Uint8Array(await readFile(path));
    const start = performance.now();
    try {
      pages += (await pdfReader.read(bytes, { limits: DEFAULT_READ_LIMITS })).pages.length;
    } catch {
      failures++;
    }
    readerMs += performance.now() - start;
  }
  const result: PdfBench = { files: paths.length, pages, failures, reader: throughput(pages, readerMs) };
  console.log(
    `pdf reader: ${paths.length} files, ${pages} pages in ${result.reader.seconds} s`,
    result.reader,
  );
  if (hasPdftotext()) {
    result.pdftotext = throughput(pages, await timePdftotext(paths));
    result.ratio = Math.round((result.pdftotext.pagesPerSecond / result.reader.pagesPerSecond) * 100) / 100;
    console.log(
      `pdftotext: ${result.pdftotext.seconds} s`,
      result.pdftotext,
      `ratio pdftotext/ours ${result.ratio}`,
    );
  } else {
    console.log('pdftotext: not installed (apt-get install poppler-utils to compare)');
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, limit] = process.argv.slice(2);
  await benchPdf(dir || DEFAULT_DIR, limit ? Number(limit) : undefined);
}
