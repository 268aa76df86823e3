import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy, RenderParameters } from 'pdfjs-dist/types/src/display/api.js';
import { clearDarkBorders } from '../ocr/clear-borders.ts';

/** Resolution for OCR: what recognisers are tuned for. */
const OCR_DPI = 300;
/** Skia's largest canvas side. */
const MAX_SIDE = 32_000;

export interface RenderedPage {
  png: Uint8Array;
  width: number;
  height: number;
}

/**
 * The page as a PNG, in memory, at 300 DPI or less: the scale drops so that the image stays
 * within `maxPixels` rather than failing.
 */
export async function renderPage(page: PDFPageProxy, maxPixels: number): Promise<RenderedPage> {
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
  const task = page.render({ canvas: canvas as unknown as RenderParameters['canvas'], viewport });
  await task.promise;
  clearDarkBorders(canvas.getContext('2d'), width, height);
  const png = await canvas.encode('png');
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), width, height };
}
