import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js';

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
]);
/** Text converted to outlines shows up as many filled paths. */
const MANY_PATHS = 50;

/** Whether the page paints something OCR could read: an image, or text drawn as outlines. */
export async function paintsPicture(page: PDFPageProxy): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  let paths = 0;
  for (const op of fnArray) {
    if (IMAGE_OPS.has(op)) return true;
    if (op === OPS.constructPath && ++paths >= MANY_PATHS) return true;
  }
  return false;
}
