import { createCanvas, Image } from '@napi-rs/canvas';
import { readImageHeader, uprightSize } from '../documents/image/image-header.ts';
import { documentDpi } from '../documents/image/image-reader.ts';
import type { DocumentFormat, ReadLimits } from '../documents/model.ts';
import { loadPdf } from '../documents/pdf/load-pdf.ts';
import { readDeadline } from '../documents/pdf/read-deadline.ts';
import { renderPage } from '../documents/pdf/render-page.ts';

/** A page drawn for the playground's evidence: a PNG in memory, and the page's size in points. */
export interface PagePicture {
  /** 1-based. */
  page: number;
  /** The page in points, as the document model measures it (evidence boxes are in points). */
  width: number;
  height: number;
  png: Uint8Array;
}

/** Only the first pages are drawn: enough to see where values were found, not a viewer. */
export const MAX_PICTURES = 3;
/** About a million pixels a page: an A4 page at ~115 DPI, readable on screen and light to send. */
const PICTURE_PIXELS = 1_000_000;
/** Drawing is a courtesy: it gives up well before a request would feel stuck. */
const PICTURE_TIMEOUT_MS = 15_000;

export function hasPictures(format: string | undefined): format is 'pdf' | 'png' | 'jpeg' {
  return format === 'pdf' || format === 'png' || format === 'jpeg';
}

/**
 * The first pages of a PDF or an image, drawn at a modest scale, in memory only: never written to
 * disk, never kept. Called after the document was read, so its limits (pages, pixels) already held.
 */
export async function pagePictures(
  bytes: Uint8Array,
  format: DocumentFormat,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<PagePicture[]> {
  if (format === 'pdf') return pdfPictures(bytes, limits, signal);
  if (format === 'png' || format === 'jpeg') return [await imagePicture(bytes, format)];
  return [];
}

async function pdfPictures(
  bytes: Uint8Array,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<PagePicture[]> {
  const deadline = readDeadline({
    limits: { ...limits, timeoutMs: Math.min(limits.timeoutMs, PICTURE_TIMEOUT_MS) },
    ...(signal ? { signal } : {}),
  });
  const task = loadPdf(bytes, limits.maxPixels);
  try {
    const pdf = await deadline.race(task.promise);
    const pictures: PagePicture[] = [];
    for (let number = 1; number <= Math.min(MAX_PICTURES, pdf.numPages); number++) {
      const page = await deadline.race(pdf.getPage(number));
      try {
        // The same viewport the reader measures the page with: boxes and picture share one frame.
        const size = page.getViewport({ scale: 1 });
        const drawn = await deadline.race(renderPage(page, PICTURE_PIXELS));
        pictures.push({ page: number, width: size.width, height: size.height, png: drawn.png });
      } finally {
        page.cleanup();
      }
    }
    return pictures;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function imagePicture(bytes: Uint8Array, format: 'png' | 'jpeg'): Promise<PagePicture> {
  const header = readImageHeader(bytes, format);
  const upright = uprightSize(header);
  const pointsPerPixel = 72 / documentDpi(header);
  const image = new Image();
  image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await image.decode(); // the decoder applies the EXIF orientation, as for OCR
  const scale = Math.min(1, Math.sqrt(PICTURE_PIXELS / (image.width * image.height)));
  const width = Math.max(1, Math.floor(image.width * scale));
  const height = Math.max(1, Math.floor(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const png = await canvas.encode('png');
  return {
    page: 1,
    width: upright.width * pointsPerPixel,
    height: upright.height * pointsPerPixel,
    png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
  };
}
