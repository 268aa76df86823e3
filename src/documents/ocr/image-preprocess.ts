import { createCanvas, Image } from '@napi-rs/canvas';
import { AppError } from '../../errors.ts';
import type { ImageHeader } from '../image/image-header.ts';

export interface PreparedImage {
  /** PNG bytes handed to the OCR engine: upright, without metadata. */
  image: Uint8Array;
  /** Prepared pixels per pixel of the upright original. */
  scale: number;
  width: number;
  height: number;
}

export interface PreprocessOptions {
  /** Narrower images are enlarged to this width: Tesseract misreads text only a dozen pixels tall. */
  minWidth: number;
  /** Wider images are reduced to this width: beyond it OCR only gets slower. */
  maxWidth: number;
}

export const DEFAULT_PREPROCESS: PreprocessOptions = { minWidth: 0, maxWidth: 2500 };

/**
 * Decodes the image (the decoder applies the EXIF orientation, so the result is upright), resizes
 * it to a width Tesseract reads well and encodes it as PNG. Nothing touches the disk.
 */
export async function prepareForOcr(
  bytes: Uint8Array,
  header: ImageHeader,
  options: PreprocessOptions = DEFAULT_PREPROCESS,
): Promise<PreparedImage> {
  const image = await decode(bytes, header);
  const scale = chooseScale(image.width, options);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  // Transparent PNG areas would otherwise turn black and swallow dark text.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const png = await canvas.encode('png');
  return { image: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), scale, width, height };
}

export function chooseScale(width: number, options: PreprocessOptions): number {
  if (options.minWidth > 0 && width < options.minWidth) return options.minWidth / width;
  if (options.maxWidth > 0 && width > options.maxWidth) return options.maxWidth / width;
  return 1;
}

async function decode(bytes: Uint8Array, header: ImageHeader): Promise<Image> {
  const image = new Image();
  try {
    image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await image.decode();
  } catch (error) {
    throw new AppError('corrupt_document', { reason: 'the image data cannot be decoded' }, { cause: error });
  }
  if (
    image.width === 0 ||
    image.height === 0 ||
    image.width * image.height !== header.width * header.height
  ) {
    // The decoder saw another raster than the header announced: the pixel guard cannot be trusted.
    throw new AppError('corrupt_document', { reason: 'the image size does not match its header' });
  }
  return image;
}
