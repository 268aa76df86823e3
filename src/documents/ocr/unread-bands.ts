import type { BBox, OcrEngine, OcrResult, OcrThreshold, Word } from '../model.ts';
import { cropPnmRows, type PnmLayout, pnmLayout } from './ppm.ts';

type OcrLine = OcrResult['lines'][number];

/** A horizontal band of ink that no recognised line covers, in the page image's pixels. */
export interface InkBand {
  y0: number;
  y1: number;
}

export interface UnreadBandOptions {
  /** A pixel darker than this (0–255) is ink. */
  dark: number;
  /** A row holds ink when at least this many of its pixels do (specks of dust do not count). */
  minInkPixels: number;
  /** Rows this close to a recognised line belong to it (its ascenders, descenders, underline). */
  margin: number;
  /** A band shorter than this share of the page's usual line height is a rule or dotted line. */
  minHeight: number;
  /** A band taller than this share of the usual line height is a logo, a photo or a barcode. */
  maxHeight: number;
  /** At most this many bands are read again, the tallest first. */
  maxBands: number;
  /** A line read in a band is kept when its words' mean confidence reaches this (0–1). */
  minConfidence: number;
}

/**
 * Tesseract reads a page in mode 6 (one uniform block of text), which serves receipts best
 * (tesseract-pool.ts), but in that mode it skips a line in a much larger type than the rest: the
 * shop's or firm's name in its title line, often the very value asked for. Measured on the tuning
 * halves of SROIE and receipts-4: such titles were left unread on 3 of 58 images and read right when
 * their band alone was recognised again. Rules and logos are bands too: they are told apart by height,
 * and what they read as is dropped by confidence. Ink is read on the first channel of a colour image.
 */
export const DEFAULT_UNREAD_BANDS: UnreadBandOptions = {
  dark: 128,
  minInkPixels: 4,
  margin: 3,
  minHeight: 0.8,
  maxHeight: 6,
  maxBands: 8,
  minConfidence: 0.6,
};

/** White rows around a band read on its own. */
const PAD = 8;

/**
 * The page recognised, then every band of ink it left unread recognised on its own and its lines
 * added in their place. The page image must be a PGM/PPM (what the readers prepare); any other image
 * is recognised once, as it was.
 */
export async function recognizeWithUnreadBands(
  ocr: OcrEngine,
  image: Uint8Array,
  signal: AbortSignal | undefined,
  options: UnreadBandOptions = DEFAULT_UNREAD_BANDS,
  threshold: OcrThreshold = 'global',
): Promise<OcrResult> {
  const page = await ocr.recognize(image, { signal, threshold });
  const layout = pnmLayout(image);
  if (!layout || page.lines.length === 0) return page;
  const bands = unreadBands(image, layout, page.lines, options);
  const added: OcrLine[] = [];
  for (const band of bands) {
    signal?.throwIfAborted();
    const read = await ocr.recognize(cropPnmRows(image, layout, band.y0, band.y1, PAD), {
      signal,
      threshold,
    });
    for (const line of read.lines) {
      if (isLegible(line, options.minConfidence)) added.push(shifted(line, band.y0 - PAD));
    }
  }
  return added.length === 0 ? page : { ...page, lines: inReadingOrder(page.lines, added) };
}

/** The bands of ink between (or around) the recognised lines worth reading again, top to bottom. */
export function unreadBands(
  image: Uint8Array,
  layout: PnmLayout,
  lines: readonly { bbox: BBox }[],
  options: UnreadBandOptions = DEFAULT_UNREAD_BANDS,
): InkBand[] {
  const { width, height, channels, offset } = layout;
  const covered = new Uint8Array(height);
  for (const { bbox } of lines) {
    const from = Math.max(0, Math.floor(bbox.y0) - options.margin);
    const to = Math.min(height, Math.ceil(bbox.y1) + options.margin);
    covered.fill(1, from, to);
  }
  const lineHeight = medianHeight(lines);
  const fits = (band: InkBand) =>
    band.y1 - band.y0 >= options.minHeight * lineHeight &&
    band.y1 - band.y0 <= options.maxHeight * lineHeight;
  const bands: InkBand[] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    const inked =
      y < height &&
      covered[y] === 0 &&
      inkPixels(image, offset + y * width * channels, width, channels, options) >= options.minInkPixels;
    if (inked && start < 0) start = y;
    if (!inked && start >= 0) {
      const band = { y0: start, y1: y };
      if (fits(band)) bands.push(band);
      start = -1;
    }
  }
  return bands
    .sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0))
    .slice(0, options.maxBands)
    .sort((a, b) => a.y0 - b.y0);
}

function inkPixels(
  image: Uint8Array,
  row: number,
  width: number,
  channels: number,
  options: UnreadBandOptions,
) {
  let ink = 0;
  const end = row + width * channels;
  for (let at = row; at < end && ink < options.minInkPixels; at += channels) {
    if (image[at]! < options.dark) ink++;
  }
  return ink;
}

function medianHeight(lines: readonly { bbox: BBox }[]): number {
  const heights = lines.map(({ bbox }) => bbox.y1 - bbox.y0).sort((a, b) => a - b);
  return heights[heights.length >> 1] ?? 0;
}

function isLegible(line: OcrLine, minConfidence: number): boolean {
  if (!/[\p{L}\p{N}]{2}/u.test(line.text)) return false;
  const mean = line.words.reduce((sum, word) => sum + word.confidence, 0) / line.words.length;
  return mean >= minConfidence;
}

function shifted(line: OcrLine, dy: number): OcrLine {
  const move = (box: BBox): BBox => ({ x0: box.x0, y0: box.y0 + dy, x1: box.x1, y1: box.y1 + dy });
  return {
    text: line.text,
    bbox: move(line.bbox),
    words: line.words.map((word): Word => (word.bbox ? { ...word, bbox: move(word.bbox) } : word)),
  };
}

/** Each added line goes before the first recognised line that starts below it. */
function inReadingOrder(lines: OcrLine[], added: OcrLine[]): OcrLine[] {
  const merged = [...lines];
  for (const line of added) {
    const at = merged.findIndex((other) => other.bbox.y0 > line.bbox.y0);
    merged.splice(at < 0 ? merged.length : at, 0, line);
  }
  return merged;
}
