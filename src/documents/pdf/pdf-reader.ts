import { AppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type { Document, DocumentReader, Line, Page, ReadContext } from '../model.ts';
import { ocrTables } from '../ocr/ocr-tables.ts';
import { deadlineOf, type ReadDeadline } from '../read-deadline.ts';
import { loadPdf } from './load-pdf.ts';
import { pdfFailure } from './pdf-errors.ts';
import { readPage, type ScannedPage } from './pdf-page.ts';
import { pictureSource } from './sole-picture.ts';

async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<Document> {
  const deadline = deadlineOf(context);
  // Ends the recognitions of a scan's other pages once one of them failed.
  const stop = new AbortController();
  const signal = AbortSignal.any([deadline.signal, stop.signal]);
  const task = loadPdf(bytes, context.limits.maxPixels);
  const pictures = pictureSource(bytes, context.limits.maxPixels);
  try {
    const pdf = await deadline.race(task.promise);
    const limit = context.limits.maxPages;
    if (pdf.numPages > limit)
      throw new AppError('document_too_complex', { limit_pages: limit, pages: pdf.numPages });
    if (context.admit) {
      try {
        await context.admit(pdf.numPages, deadline.signal);
      } catch (error) {
        deadline.check(); // an abort or the time limit while waiting: the read's own error
        throw error;
      }
    }
    const readings: (Page | ScannedPage)[] = [];
    const recognising = new Set<Promise<Line[]>>();
    // One page at a time is opened: its fonts, images and rendering are released before the next.
    // A scanned page's recognition goes on while the next pages are drawn, as many at once as the
    // OCR engine reads plus one drawn ahead, so that a scan alone keeps every worker busy.
    const ahead = (context.ocr?.parallel ?? 1) + 1;
    for (let number = 1; number <= pdf.numPages; number++) {
      deadline.check();
      while (recognising.size >= ahead) await deadline.race(Promise.race(recognising));
      const page = await deadline.race(pdf.getPage(number));
      try {
        const reading = await readPage(page, context, deadline, signal, pictures);
        readings.push(reading);
        if (!('source' in reading)) {
          const lines = reading.lines;
          recognising.add(lines);
          lines.then(
            () => recognising.delete(lines),
            () => {}, // awaited in order below; a failure stops the loop through Promise.race first
          );
        }
      } finally {
        page.cleanup();
      }
    }
    const pages = await inOrder(readings, deadline);
    return billedDocument('pdf', bytes, pages);
  } catch (error) {
    throw pdfFailure(error);
  } finally {
    stop.abort();
    await task.destroy().catch(() => undefined);
  }
}

/** The pages in their order, a scanned one's tables found once its lines are in (they may go on the previous page's). */
async function inOrder(readings: (Page | ScannedPage)[], deadline: ReadDeadline): Promise<Page[]> {
  const pages: Page[] = [];
  for (const reading of readings) {
    if ('source' in reading) {
      pages.push(reading);
      continue;
    }
    const lines = await deadline.race(reading.lines);
    const { number, width, height } = reading;
    pages.push({
      number,
      width,
      height,
      lines,
      tables: ocrTables(lines, pages.at(-1)?.tables),
      source: 'ocr',
    });
  }
  return pages;
}

/** PDF with a text layer, scanned, or mixed: text pages read as laid out, scanned pages by OCR. */
export const pdfReader: DocumentReader = { format: 'pdf', read: readPdf };
