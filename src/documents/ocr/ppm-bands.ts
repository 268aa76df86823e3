import type { BBox, OcrResult } from '../model.ts';

/** Where a binary PPM (P6) or PGM (P5) keeps its pixels, 8 bits a sample. */
export interface PpmLayout {
  width: number;
  height: number;
  /** Bytes a pixel: 3 for P6, 1 for P5. */
  channels: number;
  /** Index in the bytes of the first pixel, after the header. */
  offset: number;
}

/** Rows [top, bottom) of the image read as one band. */
export interface Band {
  top: number;
  bottom: number;
}

export interface BandOptions {
  /** No band shorter than this: each recognition has a fixed cost, and short bands do not repay it. */
  minHeight: number;
  /** Blank rows in a row at least, for a cut: a cut sits in the middle of a gap between text lines. */
  minGap: number;
}

/**
 * A band of a receipt prepared at 1200 px wide holds a dozen lines at this height, about 300 ms of
 * recognition: the extra call (set-up, image read, result) costs a few per cent of that.
 */
export const DEFAULT_BAND_OPTIONS: BandOptions = { minHeight: 320, minGap: 3 };

/**
 * A row is blank when no sample in it is under 224: paper, not ink. Tesseract binarises with Otsu's
 * threshold, which lay between 145 and 196 on the SROIE receipts (paper near 250, anti-aliased
 * glyph edges in between), so even the grey fringe of a glyph keeps its row from being cut. 224 is
 * also cheap to test four bytes at a time: a byte is under it when its three top bits are not all set.
 */
const PAPER = 0xe0;
const PAPER_MASK = 0xe0e0e0e0 | 0; // as the signed 32-bit number that `&` gives

/** The layout of a binary PPM/PGM with a maxval of 255 and no comments, or undefined for anything else. */
export function readPpmLayout(bytes: Uint8Array): PpmLayout | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('latin1');
  const match = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
  if (!match) return undefined;
  const layout = {
    width: Number(match[2]),
    height: Number(match[3]),
    channels: match[1] === '6' ? 3 : 1,
    offset: match[0].length,
  };
  const size = layout.offset + layout.width * layout.height * layout.channels;
  return layout.width > 0 && layout.height > 0 && size <= bytes.byteLength ? layout : undefined;
}

/**
 * Ink per row: how many aligned 4-byte words of the row hold a sample darker than paper (0 for a
 * blank row). A word, not a pixel, is counted: the figure only weighs the rows against each other.
 */
export function inkPerRow(bytes: Uint8Array, layout: PpmLayout): Uint32Array {
  const stride = layout.width * layout.channels;
  const ink = new Uint32Array(layout.height);
  const start = bytes.byteOffset + layout.offset;
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(bytes.buffer.byteLength / 4));
  const all = new Uint8Array(bytes.buffer);
  for (let y = 0; y < layout.height; y++) {
    let at = start + y * stride;
    const end = at + stride;
    let count = 0;
    // The ends of a row that do not fill an aligned word are read byte by byte.
    for (; at < end && at % 4 !== 0; at++) if (all[at]! < PAPER) count++;
    const last = end - (end % 4);
    for (let w = at / 4; w < last / 4; w++) if ((words[w]! & PAPER_MASK) !== PAPER_MASK) count++;
    for (at = Math.max(at, last); at < end; at++) if (all[at]! < PAPER) count++;
    ink[y] = count;
  }
  return ink;
}

/**
 * At most `parts` bands covering every row, cut only in the middle of runs of blank rows, each cut
 * the one whose share of the ink above it is nearest an equal share: recognition time follows the
 * text, not the rows. One band (the whole image) when there is no cut to make.
 */
export function planBands(
  ink: Uint32Array,
  parts: number,
  options: BandOptions = DEFAULT_BAND_OPTIONS,
): Band[] {
  const height = ink.length;
  const count = Math.min(parts, Math.floor(height / options.minHeight));
  const whole = [{ top: 0, bottom: height }];
  if (count < 2) return whole;
  const gaps = blankGaps(ink, options.minGap);
  if (gaps.length === 0) return whole;
  const above = new Float64Array(height + 1);
  for (let y = 0; y < height; y++) above[y + 1] = above[y]! + ink[y]!;
  const total = above[height]!;
  if (total === 0) return whole;
  const cuts: number[] = [];
  for (let k = 1; k < count; k++) {
    const target = (total * k) / count;
    const previous = cuts.at(-1) ?? 0;
    let best: number | undefined;
    for (const cut of gaps) {
      if (cut - previous < options.minHeight || height - cut < options.minHeight) continue;
      if (best === undefined || Math.abs(above[cut]! - target) < Math.abs(above[best]! - target)) best = cut;
    }
    if (best !== undefined) cuts.push(best);
  }
  const bands: Band[] = [];
  let top = 0;
  for (const cut of cuts) {
    bands.push({ top, bottom: cut });
    top = cut;
  }
  bands.push({ top, bottom: height });
  return bands;
}

/** The middle row of every run of at least `minGap` blank rows with ink above and below it. */
function blankGaps(ink: Uint32Array, minGap: number): number[] {
  const gaps: number[] = [];
  let inked = false;
  let start = -1;
  for (let y = 0; y < ink.length; y++) {
    if (ink[y] === 0) {
      if (start < 0) start = y;
      continue;
    }
    if (inked && start >= 0 && y - start >= minGap) gaps.push(start + ((y - start) >> 1));
    inked = true;
    start = -1;
  }
  return gaps;
}

/**
 * The rows of a band as a PPM of their own, in a SharedArrayBuffer as the prepared image is (ppm.ts):
 * one copy of the band's rows, which the OCR worker then reads in place.
 */
export function cropPpm(bytes: Uint8Array, layout: PpmLayout, band: Band): Uint8Array {
  const magic = layout.channels === 3 ? 'P6' : 'P5';
  const head = Buffer.from(`${magic}\n${layout.width} ${band.bottom - band.top}\n255\n`, 'latin1');
  const stride = layout.width * layout.channels;
  const out = new Uint8Array(new SharedArrayBuffer(head.length + (band.bottom - band.top) * stride));
  out.set(head);
  const from = layout.offset + band.top * stride;
  out.set(bytes.subarray(from, from + (band.bottom - band.top) * stride), head.length);
  return out;
}

/**
 * The bands' results as one result of the whole image: lines in band order (bands go top to bottom
 * and no line crosses a cut), every box moved down by its band's top.
 */
export function mergeBands(results: OcrResult[], bands: Band[], size: { width: number; height: number }) {
  const lines: OcrResult['lines'] = [];
  results.forEach((result, i) => {
    const dy = bands[i]!.top;
    for (const line of result.lines) {
      lines.push({
        text: line.text,
        bbox: shift(line.bbox, dy),
        words: line.words.map((word) => (word.bbox ? { ...word, bbox: shift(word.bbox, dy) } : word)),
      });
    }
  });
  return { width: size.width, height: size.height, lines } satisfies OcrResult;
}

const shift = (box: BBox, dy: number): BBox => ({ x0: box.x0, y0: box.y0 + dy, x1: box.x1, y1: box.y1 + dy });

/**
 * Recognises a PPM as up to `workers` bands at once, each through `recognizeOne`, and merges them;
 * undefined when the image is no PPM or has no cut worth making (the caller reads it whole). Tesseract
 * fits its rows and spacing per block, so a band's lines can read a little differently from the same
 * lines in one pass: eval/ measured what this does to the fields.
 */
export function recognizeInBands(
  image: Uint8Array,
  workers: number,
  recognizeOne: (band: Uint8Array) => Promise<OcrResult>,
  options: BandOptions = DEFAULT_BAND_OPTIONS,
): Promise<OcrResult> | undefined {
  if (workers < 2) return undefined;
  const layout = readPpmLayout(image);
  if (!layout || layout.height < 2 * options.minHeight) return undefined;
  const bands = planBands(inkPerRow(image, layout), workers, options);
  if (bands.length < 2) return undefined;
  const results = bands.map((band) => recognizeOne(cropPpm(image, layout, band)));
  return Promise.all(results).then((done) => mergeBands(done, bands, layout));
}
