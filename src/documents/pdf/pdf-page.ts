import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Line, Page, ReadContext } from '../model.ts';
import { ocrTables } from '../ocr/ocr-tables.ts';
import { ocrLines } from './ocr-lines.ts';
import { packWords } from './packed-words.ts';
import { paintsPicture } from './page-paint.ts';
import { findTables } from './pdf-tables.ts';
import type { ReadDeadline } from './read-deadline.ts';
import { renderPageForOcr } from './render-page.ts';
import { layoutLines } from './text-layout.ts';
import { judgeText, type TextVerdict } from './text-quality.ts';
import { textFrames } from './text-runs.ts';

/** Garbage text is always worth a rendering; scarce text only when the page paints a picture. */
async function needsOcr(
  page: PDFPageProxy,
  verdict: TextVerdict,
  area: number,
  deadline: ReadDeadline,
): Promise<boolean> {
  if (verdict !== 'scarce') return verdict === 'garbage';
  return deadline.race(paintsPicture(page, area));
}

/**
 * One page: its text layer laid out in reading order, or, when the page is a scan (or its text
 * unreadable), what OCR sees on a rendering of it. Without an OCR engine a scan has no lines.
 * `previous` is the page before, whose last table a scanned page's table may go on with.
 */
export async function readPage(
  page: PDFPageProxy,
  context: ReadContext,
  deadline: ReadDeadline,
  previous?: Page,
): Promise<Page> {
  const viewport = page.getViewport({ scale: 1 });
  const size = { width: viewport.width, height: viewport.height };
  const content = await deadline.race(page.getTextContent());
  const frames = textFrames(content, viewport.transform);
  const verdict = judgeText(frames);
  let lines: Line[];
  let source: Page['source'] = 'pdf-text';
  if (!(await needsOcr(page, verdict, size.width * size.height, deadline))) lines = layoutLines(frames);
  else if (!context.ocr) lines = [];
  else {
    const image = await deadline.race(renderPageForOcr(page, context.limits.maxPixels));
    lines = await deadline.race(ocrLines(context.ocr, image, size, deadline.signal));
    source = 'ocr';
  }
  if (source === 'ocr')
    return { number: page.pageNumber, ...size, lines, tables: ocrTables(lines, previous?.tables), source };
  // Tables are found on the plain words, which are then let go: the page keeps them packed.
  const tables = findTables(lines);
  return { number: page.pageNumber, ...size, lines: packWords(lines), tables, source };
}
