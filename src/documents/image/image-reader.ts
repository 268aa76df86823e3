import { AppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type { BBox, Document, DocumentReader, Line, OcrResult, Page, ReadContext } from '../model.ts';
import { prepareForOcr } from '../ocr/image-preprocess.ts';
import { ocrTables } from '../ocr/ocr-tables.ts';
import { recognizePage } from '../ocr/recognize-page.ts';
import { withoutShadedWords } from '../ocr/shaded-edges.ts';
import { deadlineOf } from '../read-deadline.ts';
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
      const result = withoutShadedWords(
        await deadline.race(
          recognizePage(context.ocr, prepared.image, deadline.signal, { spare: deadline.hasSpareTime }),
        ),
        prepared.edges,
      );
      const page = ocrPage(result, header, prepared.scale);
      return billedDocument(format, bytes, [page]);
    },
  };
}

/** Pixels of the prepared image → pixels of the upright original → points at the image's DPI. */
function ocrPage(result: OcrResult, header: ImageHeader, scale: number): Page {
  const pointsPerPixel = 72 / documentDpi(header);
  const factor = pointsPerPixel / scale;
  const lines = result.lines.map(
    (line, index): Line => ({
      text: line.text,
      bbox: scaleBox(line.bbox, factor),
      words: line.words.map((word) => (word.bbox ? { ...word, bbox: scaleBox(word.bbox, factor) } : word)),
      index,
    }),
  );
  const upright = uprightSize(header);
  return {
    number: 1,
    width: round(upright.width * pointsPerPixel),
    height: round(upright.height * pointsPerPixel),
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
