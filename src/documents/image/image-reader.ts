import { AppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type {
  BBox,
  Document,
  DocumentReader,
  Line,
  OcrEngine,
  OcrResult,
  Page,
  ReadAgain,
  ReadContext,
} from '../model.ts';
import { prepareForOcr } from '../ocr/image-preprocess.ts';
import { ocrTables } from '../ocr/ocr-tables.ts';
import { type FirstReading, firstReading, recognizePage } from '../ocr/recognize-page.ts';
import { DEFAULT_REREAD, type OcrLine, rereadDoubtfulLines } from '../ocr/reread-lines.ts';
import { withoutShadedWords } from '../ocr/shaded-edges.ts';
import { deadlineOf, type ReadDeadline } from '../read-deadline.ts';
import { type ImageHeader, readImageHeader, uprightSize } from './image-header.ts';

/** What a scan is taken to be when its file declares no resolution, or an absurd one. */
export const DEFAULT_DPI = 300;
const PLAUSIBLE_DPI = { min: 72, max: 2400 };

function createImageReader(format: 'png' | 'jpeg'): DocumentReader {
  return {
    format,
    async read(bytes: Uint8Array, context: ReadContext): Promise<Document> {
      const header = readImageHeader(bytes, format);
      const pixels = header.width * header.height;
      if (pixels > context.limits.maxPixels) {
        throw new AppError('document_too_complex', { limit_pixels: context.limits.maxPixels, pixels });
      }
      if (!context.ocr) throw new AppError('internal_error', { reason: 'no OCR engine configured' });
      const deadline = deadlineOf(context);
      const prepared = await deadline.race(
        context.ocr.prepare
          ? context.ocr.prepare(bytes, header, { signal: deadline.signal })
          : prepareForOcr(bytes, header),
      );
      const documentOf = (result: OcrResult) =>
        billedDocument(format, bytes, [
          ocrPage(withoutShadedWords(result, prepared.edges), header, prepared.scale),
        ]);
      if (context.secondReading) {
        const first = await deadline.race(
          firstReading(context.ocr, prepared.image, deadline.signal, deadline.hasSpareTime),
        );
        const firstDocument = documentOf(first.result);
        context.secondReading(
          secondReading(
            context.ocr,
            prepared.image,
            { ...first, document: firstDocument },
            deadline,
            pointsPerPixel(header, prepared.scale),
            documentOf,
          ),
        );
        return firstDocument;
      }
      return documentOf(
        await deadline.race(
          recognizePage(context.ocr, prepared.image, deadline.signal, { spare: deadline.hasSpareTime }),
        ),
      );
    },
  };
}

/**
 * The photograph's doubtful lines read again where the places say, within the reading's time guard:
 * past its spare time, or without a place on the page, the first reading is answered as it was.
 */
function secondReading(
  ocr: OcrEngine,
  image: Uint8Array,
  first: FirstReading & { document: Document },
  deadline: ReadDeadline,
  pointsPerPixel: number,
  documentOf: (result: OcrResult) => Document,
): ReadAgain {
  return async (places, signal) => {
    if (signal?.aborted) throw new AppError('unavailable', { reason: 'request aborted' });
    const boxes = places.filter((p) => p.page === 1).map((p) => scaleBox(p.bbox, 1 / pointsPerPixel));
    if (boxes.length === 0 || !deadline.hasSpareTime()) return first.document;
    const stop = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    const crossed = (line: OcrLine) => boxes.some((box) => crosses(line.bbox, box));
    const again = await deadline.race(
      rereadDoubtfulLines(ocr, image, first.result, stop, first.threshold, DEFAULT_REREAD, crossed),
    );
    return documentOf(again);
  };
}

/** A line crosses a place when they share more than half the line's height and some of its width. */
function crosses(line: BBox, place: BBox): boolean {
  const high = Math.min(line.y1, place.y1) - Math.max(line.y0, place.y0);
  const wide = Math.min(line.x1, place.x1) - Math.max(line.x0, place.x0);
  return high > 0.5 * (line.y1 - line.y0) && wide > 0;
}

/** Points of the page per pixel of an image `scale` times the upright original (1: the original). */
function pointsPerPixel(header: ImageHeader, scale: number): number {
  return 72 / documentDpi(header) / scale;
}

/** Pixels of the prepared image → pixels of the upright original → points at the image's DPI. */
function ocrPage(result: OcrResult, header: ImageHeader, scale: number): Page {
  const factor = pointsPerPixel(header, scale);
  const lines = result.lines.map(
    (line, index): Line => ({
      text: line.text,
      bbox: scaleBox(line.bbox, factor),
      words: line.words.map((word) => (word.bbox ? { ...word, bbox: scaleBox(word.bbox, factor) } : word)),
      index,
    }),
  );
  const upright = uprightSize(header);
  const perPixel = pointsPerPixel(header, 1);
  return {
    number: 1,
    width: round(upright.width * perPixel),
    height: round(upright.height * perPixel),
    lines,
    tables: ocrTables(lines),
    source: 'ocr',
  };
}

export function documentDpi(header: ImageHeader): number {
  const dpi = header.dpi;
  return dpi !== undefined && dpi >= PLAUSIBLE_DPI.min && dpi <= PLAUSIBLE_DPI.max ? dpi : DEFAULT_DPI;
}

const round = (value: number) => Math.round(value * 100) / 100;

function scaleBox(b: BBox, factor: number): BBox {
  return {
    x0: round(b.x0 * factor),
    y0: round(b.y0 * factor),
    x1: round(b.x1 * factor),
    y1: round(b.y1 * factor),
  };
}

export const jpegReader: DocumentReader = createImageReader('jpeg');
export const pngReader: DocumentReader = createImageReader('png');
