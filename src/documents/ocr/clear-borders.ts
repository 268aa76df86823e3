import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Dark margins around a scanned page: the scanner's lid, a table under a photographed receipt, the
 * torn black edge of thermal paper. Tesseract, reading the page as one block, can lose every line
 * to them (SROIE receipts with a black band at the top came back as a few specks). Dark pixels
 * connected to the image's edge are painted white, so only the paper is left.
 */

/** Luminance (0–255) at or under which a pixel counts as ink or background, not paper. */
const DARK = 96;
/**
 * When more than this share of the image is dark and touches the edge, the "paper" is the dark part
 * (light text on a dark background): nothing is cleared.
 */
const MAX_CLEARED_SHARE = 0.6;
/** Fewer dark edge pixels than this share of the image is noise, not a margin: left alone. */
const MIN_CLEARED_SHARE = 0.002;

/** The mask is computed on a copy at most this many pixels on its long side: margins are large. */
const MASK_SIDE = 1600;

/**
 * Paints white, in place, the dark regions of a canvas that touch its edges. The mask is read from
 * a reduced copy, where thin strokes of text average out to grey and so are never mistaken for a
 * margin. Returns the share of the page cleared (0 when nothing was).
 */
export function clearDarkBorders(context: SKRSContext2D, width: number, height: number): number {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / MASK_SIDE));
  const w = Math.max(1, Math.ceil(width / step));
  const h = Math.max(1, Math.ceil(height / step));
  const small = createCanvas(w, h);
  const smallContext = small.getContext('2d');
  smallContext.drawImage(context.canvas, 0, 0, width, height, 0, 0, w, h);
  const reached = darkEdgeRegions(smallContext.getImageData(0, 0, w, h).data, w, h);
  if (reached.count < w * h * MIN_CLEARED_SHARE || reached.count > w * h * MAX_CLEARED_SHARE) return 0;
  context.fillStyle = '#fff';
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      if (reached.mask[y * w + x] !== 2) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && reached.mask[y * w + x] === 2) x++;
      // One cell more on each side: the reduced copy blurs the margin's edge into grey.
      context.fillRect((start - 1) * step, (y - 1) * step, (x - start + 2) * step, 3 * step);
    }
  }
  return reached.count / (w * h);
}

function darkEdgeRegions(rgba: Uint8ClampedArray, width: number, height: number) {
  const size = width * height;
  const dark = new Uint8Array(size);
  for (let p = 0, i = 0; p < size; p++, i += 4) {
    const luminance = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
    dark[p] = luminance <= DARK ? 1 : 0;
  }
  return floodFromEdges(dark, width, height);
}

/** Marks (2) every dark pixel 4-connected to the edge; an explicit stack, so no recursion depth. */
function floodFromEdges(
  mask: Uint8Array,
  width: number,
  height: number,
): { mask: Uint8Array; count: number } {
  const stack = new Int32Array(width * height);
  let top = 0;
  let count = 0;
  const push = (p: number) => {
    if (mask[p] === 1) {
      mask[p] = 2;
      count++;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < (height - 1) * width) push(p + width);
  }
  return { mask, count };
}
