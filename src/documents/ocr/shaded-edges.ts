import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { unionBox } from '../bbox.ts';
import type { OcrResult } from '../model.ts';
import type { ShadedEdges } from './prepared-image.ts';

/**
 * The shadow a scanner's lid casts along an edge of the page, or a grey desk beside a photographed
 * one: a band of grey, darker than the paper and without a stroke of ink in it. Tesseract reads its
 * grain as a character at the end of every line ("SE556873214201 5"), which then joins the value
 * beside it. Columns (and rows) at an edge whose grey is darker than the paper's and that hold no
 * ink are such a band, up to the first that does not qualify, and the words read inside it are
 * dropped after recognition. The band is not painted white: that would move the page's global
 * threshold and change how every other line reads (painted, sroie-more lost 1.1 points).
 */

/** Darker than the paper's grey by this much (0–255), a column is shaded. */
const SHADED_BY = 8;
/** A column holding a pixel this dark holds ink (a letter, a rule): it is page, not shadow. */
const INK = 120;
/** Its grey this uneven (standard deviation), a column holds print, however faint. */
const MAX_SPREAD = 15;
/** At most this share of the width (height) is taken for shadow at each edge. */
const MAX_SHARE = 0.12;
/** The statistics are read from a copy at most this many pixels on its long side. */
const SIDE = 1600;

interface Line {
  mean: number;
  spread: number;
  darkest: number;
}

/** The shaded inkless bands along a canvas's edges. */
export function shadedEdges(context: SKRSContext2D, width: number, height: number): ShadedEdges {
  const step = Math.max(1, Math.ceil(Math.max(width, height) / SIDE));
  const w = Math.max(1, Math.ceil(width / step));
  const h = Math.max(1, Math.ceil(height / step));
  const small = createCanvas(w, h).getContext('2d');
  small.drawImage(context.canvas, 0, 0, width, height, 0, 0, w, h);
  const rgba = small.getImageData(0, 0, w, h).data;
  const grey = new Uint8Array(w * h);
  for (let p = 0, i = 0; p < grey.length; p++, i += 4) {
    grey[p] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
  }
  const columns = Array.from({ length: w }, (_, x) => statistics(grey, x, w, h));
  const rows = Array.from({ length: h }, (_, y) => statistics(grey, y * w, 1, w));
  return {
    left: shadedFromEdge(columns, false) * step,
    right: shadedFromEdge(columns, true) * step,
    top: shadedFromEdge(rows, false) * step,
    bottom: shadedFromEdge(rows, true) * step,
  };
}

/**
 * The recognised page without the words whose middle lies in a shaded band (`edges` in the pixels
 * of the image recognised); a line left without words is dropped.
 */
export function withoutShadedWords(result: OcrResult, edges: ShadedEdges | undefined): OcrResult {
  if (!edges || edges.left + edges.right + edges.top + edges.bottom === 0) return result;
  const inside = (box: { x0: number; y0: number; x1: number; y1: number }) => {
    const x = (box.x0 + box.x1) / 2;
    const y = (box.y0 + box.y1) / 2;
    return (
      x >= edges.left &&
      x <= result.width - edges.right &&
      y >= edges.top &&
      y <= result.height - edges.bottom
    );
  };
  const lines = result.lines.flatMap((line) => {
    const words = line.words.filter((word) => !word.bbox || inside(word.bbox));
    if (words.length === line.words.length) return [line];
    if (words.length === 0) return [];
    const bbox = unionBox(words.flatMap((word) => (word.bbox ? [word.bbox] : []))) ?? line.bbox;
    return [{ ...line, bbox, words, text: words.map((word) => word.text).join(' ') }];
  });
  return { ...result, lines };
}

/** Mean, standard deviation and darkest value of `count` pixels from `start`, `stride` apart. */
function statistics(grey: Uint8Array, start: number, stride: number, count: number): Line {
  let sum = 0;
  let squares = 0;
  let darkest = 255;
  for (let k = 0, p = start; k < count; k++, p += stride) {
    const v = grey[p]!;
    sum += v;
    squares += v * v;
    if (v < darkest) darkest = v;
  }
  const mean = sum / count;
  return { mean, spread: Math.sqrt(Math.max(0, squares / count - mean * mean)), darkest };
}

/** How many lines from one end are shaded and inkless, compared with the paper's grey. */
function shadedFromEdge(lines: Line[], fromEnd: boolean): number {
  const paper = median(lines.map((line) => line.mean));
  const most = Math.floor(lines.length * MAX_SHARE);
  let n = 0;
  while (n < most) {
    const line = lines[fromEnd ? lines.length - 1 - n : n]!;
    const shadow = line.mean < paper - SHADED_BY && line.darkest > INK && line.spread < MAX_SPREAD;
    const blank = line.darkest > INK && line.spread < MAX_SPREAD;
    // Blank paper between the shadow and the edge (a white border) is passed over, not stopped at.
    if (!shadow && !blank) break;
    n++;
  }
  // Only as far as the last shaded line: blank paper further in is left as it is.
  while (n > 0) {
    const line = lines[fromEnd ? lines.length - n : n - 1]!;
    if (line.mean < paper - SHADED_BY) break;
    n--;
  }
  return n;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 255;
}
