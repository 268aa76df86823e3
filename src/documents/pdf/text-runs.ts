import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { glyphWidth } from './glyph-width.ts';

export type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;
type TextItem = Extract<TextContent['items'][number], { str: string }>;

/** Text direction on the page in quarter turns clockwise: 0 upright, 1 running downwards, … */
export type Quadrant = 0 | 1 | 2 | 3;

/**
 * One whitespace-free piece of text, in the upright frame of its quadrant: x grows along the
 * baseline, y grows downwards across lines. Points.
 */
export interface Run {
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  top: number;
  bottom: number;
  size: number;
  /** Whitespace separated this piece from the previous / next one in the same text item. */
  spaceBefore: boolean;
  spaceAfter: boolean;
  rtl: boolean;
}

export interface Frame {
  quadrant: Quadrant;
  runs: Run[];
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** Unit vector along the baseline of a quadrant, in page space (y down). */
export const QUADRANT_AXES: Record<Quadrant, { ux: number; uy: number }> = {
  0: { ux: 1, uy: 0 },
  1: { ux: 0, uy: 1 },
  2: { ux: -1, uy: 0 },
  3: { ux: 0, uy: -1 },
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function quadrantOf(m: Matrix): Quadrant {
  const turns = Math.round(Math.atan2(m[1], m[0]) / (Math.PI / 2));
  return (((turns % 4) + 4) % 4) as Quadrant;
}

/**
 * Splits pdf.js text items into word pieces grouped by text direction. `viewport` maps PDF space
 * (origin bottom-left, page rotation not applied) to the upright page, origin top-left.
 */
export function textFrames(content: TextContent, viewport: number[]): Frame[] {
  const frames = new Map<Quadrant, Run[]>();
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const m = multiply(viewport as Matrix, item.transform as Matrix);
    const size = Math.hypot(m[2], m[3]);
    if (!(size > 0)) continue;
    const quadrant = quadrantOf(m);
    const style = content.styles[item.fontName];
    const runs = frames.get(quadrant) ?? [];
    runs.push(...itemRuns(item, m, quadrant, size, style?.ascent, style?.descent));
    frames.set(quadrant, runs);
  }
  return [...frames].map(([quadrant, runs]) => ({ quadrant, runs }));
}

function itemRuns(
  item: TextItem,
  m: Matrix,
  quadrant: Quadrant,
  size: number,
  ascent = 0.8,
  descent = -0.2,
): Run[] {
  const { ux, uy } = QUADRANT_AXES[quadrant];
  // Frame coordinates: along the baseline, and across it (the baseline normal points down the page).
  const start = m[4] * ux + m[5] * uy;
  const baseline = m[4] * -uy + m[5] * ux;
  // Some fonts state no usable metrics (NaN ascent): the defaults stand in, or every box is NaN.
  const top = baseline - clamp(Number.isFinite(ascent) ? ascent : 0.8, 0.5, 1.1) * size;
  const bottom = baseline + clamp(Number.isFinite(descent) ? -descent : 0.2, 0.1, 0.45) * size;
  const rtl = item.dir === 'rtl';
  const str = item.str;
  // pdf.js gives one advance for the whole item; glyph widths apportion it to the words in it.
  const offsets = [0];
  for (let i = 0; i < str.length; i++) offsets.push(offsets[i]! + glyphWidth(str[i]!));
  const total = offsets[str.length]!;
  // Some Type 3 fonts report no advance: the glyph estimate stands in for it.
  const width = item.width > 0 ? item.width : total * size;
  const runs: Run[] = [];
  for (const match of str.matchAll(/\S+/g)) {
    const from = match.index;
    const to = from + match[0].length;
    let a = (offsets[from]! / total) * width;
    let b = (offsets[to]! / total) * width;
    if (rtl) [a, b] = [width - b, width - a];
    runs.push({
      text: match[0],
      x0: start + a,
      x1: start + b,
      baseline,
      top,
      bottom,
      size,
      spaceBefore: from > 0,
      spaceAfter: to < str.length,
      rtl,
    });
  }
  return runs;
}
