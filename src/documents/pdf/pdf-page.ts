import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Line, Page, ReadContext } from '../model.ts';
import type { ReadDeadline } from '../read-deadline.ts';
import { ocrLines } from './ocr-lines.ts';
import { packWords } from './packed-words.ts';
import { paintsPicture, SCAN_COVERAGE } from './page-paint.ts';
import { findTables } from './pdf-tables.ts';
import { OCR_LATE_PIXELS, renderPageForOcr } from './render-page.ts';
import type { PictureSource, SolePicture } from './sole-picture.ts';
import { layoutLines } from './text-layout.ts';
import { judgeText, type TextVerdict } from './text-quality.ts';
import { textFrames } from './text-runs.ts';

/** Garbage text is always worth a rendering; scarce text only when the page paints a picture. */
async function needsOcr(
  page: PDFPageProxy,
  verdict: TextVerdict,
  area: number,
  deadline: ReadDeadline,
  picture: SolePicture | undefined,
): Promise<boolean> {
  if (verdict !== 'scarce') return verdict === 'garbage';
  if (picture) {
    const [a, b, c, d] = picture.matrix;
    return Math.abs(a * d - b * c) >= SCAN_COVERAGE * area;
  }
  return deadline.race(paintsPicture(page, area));
}

/** A scanned page whose lines are still being recognised (its tables are found once they are). */
export interface ScannedPage {
  number: number;
  width: number;
  height: number;
  lines: Promise<Line[]>;
}

/**
 * One page: its text layer laid out in reading order, or, when the page is a scan (or its text
 * unreadable), its rendering handed to OCR: the scan comes back at once with its recognition under
 * way, so that the next pages are drawn while it is read. Without an OCR engine a scan has no lines.
 */
export async function readPage(
  page: PDFPageProxy,
  context: ReadContext,
  deadline: ReadDeadline,
  signal: AbortSignal,
  pictures: PictureSource,
): Promise<Page | ScannedPage> {
  const viewport = page.getViewport({ scale: 1 });
  const size = { width: viewport.width, height: viewport.height };
  const content = await deadline.race(page.getTextContent());
  const frames = textFrames(content, viewport.transform);
  const verdict = judgeText(frames);
  // Only a page without readable text may be a scanner's one image (sole-picture.ts), and it is
  // only worth decoding for an OCR engine.
  const picture =
    context.ocr && (verdict === 'scarce' || verdict === 'garbage')
      ? await deadline.race(pictures(page.pageNumber - 1))
      : undefined;
  let lines: Line[] = [];
  if (!(await needsOcr(page, verdict, size.width * size.height, deadline, picture)))
    lines = layoutLines(frames);
  else if (context.ocr) {
    const late = !deadline.hasSpareTime();
    const pixels = late ? Math.min(context.limits.maxPixels, OCR_LATE_PIXELS) : context.limits.maxPixels;
    const image = await deadline.race(renderPageForOcr(page, pixels, picture));
    // A scanned page's doubtful lines are not read again: on the ad-buy orders' image-only scans
    // (8 documents, 20 pages) the rereads took 3.1 times the CPU (382 against 123 s) and the fields
    // scored 52.5% with them, 55.0% without. They serve photographs of receipts (image-reader.ts).
    const recognised = ocrLines(context.ocr, image, size, signal, {
      spare: deadline.hasSpareTime,
      rereadLines: false,
    });
    return { number: page.pageNumber, ...size, lines: recognised };
  }
  // Tables are found on the plain words, which are then let go: the page keeps them packed.
  const tables = findTables(lines);
  return { number: page.pageNumber, ...size, lines: packWords(lines), tables, source: 'pdf-text' };
}
