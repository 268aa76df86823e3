import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { postDocument, startBenchApp } from './bench-app.ts';
import { SCAN_FIELDS } from './corpus-fields.ts';

export interface HttpScanBench {
  pages: number;
  /** Seconds for the scan alone, then the slowest of two clients sending it at once. */
  oneClientSeconds: number;
  twoClientsSeconds: number;
  /** Answers other than 200 with two clients (a refusal, a timeout). */
  refused: number;
}

/** The PDFs of `dir` whose pages carry no text at all (pdftotext prints nothing): scans only. */
export function imageOnlyPdfs(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => join(dir, f))
    .filter((f) => {
      try {
        return execFileSync('pdftotext', ['-q', f, '-'], { encoding: 'utf8' }).trim() === '';
      } catch {
        return false;
      }
    });
}

/**
 * A scan of `pages` pages made, in memory, of the image-only scans' pages in turn, written as the
 * scanners that made them write (objects in the plain, no compressed object streams).
 */
export async function multiPageScan(files: string[], pages: number): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const file of files) {
    const source = await PDFDocument.load(readFileSync(file));
    const wanted = source.getPageIndices().slice(0, pages - out.getPageCount());
    for (const page of await out.copyPages(source, wanted)) out.addPage(page);
    if (out.getPageCount() >= pages) break;
  }
  return out.save({ useObjectStreams: false });
}

/** A many-page scan through the whole HTTP path: alone, then two clients at once. */
export async function benchHttpScan(
  dir: string,
  pages = 10,
  ocrBackend: 'auto' | 'wasm' | 'native' = 'auto',
): Promise<HttpScanBench> {
  const files = imageOnlyPdfs(dir);
  if (files.length === 0) throw new Error(`${dir}: no image-only PDF (pdftotext absent?)`);
  const scan = await multiPageScan(files, pages);
  const app = await startBenchApp({ ocrBackend });
  try {
    // The first OCR starts the workers: not what a user waits for once the service runs.
    await postDocument(app.url, app.key, await multiPageScan(files, 1), 'warm.pdf', SCAN_FIELDS);
    const t0 = performance.now();
    const alone = await postDocument(app.url, app.key, scan, 'scan.pdf', SCAN_FIELDS);
    const oneClientSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const both = await Promise.allSettled([
      postDocument(app.url, app.key, scan, 'scan.pdf', SCAN_FIELDS),
      postDocument(app.url, app.key, scan, 'scan.pdf', SCAN_FIELDS),
    ]);
    const twoClientsSeconds = (performance.now() - t1) / 1000;
    return {
      pages: alone.pages,
      oneClientSeconds,
      twoClientsSeconds,
      refused: both.filter((r) => r.status === 'rejected').length,
    };
  } finally {
    await app.close();
  }
}
