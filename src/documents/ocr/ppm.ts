import type { SKRSContext2D } from '@napi-rs/canvas';

/** Pixels converted between two turns of the event loop: a few milliseconds of work. */
const BAND_PIXELS = 512 * 1024;

/**
 * The canvas as a binary PPM (P6). Leptonica reads it without decompressing, and building it is
 * ten times cheaper than encoding a PNG, for the same pixels and so the same OCR. The pixels are
 * copied band by band, yielding in between, so a large page does not hold up the event loop.
 *
 * The bytes live in a SharedArrayBuffer: a receipt's PPM is about 9 MB, and on its way from the
 * preparation worker through the main thread to the OCR worker a shared buffer is passed, never
 * copied (tesseract.js copies any other buffer it is given, twice, on the main thread, where
 * those copies cost milliseconds each and forced garbage collections of 50 to 200 ms).
 */
export async function canvasToPpm(
  context: SKRSContext2D,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const head = Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1');
  const out = new Uint8Array(new SharedArrayBuffer(head.length + width * height * 3));
  out.set(head);
  const rowsPerBand = Math.max(1, Math.floor(BAND_PIXELS / width));
  let at = head.length;
  for (let y = 0; y < height; y += rowsPerBand) {
    const rgba = context.getImageData(0, y, width, Math.min(rowsPerBand, height - y)).data;
    for (let i = 0; i < rgba.length; i += 4) {
      out[at++] = rgba[i]!;
      out[at++] = rgba[i + 1]!;
      out[at++] = rgba[i + 2]!;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

/** Width and height from a binary PPM/PGM header, or undefined when the bytes are not one. */
export function ppmSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('latin1');
  const match = /^P[56]\s+(\d+)\s+(\d+)\s/.exec(head);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}
