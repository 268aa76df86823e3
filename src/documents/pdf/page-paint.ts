import { OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
]);
/** Share of the page that images must cover to be a scan rather than a logo or a bullet. */
export const SCAN_COVERAGE = 0.1;
/** Text converted to outlines shows up as many filled paths. */
const MANY_PATHS = 50;

type Args = unknown[];
const determinant = (m: unknown) =>
  Array.isArray(m) && m.length >= 4 ? Math.abs(Number(m[0]) * Number(m[3]) - Number(m[1]) * Number(m[2])) : 1;

/**
 * Whether the page paints something OCR could read: images covering a good part of it, or text
 * drawn as outlines. An image is painted on the unit square, so the area it covers is the
 * determinant of the current transform, which is all that is tracked here.
 */
export async function paintsPicture(page: PDFPageProxy, pageArea: number): Promise<boolean> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const stack: number[] = [];
  let scale = 1;
  let covered = 0;
  let paths = 0;
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i]!;
    const args = (argsArray[i] ?? []) as Args;
    if (op === OPS.save) stack.push(scale);
    else if (op === OPS.restore || op === OPS.paintFormXObjectEnd || op === OPS.endGroup)
      scale = stack.pop() ?? 1;
    else if (op === OPS.transform) scale *= determinant(args);
    else if (op === OPS.paintFormXObjectBegin) {
      stack.push(scale);
      scale *= determinant(args[0]);
    } else if (op === OPS.beginGroup) {
      stack.push(scale);
      scale *= determinant((args[0] as { matrix?: unknown } | undefined)?.matrix);
    } else if (IMAGE_OPS.has(op)) covered += scale;
    else if (op === OPS.constructPath) paths++;
    if (covered >= SCAN_COVERAGE * pageArea || paths >= MANY_PATHS) return true;
  }
  return false;
}
