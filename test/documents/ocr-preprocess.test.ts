import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { readImageHeader } from '../../src/documents/image/image-header.ts';
import { chooseScale, DEFAULT_PREPROCESS, prepareForOcr } from '../../src/documents/ocr/image-preprocess.ts';
import { canvasToPnm, ppmSize } from '../../src/documents/ocr/ppm.ts';

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

/** The first sample of a pixel of a prepared image, grey (P5) or colour (P6). */
const pixel = (pnm: Uint8Array, x: number, y: number) => {
  const { width, height } = ppmSize(pnm)!;
  const channels = pnm[1] === 0x36 ? 3 : 1;
  return pnm[pnm.length - width * height * channels + (y * width + x) * channels]!;
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

test('a narrow image becomes raw pixels at the enlarged size, one byte a pixel when it is grey', async () => {
  const bytes = jpeg(600, 200);
  const prepared = await prepareForOcr(bytes, readImageHeader(bytes, 'jpeg'));
  assert.equal(prepared.scale, 2);
  assert.deepEqual(ppmSize(prepared.image), { width: 1200, height: 400 });
  const head = 'P5\n1200 400\n255\n'.length;
  assert.equal(Buffer.from(prepared.image.subarray(0, head)).toString('latin1'), 'P5\n1200 400\n255\n');
  assert.equal(prepared.image.length, head + 1200 * 400);
  // Top-left pixel is the dark mark, bottom-right the white page.
  assert.ok(prepared.image[head]! < 60);
  assert.ok(prepared.image[prepared.image.length - 1]! > 200);
});

test('a colour image stays colour, however late its first coloured pixel', async () => {
  // 1000 × 1000: the red dot lies in the second band of rows converted (ppm.ts), after 900 grey rows.
  for (const [x, y] of [
    [0, 0],
    [999, 900],
  ] as const) {
    const canvas = createCanvas(1000, 1000);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1000, 1000);
    ctx.fillStyle = '#000';
    ctx.fillRect(100, 100, 300, 40);
    ctx.fillStyle = '#f00';
    ctx.fillRect(x, y, 1, 1);
    const ppm = await canvasToPnm(ctx, 1000, 1000);
    const head = 'P6\n1000 1000\n255\n'.length;
    assert.equal(Buffer.from(ppm.subarray(0, head)).toString('latin1'), 'P6\n1000 1000\n255\n');
    assert.equal(ppm.length, head + 1000 * 1000 * 3);
    const rgba = ctx.getImageData(0, 0, 1000, 1000).data;
    for (let p = 0; p < 1000 * 1000; p++) {
      for (let c = 0; c < 3; c++) {
        if (ppm[head + p * 3 + c] !== rgba[p * 4 + c]) assert.fail(`pixel ${p} channel ${c}`);
      }
    }
    assert.deepEqual(
      [...ppm.subarray(head + (y * 1000 + x) * 3, head + (y * 1000 + x) * 3 + 3)],
      [255, 0, 0],
    );
  }
});
