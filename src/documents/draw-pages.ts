import { createCanvas, Image } from '@napi-rs/canvas';
import { readImageHeader, uprightSize } from './image/image-header.ts';
import { documentDpi } from './image/image-reader.ts';
import type { DocumentFormat, ReadLimits } from './model.ts';
import { loadPdf } from './pdf/load-pdf.ts';
import { renderPage } from './pdf/render-page.ts';
import { readDeadline } from './read-deadline.ts';

/** A page drawn as a PNG, in memory, with the page's size in points (evidence boxes are in points). */
export interface PagePicture {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  png: Uint8Array;
}

export interface DrawOptions {
  /** 1-based; a number past the document's last page is left out. */
  pages: number[];
  /** Pixels a picture may have: each is scaled down to fit, never up. */
  pixels: number;
  limits: ReadLimits;
  /** Drawing gives up after this long. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * Pages of a PDF, or an image, drawn again from the uploaded bytes, in memory only: never written to
 * disk, never kept. Called after the document was read, so its limits (pages, pixels) already held;
 * other formats have no pages to see ([]).
 */
export async function drawPages(
  bytes: Uint8Array,
  format: DocumentFormat,
  options: DrawOptions,
): Promise<PagePicture[]> {
  if (format === 'pdf') return pdfPictures(bytes, options);
  if ((format === 'png' || format === 'jpeg') && options.pages.includes(1)) {
    return [await imagePicture(bytes, format, options.pixels)];
  }
  return [];
}

async function pdfPictures(bytes: Uint8Array, options: DrawOptions): Promise<PagePicture[]> {
  const deadline = readDeadline(Math.min(options.limits.timeoutMs, options.timeoutMs), options.signal);
  const task = loadPdf(bytes, options.limits.maxPixels);
  try {
    const pdf = await deadline.race(task.promise);
    const pictures: PagePicture[] = [];
    for (const number of options.pages.filter((n) => n >= 1 && n <= pdf.numPages)) {
      const page = await deadline.race(pdf.getPage(number));
      try {
        // The same viewport the reader measures the page with: boxes and picture share one frame.
        const size = page.getViewport({ scale: 1 });
        const drawn = await deadline.race(renderPage(page, options.pixels));
        pictures.push({ page: number, width: size.width, height: size.height, png: drawn.image });
      } finally {
        page.cleanup();
      }
    }
    return pictures;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

async function imagePicture(bytes: Uint8Array, format: 'png' | 'jpeg', pixels: number): Promise<PagePicture> {
  const header = readImageHeader(bytes, format);
  const upright = uprightSize(header);
  const pointsPerPixel = 72 / documentDpi(header);
  const image = new Image();
  image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await image.decode(); // the decoder applies the EXIF orientation, as for OCR
  const scale = Math.min(1, Math.sqrt(pixels / (image.width * image.height)));
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
