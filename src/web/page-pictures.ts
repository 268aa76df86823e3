import { drawPages, type PagePicture } from '../documents/draw-pages.ts';
import type { DocumentFormat, ReadLimits } from '../documents/model.ts';

export type { PagePicture } from '../documents/draw-pages.ts';

/** Only the first pages are drawn: enough to see where values were found, not a viewer. */
export const MAX_PICTURES = 3;
/** About a million pixels a page: an A4 page at ~115 DPI, readable on screen and light to send. */
const PICTURE_PIXELS = 1_000_000;
/** Drawing is a courtesy: it gives up well before a request would feel stuck. */
const PICTURE_TIMEOUT_MS = 15_000;

export function hasPictures(format: string | undefined): format is 'pdf' | 'png' | 'jpeg' {
  return format === 'pdf' || format === 'png' || format === 'jpeg';
}

/** The playground's pictures: the first pages of a PDF or an image, drawn at a modest scale, in memory. */
export function pagePictures(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<PagePicture[]> {
  return drawPages(bytes, format, {
    pages: Array.from({ length: MAX_PICTURES }, (_, i) => i + 1),
    pixels: PICTURE_PIXELS,
    limits,
    timeoutMs: PICTURE_TIMEOUT_MS,
    signal,
  });
}
