import type { SKRSContext2D } from '@napi-rs/canvas';

/** Pixels converted between two turns of the event loop: a few milliseconds of work. */
const BAND_PIXELS = 512 * 1024;

/**
 * The canvas as a binary PGM (P5, one byte a pixel) when every pixel is grey, as most scans are, or
 * else as a PPM (P6). Leptonica reads either without decompressing, and building one is ten times
 * cheaper than encoding a PNG, for the same pixels and so the same OCR. The pixels are copied band by
 * band, yielding in between, so a large page does not hold up the event loop.
 *
 * Grey as one channel reads exactly as the same grey in three: Tesseract's colour Otsu threshold of
 * three equal channels is the grey one, and its luminance of (v, v, v) is v (tested on the 56 grey
 * SROIE receipts: every word, box and confidence the same). It reads faster, with a third of the
 * bytes to copy, decode and threshold.
 *
 * The bytes live in a SharedArrayBuffer: a receipt's PPM is about 9 MB, and on its way from the
 * preparation worker through the main thread to the OCR worker a shared buffer is passed, never
 * copied (tesseract.js copies any other buffer it is given, twice, on the main thread, where
 * those copies cost milliseconds each and forced garbage collections of 50 to 200 ms).
 */
export async function canvasToPnm(
  context: SKRSContext2D,
  width: number,
  height: number,
): Promise<Uint8Array> {
  return (await convert(context, width, height, true))!;
}

/**
 * canvasToPnm's PGM of a grey canvas, or undefined as soon as a pixel is not grey: for a caller that
 * hands colour over otherwise (render-page.ts: a colour page as a PNG, a sixth of a PPM's size).
 */
export function canvasToPgm(context: SKRSContext2D, width: number, height: number) {
  return convert(context, width, height, false);
}

async function convert(
  context: SKRSContext2D,
  width: number,
  height: number,
  colourToo: boolean,
): Promise<Uint8Array | undefined> {
  // Written as grey until a pixel with unequal channels turns up, then as colour from there on.
  const grey = emptyPnm('P5', width, height);
  let colour: { bytes: Uint8Array; at: number } | undefined;
  let at = grey.start;
  const rowsPerBand = Math.max(1, Math.floor(BAND_PIXELS / width));
  for (let y = 0; y < height; y += rowsPerBand) {
    const rgba = context.getImageData(0, y, width, Math.min(rowsPerBand, height - y)).data;
    let i = 0;
    if (!colour) {
      for (; i < rgba.length; i += 4) {
        const value = rgba[i]!;
        if (value !== rgba[i + 1] || value !== rgba[i + 2]) break;
        grey.bytes[at++] = value;
      }
      if (i < rgba.length) {
        if (!colourToo) return undefined;
        colour = greyToColour(grey.bytes, grey.start, at, width, height);
      }
    }
    if (colour) {
      const out = colour.bytes;
      let to = colour.at;
      for (; i < rgba.length; i += 4) {
        out[to++] = rgba[i]!;
        out[to++] = rgba[i + 1]!;
        out[to++] = rgba[i + 2]!;
      }
      colour.at = to;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return colour ? colour.bytes : grey.bytes;
}

function emptyPnm(magic: 'P5' | 'P6', width: number, height: number): { bytes: Uint8Array; start: number } {
  const head = Buffer.from(`${magic}\n${width} ${height}\n255\n`, 'latin1');
  const channels = magic === 'P6' ? 3 : 1;
  const bytes = new Uint8Array(new SharedArrayBuffer(head.length + width * height * channels));
  bytes.set(head);
  return { bytes, start: head.length };
}

/** A PPM holding the grey pixels written so far (`grey` from `start` to `end`) as three equal channels. */
function greyToColour(grey: Uint8Array, start: number, end: number, width: number, height: number) {
  const colour = emptyPnm('P6', width, height);
  let at = colour.start;
  for (let g = start; g < end; g++) {
    const value = grey[g]!;
    colour.bytes[at++] = value;
    colour.bytes[at++] = value;
    colour.bytes[at++] = value;
  }
  return { bytes: colour.bytes, at };
}

/** Width and height from a binary PPM/PGM header, or undefined when the bytes are not one. */
export function ppmSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const layout = pnmLayout(bytes);
  return layout ? { width: layout.width, height: layout.height } : undefined;
}

export interface PnmLayout {
  width: number;
  height: number;
  /** 1 for a PGM, 3 for a PPM. */
  channels: number;
  /** Where the pixels start, after the header. */
  offset: number;
}

/** A binary PGM/PPM's header, or undefined when the bytes are not one with 8-bit samples. */
export function pnmLayout(bytes: Uint8Array): PnmLayout | undefined {
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
  return size <= bytes.byteLength ? layout : undefined;
}

/**
 * Rows y0 (included) to y1 (excluded) of a PGM/PPM as a PGM/PPM of their own, in a shared buffer,
 * with `pad` white rows above and below: Tesseract misreads text that touches the image's edge.
 */
export function cropPnmRows(
  bytes: Uint8Array,
  layout: PnmLayout,
  y0: number,
  y1: number,
  pad = 0,
): Uint8Array {
  const top = Math.max(0, Math.min(layout.height, y0));
  const bottom = Math.max(top, Math.min(layout.height, y1));
  const rowBytes = layout.width * layout.channels;
  const crop = emptyPnm(layout.channels === 3 ? 'P6' : 'P5', layout.width, bottom - top + 2 * pad);
  crop.bytes.fill(255, crop.start);
  const from = bytes.byteOffset + layout.offset + top * rowBytes;
  crop.bytes.set(new Uint8Array(bytes.buffer, from, (bottom - top) * rowBytes), crop.start + pad * rowBytes);
  return crop.bytes;
}

/**
 * A box of a PGM/PPM, enlarged `factor` times (bilinear) onto a grey PGM with `pad` white pixels
 * around it, in a shared buffer. Colour is read as its luminance.
 */
export function cropPnmScaled(
  bytes: Uint8Array,
  layout: PnmLayout,
  box: { x0: number; y0: number; x1: number; y1: number },
  factor: number,
  pad: number,
): Uint8Array {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const w = Math.max(1, Math.min(layout.width, Math.ceil(box.x1)) - x0);
  const h = Math.max(1, Math.min(layout.height, Math.ceil(box.y1)) - y0);
  const width = Math.round(w * factor);
  const height = Math.round(h * factor);
  const out = emptyPnm('P5', width + 2 * pad, height + 2 * pad);
  out.bytes.fill(255, out.start);
  const { channels, offset } = layout;
  const grey = (x: number, y: number) => {
    const at = offset + ((y0 + y) * layout.width + x0 + x) * channels;
    if (channels === 1) return bytes[at]!;
    return 0.299 * bytes[at]! + 0.587 * bytes[at + 1]! + 0.114 * bytes[at + 2]!;
  };
  // Source positions of each output column, computed once for every row.
  const xs = new Int32Array(width);
  const xt = new Float64Array(width);
  for (let X = 0; X < width; X++) {
    const sx = Math.min(w - 1, Math.max(0, (X + 0.5) / factor - 0.5));
    xs[X] = Math.floor(sx);
    xt[X] = sx - xs[X]!;
  }
  for (let Y = 0; Y < height; Y++) {
    const sy = Math.min(h - 1, Math.max(0, (Y + 0.5) / factor - 0.5));
    const ya = Math.floor(sy);
    const yb = Math.min(h - 1, ya + 1);
    const ty = sy - ya;
    let at = out.start + (Y + pad) * (width + 2 * pad) + pad;
    for (let X = 0; X < width; X++) {
      const xa = xs[X]!;
      const xb = Math.min(w - 1, xa + 1);
      const tx = xt[X]!;
      const top = (1 - tx) * grey(xa, ya) + tx * grey(xb, ya);
      const bottom = (1 - tx) * grey(xa, yb) + tx * grey(xb, yb);
      out.bytes[at++] = Math.round((1 - ty) * top + ty * bottom);
    }
  }
  return out.bytes;
}
