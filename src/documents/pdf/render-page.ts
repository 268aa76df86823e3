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
 * Pixels of a page drawn for OCR at most: a letter page at 300 DPI is 8.4 million (an A4 page is
 * drawn at 296 DPI, a legal one at 268). A scan whose PDF declares a poster-size page (the ad-buy
 * orders' 24 × 31 in pages hold a letter page scanned at 570 DPI) was drawn at 68 million pixels,
 * letters 120 pixels tall, and every OCR pass over it cost five to six times what the text needs.
 * At 12 million, the cap before, such a page's letter was read at 358 DPI: at 8.5 million a
 * 10-page scan read in 32.3 s instead of 35.6 s (one client, 2 cores), and the ad-buy orders'
 * fields held (checking half, with OCR: 78.7 → 78.4 default, 72.0 → 71.7 at the lowest wording).
 */
export const OCR_MAX_PIXELS = 8_500_000;
/**
 * Once half the document's time is spent (read-deadline.ts), its remaining scanned pages are drawn
 * at fewer (a letter page at about 250 DPI): recognition costs about in proportion to the
 * pixels, and a page read from fewer of them is better than the whole document refused.
 */
export const OCR_LATE_PIXELS = 6_000_000;
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
