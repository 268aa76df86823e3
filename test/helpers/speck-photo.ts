import { createCanvas } from '@napi-rs/canvas';

/**
 * An 800 × 400 PNG without a resolution, white but for a speck of ink (so that it is not a blank
 * page): what a fake OCR engine is handed prepared at 1200 pixels wide, taken at 300 DPI.
 */
export function speckPhoto(): Uint8Array {
  const canvas = createCanvas(800, 400);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 800, 400);
  ctx.fillStyle = '#000';
  ctx.fillRect(60, 60, 10, 10);
  return canvas.encodeSync('png');
}
