import { AppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type { Document, DocumentReader, Page, ReadContext } from '../model.ts';
import { loadPdf } from './load-pdf.ts';
import { pdfFailure } from './pdf-errors.ts';
import { readPage } from './pdf-page.ts';
import { readDeadline } from './read-deadline.ts';

async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<Document> {
  const deadline = readDeadline(context);
  const task = loadPdf(bytes, context.limits.maxPixels);
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
    const pages: Page[] = [];
    // One page at a time: a page's fonts, images and rendering are released before the next.
    for (let number = 1; number <= pdf.numPages; number++) {
      deadline.check();
      const page = await deadline.race(pdf.getPage(number));
      try {
        pages.push(await readPage(page, context, deadline, pages.at(-1)));
      } finally {
        page.cleanup();
      }
    }
    return billedDocument('pdf', bytes, pages);
  } catch (error) {
    throw pdfFailure(error);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** PDF with a text layer, scanned, or mixed: text pages read as laid out, scanned pages by OCR. */
export const pdfReader: DocumentReader = { format: 'pdf', read: readPdf };
