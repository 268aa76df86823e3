import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { readImageHeader } from '../../src/documents/image/image-header.ts';
import { chooseScale, DEFAULT_PREPROCESS, prepareForOcr } from '../../src/documents/ocr/image-preprocess.ts';
import { ppmSize } from '../../src/documents/ocr/ppm.ts';

function jpeg(width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 10, 10); // a mark in the top-left corner
  return canvas.encodeSync('jpeg', { quality: 90 });
}

test('narrow scans are enlarged to 1200 px wide; huge ones are reduced to 40 megapixels', () => {
  assert.equal(chooseScale(600, 1500, DEFAULT_PREPROCESS), 2);
  assert.equal(chooseScale(1200, 3000, DEFAULT_PREPROCESS), 1);
  assert.equal(chooseScale(2480, 3508, DEFAULT_PREPROCESS), 1);
  const scale = chooseScale(10_000, 10_000, DEFAULT_PREPROCESS);
  assert.ok(Math.abs(10_000 * 10_000 * scale * scale - 40_000_000) < 1_000);
});

test('an upright image of a good size keeps its size, as raw PPM pixels', async () => {
  const bytes = jpeg(1300, 400);
  const prepared = await prepareForOcr(bytes, readImageHeader(bytes, 'jpeg'));
  assert.equal(prepared.scale, 1);
  assert.deepEqual(ppmSize(prepared.image), { width: 1300, height: 400 });
});

/** A white page with a dark band along its top edge and a dark "word" well inside it. */
function bandedPage(band: string, page = '#fff', ink = '#000'): Uint8Array {
  const canvas = createCanvas(1300, 800);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = page;
  ctx.fillRect(0, 0, 1300, 800);
  ctx.fillStyle = band;
  ctx.fillRect(0, 0, 1300, 60);
  ctx.fillStyle = ink;
  ctx.fillRect(400, 400, 300, 30);
  return canvas.encodeSync('jpeg', { quality: 95 });
}

const pixel = (ppm: Uint8Array, x: number, y: number) => {
  const head = `P6\n${ppmSize(ppm)!.width} ${ppmSize(ppm)!.height}\n255\n`.length;
  return ppm[head + (y * ppmSize(ppm)!.width + x) * 3]!;
};

test('a dark margin along the edge is painted white; dark marks inside the page are kept', async () => {
  const bytes = bandedPage('#111');
  const { image } = await prepareForOcr(bytes, readImageHeader(bytes, 'jpeg'));
  assert.ok(pixel(image, 650, 30) > 200, 'the band is cleared');
  assert.ok(pixel(image, 550, 415) < 60, 'the mark inside the page stays');
});

test('light text on a dark page is left as it is', async () => {
  const bytes = bandedPage('#111', '#222', '#eee');
  const { image } = await prepareForOcr(bytes, readImageHeader(bytes, 'jpeg'));
  assert.ok(pixel(image, 650, 30) < 60);
  assert.ok(pixel(image, 100, 700) < 60);
  assert.ok(pixel(image, 550, 415) > 200);
});

test('a narrow image becomes raw PPM pixels at the enlarged size', async () => {
  const bytes = jpeg(600, 200);
  const prepared = await prepareForOcr(bytes, readImageHeader(bytes, 'jpeg'));
  assert.equal(prepared.scale, 2);
  assert.deepEqual(ppmSize(prepared.image), { width: 1200, height: 400 });
  const head = 'P6\n1200 400\n255\n'.length;
  assert.equal(prepared.image.length, head + 1200 * 400 * 3);
  // Top-left pixel is the dark mark, bottom-right the white page.
  assert.ok(prepared.image[head]! < 60);
  assert.ok(prepared.image[prepared.image.length - 1]! > 200);
});
