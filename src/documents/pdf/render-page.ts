import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PDFPageProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api.js';
import { clearDarkBorders } from '../ocr/clear-borders.ts';
import { clearRulings } from '../ocr/clear-rulings.ts';
import { canvasToPgm } from '../ocr/ppm.ts';
import type { ShadedEdges } from '../ocr/prepared-image.ts';
import { shadedEdges } from '../ocr/shaded-edges.ts';
import type { SolePicture } from './sole-picture.ts';

/** Resolution for OCR: what recognisers are tuned for. */
const OCR_DPI = 300;
/**
 * Pixels of a page drawn for OCR at most: a letter page at 231 DPI is 5 million (an A4 page at 227).
 * A scan whose PDF declares a poster-size page (the ad-buy orders' 24 × 31 in pages hold a letter
 * page scanned at 570 DPI) was drawn at 68 million pixels, and every OCR pass over it cost five to
 * six times what the text needs. Capped at 12, then 8.5 million (a letter page at 300 DPI), then 5:
 * the 10-page image-only scan read alone in 35.6, 32.3 (8.5 M, native JPEG decoding since: 24.9) and
 * 19.1 s, and the ad-buy orders' fields read better, not worse, from fewer pixels (checking half
 * with OCR, 8.5 → 5 M: 78.1 → 78.7 at the default wording, 71.5 → 71.7 at the lowest; tuning half
 * 84.8 → 85.9 and 77.6 → 78.4; their eight image-only scans, all cases, 42.5 → 57.5 and 37.5 →
 * 47.5). What fewer pixels risk is fine print: an 8-point letter's x-height is about 13 pixels at
 * 231 DPI, 17 at 300, and Tesseract reads below 10 poorly.
 */
export const OCR_MAX_PIXELS = 5_000_000;
/**
 * Once half the document's time is spent (read-deadline.ts), its remaining scanned pages are drawn
 * at fewer (a letter page at about 194 DPI): recognition costs about in proportion to the
 * pixels, and a page read from fewer of them is better than the whole document refused.
 */
export const OCR_LATE_PIXELS = 3_500_000;
/** Skia's largest canvas side. */
const MAX_SIDE = 32_000;

export interface RenderedPage {
  /** A PNG from renderPage; from renderPageForOcr a PGM when the page is grey, else a PNG. */
  image: Uint8Array;
  width: number;
  height: number;
  /** From renderPageForOcr: the shaded bands along the page's edges, whose words are dropped. */
  edges?: ShadedEdges;
}

/**
 * The page as a PNG, in memory, at 300 DPI or less: the scale drops so that the image stays
 * within `maxPixels` rather than failing.
 */
export async function renderPage(page: PDFPageProxy, maxPixels: number): Promise<RenderedPage> {
  const { canvas, width, height } = await drawPage(page, maxPixels);
  return { image: asBytes(await canvas.encode('png')), width, height };
}

/**
 * The page as OCR reads it: drawn as renderPage draws it, handed over as a PGM when it is grey, as
 * scans mostly are. Tesseract reads the grey exactly as it reads the PNG (ppm.ts), sooner: a 300 DPI
 * page skips its PNG encoding (425 ms) and decoding, and recognition took 1.2 s instead of 1.5-2.3 s
 * on one page. A colour page stays a PNG: as a PPM it would hold 25 MB while it waits for OCR.
 */
export async function renderPageForOcr(
  page: PDFPageProxy,
  maxPixels: number,
  picture?: SolePicture,
): Promise<RenderedPage> {
  const { canvas, width, height } = await drawPage(page, Math.min(maxPixels, OCR_MAX_PIXELS), picture);
  const context = canvas.getContext('2d');
  const edges = shadedEdges(context, width, height);
  // Only for OCR: a page drawn for people (renderPage) keeps its rules.
  await clearRulings(context, width, height);
  const grey = await canvasToPgm(context, width, height);
  return { image: grey ?? asBytes(await canvas.encode('png')), width, height, edges };
}

async function drawPage(page: PDFPageProxy, maxPixels: number, picture?: SolePicture) {
  const base = page.getViewport({ scale: 1 });
  const area = base.width * base.height;
  const scale = Math.min(
    OCR_DPI / 72,
    Math.sqrt(maxPixels / area),
    MAX_SIDE / Math.max(base.width, base.height),
  );
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  if (picture) drawPicture(canvas.getContext('2d'), viewport.transform, picture, width, height);
  else {
    const task = page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport });
    await task.promise;
  }
  clearDarkBorders(canvas.getContext('2d'), width, height);
  return { canvas, width, height };
}

/**
 * The page's one image drawn natively where pdf.js would draw it: on white, through the page's
 * view (crop, rotation, scale) and the image's matrix, onto the unit square with its first row at
 * the top (an image's rows run downwards, PDF's y upwards).
 */
function drawPicture(
  context: SKRSContext2D,
  view: number[],
  { image, matrix }: SolePicture,
  width: number,
  height: number,
): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.save();
  context.setTransform(...(view as SolePicture['matrix']));
  context.transform(...matrix);
  context.transform(1, 0, 0, -1, 0, 1);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'low';
  context.drawImage(image, 0, 0, 1, 1);
  context.restore();
}

const asBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
