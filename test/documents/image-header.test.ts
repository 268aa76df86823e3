import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { readImageHeader, uprightSize } from '../../src/documents/image/image-header.ts';
import { isAppError } from '../../src/errors.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** A chunk with a dummy CRC: the header reader does not check CRCs. */
function pngChunk(type: string, body: number[]): number[] {
  return [...u32(body.length), ...Buffer.from(type, 'latin1'), ...body, 0, 0, 0, 0];
}

function pngHeaderOnly(width: number, height: number, extra: number[] = []): Uint8Array {
  const ihdr = pngChunk('IHDR', [...u32(width), ...u32(height), 8, 2, 0, 0, 0]);
  return Uint8Array.from([...PNG_SIGNATURE, ...ihdr, ...extra, ...pngChunk('IEND', [])]);
}

/** An APP1 EXIF segment holding only IFD0's orientation, in either byte order. */
function exifSegment(orientation: number, order: 'II' | 'MM'): number[] {
  const le = order === 'II';
  const u16 = (v: number) => (le ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
  const u32x = (v: number) => (le ? u32(v).reverse() : u32(v));
  const tiff = [
    ...Buffer.from(order, 'latin1'),
    ...u16(42),
    ...u32x(8),
    ...u16(1),
    ...u16(0x0112),
    ...u16(3),
    ...u32x(1),
    ...u16(orientation),
    0,
    0,
    ...u32x(0),
  ];
  const body = [...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
  return [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}

function canvasJpeg(width: number, height: number, resolution?: number): Uint8Array {
  const canvas = createCanvas(width, height);
  return new Uint8Array(
    canvas.encodeSync('jpeg', resolution ? { quality: 80, resolution } : { quality: 80 }),
  );
}

test('PNG: size from IHDR and DPI from pHYs (pixels per metre)', () => {
  const phys = pngChunk('pHYs', [...u32(11811), ...u32(11811), 1]); // 300 dpi
  const header = readImageHeader(pngHeaderOnly(640, 480, phys), 'png');
  assert.equal(header.width, 640);
  assert.equal(header.height, 480);
  assert.equal(header.orientation, 1);
  assert.ok(header.dpi !== undefined && Math.abs(header.dpi - 300) < 0.1);
});

test('PNG: a pHYs without unit (aspect ratio only) declares no DPI', () => {
  const phys = pngChunk('pHYs', [...u32(1), ...u32(1), 0]);
  assert.equal(readImageHeader(pngHeaderOnly(10, 20, phys), 'png').dpi, undefined);
});

test('PNG: a canvas-encoded file with a resolution reads back that resolution', () => {
  const png = createCanvas(30, 40).encodeSync('png', { resolution: 150 });
  const header = readImageHeader(png, 'png');
  assert.deepEqual([header.width, header.height], [30, 40]);
  assert.ok(header.dpi !== undefined && Math.abs(header.dpi - 150) < 0.1);
});

test('PNG: garbage after the signature is a corrupt document', () => {
  const bytes = Uint8Array.from([...PNG_SIGNATURE, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  assert.throws(
    () => readImageHeader(bytes, 'png'),
    (e) => isAppError(e) && e.code === 'corrupt_document',
  );
});

test('JPEG: size from the SOF marker and DPI from the JFIF density', () => {
  const header = readImageHeader(canvasJpeg(123, 45, 200), 'jpeg');
  assert.deepEqual([header.width, header.height, header.orientation, header.dpi], [123, 45, 1, 200]);
});

test('JPEG: EXIF orientation is read in both byte orders and swaps the upright size from 5 on', () => {
  const jpeg = canvasJpeg(120, 40);
  for (const order of ['II', 'MM'] as const) {
    for (const orientation of [1, 3, 6, 8]) {
      const bytes = Uint8Array.from([
        ...jpeg.subarray(0, 2),
        ...exifSegment(orientation, order),
        ...jpeg.subarray(2),
      ]);
      const header = readImageHeader(bytes, 'jpeg');
      assert.equal(header.orientation, orientation, `${order} ${orientation}`);
      const upright = uprightSize(header);
      assert.deepEqual([upright.width, upright.height], orientation >= 5 ? [40, 120] : [120, 40]);
    }
  }
});

test('JPEG: a stream without a frame header is a corrupt document', () => {
  const jpeg = canvasJpeg(20, 20);
  assert.throws(
    () => readImageHeader(jpeg.subarray(0, 20), 'jpeg'),
    (e) => isAppError(e) && e.code === 'corrupt_document',
  );
  assert.throws(
    () => readImageHeader(Uint8Array.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3, 4]), 'jpeg'),
    (e) => isAppError(e) && e.code === 'corrupt_document',
  );
});
