import { createCanvas, Image } from '@napi-rs/canvas';
import { AppError } from '../../errors.ts';
import { type ImageHeader, uprightSize } from '../image/image-header.ts';
import { clearDarkBorders } from './clear-borders.ts';
import { clearRulings } from './clear-rulings.ts';
import { canvasToPnm } from './ppm.ts';
import type { PreparedImage } from './prepared-image.ts';
import { shadedEdges } from './shaded-edges.ts';

export interface PreprocessOptions {
  /** Narrower images are enlarged to this width: small receipt scans have text Tesseract misreads. */
  minWidth: number;
  /** Larger images are reduced to this many pixels, to bound the OCR worker's memory. */
  maxPixels: number;
}

/**
 * Measured on the SROIE receipts (eval/ocr-recall.ts): enlarging scans narrower than 1200 px to
 * 1200 px raised recall (1000 and 1400 px did less well); grayscale, contrast stretching, Otsu
 * binarisation, shrinking large scans to 2500 px and scaling to a fixed text height (20–48 px) did
 * not help, so none of them is done. Clearing dark margins did (clear-borders.ts).
 */
export const DEFAULT_PREPROCESS: PreprocessOptions = { minWidth: 1200, maxPixels: 40_000_000 };

/**
 * The image as Tesseract should see it: decoded (the decoder applies the EXIF orientation), resized
 * onto white, dark margins cleared, and handed over as raw pixels (PGM when grey, ppm.ts). Nothing
 * touches the disk.
 */
export async function prepareForOcr(
  bytes: Uint8Array,
  header: ImageHeader,
  options: PreprocessOptions = DEFAULT_PREPROCESS,
): Promise<PreparedImage> {
  const upright = uprightSize(header);
  const scale = chooseScale(upright.width, upright.height, options);
  const image = await decode(bytes, upright);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  // Transparent areas would otherwise read as black and swallow dark text.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  clearDarkBorders(context, width, height);
  const edges = shadedEdges(context, width, height);
  await clearRulings(context, width, height);
  return { image: await canvasToPnm(context, width, height), scale: width / image.width, edges };
}

export function chooseScale(width: number, height: number, options: PreprocessOptions): number {
  let scale = options.minWidth > 0 && width < options.minWidth ? options.minWidth / width : 1;
  const pixels = width * height * scale * scale;
  if (options.maxPixels > 0 && pixels > options.maxPixels) scale *= Math.sqrt(options.maxPixels / pixels);
  return scale;
}

async function decode(bytes: Uint8Array, upright: { width: number; height: number }): Promise<Image> {
  const image = new Image();
  try {
    image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await image.decode();
  } catch (error) {
    throw new AppError('corrupt_document', { reason: 'the image data cannot be decoded' }, { cause: error });
  }
  if (image.width !== upright.width || image.height !== upright.height) {
    // The decoder saw another raster than the header announced: the pixel guard cannot be trusted.
    throw new AppError('corrupt_document', { reason: 'the image size does not match its header' });
  }
  return image;
}
