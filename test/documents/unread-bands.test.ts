import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import type { BBox, OcrEngine, OcrResult } from '../../src/documents/model.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { cropPnmRows, pnmLayout } from '../../src/documents/ocr/ppm.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';
import { recognizeWithUnreadBands, unreadBands } from '../../src/documents/ocr/unread-bands.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(
  require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf'),
  'BandsBold',
);
GlobalFonts.registerFromPath(
  require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'),
  'BandsRegular',
);

/** A white PGM with black rectangles (x0, y0, x1, y1) painted in. */
function pgm(width: number, height: number, inked: BBox[]): Uint8Array {
  const head = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const bytes = new Uint8Array(head.length + width * height).fill(255);
  bytes.set(head);
  for (const box of inked)
    for (let y = box.y0; y < box.y1; y++)
      bytes.fill(0, head.length + y * width + box.x0, head.length + y * width + box.x1);
  return bytes;
}

const line = (text: string, bbox: BBox, confidence = 0.9) => ({
  text,
  bbox,
  words: text.split(' ').map((word) => ({ text: word, bbox, confidence })),
});

test('a band of ink no recognised line covers is found; rules and pictures are not', () => {
  const lines = [20, 60, 100, 140].map((y) => line('read', { x0: 10, y0: y, x1: 300, y1: y + 20 }));
  const image = pgm(400, 600, [
    ...lines.map(({ bbox }) => bbox),
    { x0: 50, y0: 200, x1: 350, y1: 240 }, // a title twice the lines' height, unread
    { x0: 10, y0: 300, x1: 390, y1: 303 }, // a rule
    { x0: 100, y0: 380, x1: 300, y1: 580 }, // a logo ten lines high
  ]);
  const bands = unreadBands(image, pnmLayout(image)!, lines);
  assert.deepEqual(bands, [{ y0: 200, y1: 240 }]);
});

test('a cropped band is a PGM of its rows with white rows around it', () => {
  const image = pgm(4, 6, [{ x0: 0, y0: 2, x1: 4, y1: 4 }]);
  const crop = cropPnmRows(image, pnmLayout(image)!, 2, 4, 1);
  const layout = pnmLayout(crop)!;
  assert.deepEqual([layout.width, layout.height, layout.channels], [4, 4, 1]);
  assert.deepEqual(
    [...crop.subarray(layout.offset)],
    [...Array(4).fill(255), ...Array(8).fill(0), ...Array(4).fill(255)],
  );
});

test('lines read in an unread band join the page in their place, in page pixels; illegible ones do not', async () => {
  const lines = [20, 60, 120].map((y) => line(`line at ${y}`, { x0: 10, y0: y, x1: 300, y1: y + 20 }));
  const image = pgm(400, 200, [...lines.map(({ bbox }) => bbox), { x0: 20, y0: 85, x1: 380, y1: 110 }]);
  const heights: number[] = [];
  const ocr: OcrEngine = {
    async recognize(bytes): Promise<OcrResult> {
      const { width, height } = pnmLayout(bytes)!;
      if (height === 200) return { width, height, lines };
      heights.push(height);
      // The crop is the band (rows 85–110) with 8 white rows above and below.
      return {
        width,
        height,
        lines: [
          line('BLUE HERON', { x0: 20, y0: 8, x1: 380, y1: 33 }),
          line('~ -', { x0: 0, y0: 0, x1: 5, y1: 5 }),
        ],
      };
    },
  };
  const result = await recognizeWithUnreadBands(ocr, image, undefined);
  assert.deepEqual(heights, [41]);
  assert.deepEqual(
    result.lines.map((l) => l.text),
    ['line at 20', 'line at 60', 'BLUE HERON', 'line at 120'],
  );
  assert.deepEqual(result.lines[2]!.bbox, { x0: 20, y0: 85, x1: 380, y1: 110 });
  assert.deepEqual(result.lines[2]!.words[0]!.bbox, { x0: 20, y0: 85, x1: 380, y1: 110 });
});

test('an image that is not raw pixels is recognised once, as it is', async () => {
  let calls = 0;
  const ocr: OcrEngine = {
    async recognize() {
      calls++;
      return { width: 10, height: 10, lines: [line('only', { x0: 0, y0: 0, x1: 5, y1: 5 })] };
    },
  };
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal((await recognizeWithUnreadBands(ocr, png, undefined)).lines.length, 1);
  assert.equal(calls, 1);
});

const pool = createTesseractPool({ size: 1 });
after(() => pool.close());

test("a receipt's title in type four times the size of its lines is read, above the lines", async () => {
  const width = 1000;
  const canvas = createCanvas(width, 900);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, 900);
  ctx.fillStyle = '#000';
  ctx.textAlign = 'center';
  ctx.font = '100px BandsBold';
  ctx.fillText('BLUE HERON', width / 2, 140);
  ctx.font = '24px BandsRegular';
  const body = [
    'HERON TRADING SDN BHD (123456-A)',
    'NO 12, JALAN MAWAR 3, 43000 KAJANG',
    'RECEIPT NO: 0412-00387',
    'RICE 5KG            24.90',
    'SUGAR 1KG            3.20',
    'TOTAL                28.10',
    'THANK YOU',
  ];
  for (const [i, text] of body.entries()) ctx.fillText(text, width / 2, 220 + i * 44);
  const doc = await pngReader.read(canvas.toBuffer('image/png'), { limits: DEFAULT_READ_LIMITS, ocr: pool });
  const texts = doc.pages[0]!.lines.map((l) => l.text);
  assert.equal(texts[0], 'BLUE HERON');
  assert.equal(texts[1], body[0]);
});
