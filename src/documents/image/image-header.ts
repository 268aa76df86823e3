import { AppError } from '../../errors.ts';

/**
 * What an image's header says, read before any pixel is decoded, so that a bomb (a small file
 * claiming a huge raster) is refused without allocating it.
 */
export interface ImageHeader {
  /** Stored raster size, before EXIF orientation. */
  width: number;
  height: number;
  /** EXIF orientation 1–8; 1 when absent or out of range. */
  orientation: number;
  /** Dots per inch declared by the file (PNG pHYs, JPEG JFIF or EXIF), when it declares one. */
  dpi?: number;
}

export function readImageHeader(bytes: Uint8Array, format: 'png' | 'jpeg'): ImageHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const header = format === 'png' ? readPngHeader(bytes, view) : readJpegHeader(bytes, view);
    if (header.width > 0 && header.height > 0) return header;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  throw new AppError('corrupt_document', { format, reason: 'the image header is damaged' });
}

/** Orientations 5–8 turn the picture a quarter: width and height swap once it is upright. */
export function uprightSize(header: ImageHeader): { width: number; height: number } {
  return header.orientation >= 5
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height };
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function readPngHeader(bytes: Uint8Array, view: DataView): ImageHeader {
  // Signature (8) then IHDR must come first: length (4), type (4), width (4), height (4).
  if (ascii(bytes, 12, 4) !== 'IHDR') throw new RangeError('no IHDR');
  const header: ImageHeader = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    orientation: 1, // eXIf orientation is left out: the decoder does not apply it either
  };
  try {
    readPngMetadata(bytes, view, header);
  } catch (error) {
    // A chunk cut short after IHDR is the decoder's to judge; the size is already known.
    if (!(error instanceof RangeError)) throw error;
  }
  return header;
}

/** pHYs must precede the image data; stop there rather than walk the whole file. */
function readPngMetadata(bytes: Uint8Array, view: DataView, header: ImageHeader): void {
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const body = at + 8;
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'pHYs' && length >= 9 && view.getUint8(body + 8) === 1) {
      // Unit 1 is pixels per metre, stored as an integer: 300 dpi comes back as 299.9994.
      header.dpi = Math.round(view.getUint32(body) * 0.0254);
    }
    at = body + length + 4; // + CRC
  }
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpegHeader(bytes: Uint8Array, view: DataView): ImageHeader {
  const header: ImageHeader = { width: 0, height: 0, orientation: 1 };
  let exifDpi: number | undefined;
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (view.getUint8(at) !== 0xff) throw new RangeError('marker expected');
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    const body = at + 4;
    if (marker === 0xe0 && ascii(bytes, body, 5) === 'JFIF\0') {
      header.dpi = jfifDpi(view, body);
    } else if (marker === 0xe1 && ascii(bytes, body, 6) === 'Exif\0\0') {
      const tiff = readTiff(view, body + 6, length - 8);
      header.orientation = tiff.orientation ?? header.orientation;
      exifDpi = tiff.dpi;
    } else if (SOF_MARKERS.has(marker)) {
      header.height = view.getUint16(body + 1);
      header.width = view.getUint16(body + 3);
      header.dpi ??= exifDpi;
      return header;
    } else if (marker === 0xda || marker === 0xd9) {
      break; // scan data or end of image before any frame header
    }
    at = body + length - 2;
  }
  throw new RangeError('no frame header');
}

function jfifDpi(view: DataView, body: number): number | undefined {
  const units = view.getUint8(body + 7);
  const density = view.getUint16(body + 8);
  if (units === 1) return density;
  if (units === 2) return Math.round(density * 2.54);
  return undefined; // 0: an aspect ratio only
}

const TAG_ORIENTATION = 0x0112;
const TAG_X_RESOLUTION = 0x011a;
const TAG_RESOLUTION_UNIT = 0x0128;

/** Metadata is optional: a damaged EXIF block loses its orientation, not the image. */
function readTiff(view: DataView, start: number, length: number): { orientation?: number; dpi?: number } {
  try {
    return readTiffIfd0(view, start, length);
  } catch (error) {
    if (error instanceof RangeError) return {};
    throw error;
  }
}

/** IFD0 of the TIFF structure inside EXIF: orientation and resolution only. */
function readTiffIfd0(view: DataView, start: number, length: number): { orientation?: number; dpi?: number } {
  if (length < 8) return {};
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) return {};
  const little = order === 0x4949;
  const ifd = start + view.getUint32(start + 4, little);
  const count = view.getUint16(ifd, little);
  const found: { orientation?: number; dpi?: number } = {};
  let resolution: number | undefined;
  let unit = 2; // TIFF default: inches
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = view.getUint16(entry, little);
    if (tag === TAG_ORIENTATION) {
      const value = view.getUint16(entry + 8, little);
      if (value >= 1 && value <= 8) found.orientation = value;
    } else if (tag === TAG_X_RESOLUTION) {
      const offset = start + view.getUint32(entry + 8, little);
      const denominator = view.getUint32(offset + 4, little);
      if (denominator > 0) resolution = view.getUint32(offset, little) / denominator;
    } else if (tag === TAG_RESOLUTION_UNIT) {
      unit = view.getUint16(entry + 8, little);
    }
  }
  if (resolution !== undefined && unit === 2) found.dpi = resolution;
  if (resolution !== undefined && unit === 3) found.dpi = Math.round(resolution * 2.54);
  return found;
}
