import { AppError, isAppError } from '../../errors.ts';
import type { BBox, Line, OcrEngine, OcrResult } from '../model.ts';
import { type PageOcrOptions, recognizePage } from '../ocr/recognize-page.ts';
import { withoutShadedWords } from '../ocr/shaded-edges.ts';
import type { RenderedPage } from './render-page.ts';

const round = (value: number) => Math.round(value * 100) / 100;

/** An OCR failure is the service's, not the document's: it must not pass for a corrupt file. */
async function recognize(
  ocr: OcrEngine,
  image: Uint8Array,
  signal: AbortSignal,
  options: PageOcrOptions,
): Promise<OcrResult> {
  try {
    return await recognizePage(ocr, image, signal, options);
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('internal_error', { reason: 'ocr failed' });
  }
}

/** Recognises a rendered page and returns its lines with boxes in page points. */
export async function ocrLines(
  ocr: OcrEngine,
  image: RenderedPage,
  page: { width: number; height: number },
  signal: AbortSignal,
  options: PageOcrOptions = {},
): Promise<Line[]> {
  const result = withoutShadedWords(await recognize(ocr, image.image, signal, options), image.edges);
  // The engine's own image size is what its boxes refer to (it may have resized the image).
  const sx = page.width / (result.width > 0 ? result.width : image.width);
  const sy = page.height / (result.height > 0 ? result.height : image.height);
  const toPoints = (box: BBox): BBox => ({
    x0: round(box.x0 * sx),
    y0: round(box.y0 * sy),
    x1: round(box.x1 * sx),
    y1: round(box.y1 * sy),
  });
  return result.lines
    .filter((line) => line.text.trim() !== '')
    .map((line, index) => ({
      text: line.text,
      bbox: toPoints(line.bbox),
      words: line.words.map((word) => (word.bbox ? { ...word, bbox: toPoints(word.bbox) } : { ...word })),
      index,
    }));
}
