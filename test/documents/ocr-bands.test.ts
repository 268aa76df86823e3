import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, describe, it } from 'node:test';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import fc from 'fast-check';
import { createNativeTesseract, hasNativeTesseract } from '../../src/documents/ocr/native-tesseract.ts';
import { canvasToPpm } from '../../src/documents/ocr/ppm.ts';
import {
  cropPpm,
  inkPerRow,
  planBands,
  readPpmLayout,
  recognizeInBands,
} from '../../src/documents/ocr/ppm-bands.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(
  require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf'),
  'FixtureSans',
);

/** A white P6 image `pad` bytes into a shared buffer (so that its rows are not word-aligned). */
function whitePpm(width: number, height: number, pad = 0) {
  const head = `P6\n${width} ${height}\n255\n`;
  const bytes = new Uint8Array(new SharedArrayBuffer(pad + head.length + width * height * 3), pad);
  bytes.set(Buffer.from(head, 'latin1'));
  bytes.fill(255, head.length);
  const layout = readPpmLayout(bytes)!;
  const paint = (x: number, y: number, value: number) =>
    bytes.fill(value, layout.offset + (y * width + x) * 3, layout.offset + (y * width + x + 1) * 3);
  return { bytes, layout, paint };
}

describe('cut points', () => {
  it('a dark pixel anywhere in a row marks it, whatever the alignment; paper does not', () => {
    for (const pad of [0, 1, 2, 3]) {
      const { bytes, layout, paint } = whitePpm(37, 6, pad);
      paint(0, 1, 0);
      paint(36, 2, 0);
      paint(17, 3, 223);
      paint(18, 4, 224); // as light as paper
      assert.deepEqual(
        [...inkPerRow(bytes, layout)].map((n) => n > 0),
        [false, true, true, true, false, false],
      );
    }
  });

  it('bands cover every row in order and a cut never falls on or beside a row with ink', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(3000), fc.integer({ min: 1, max: 80 }), fc.nat(50)), { maxLength: 60 }),
        fc.integer({ min: 2, max: 4 }),
        (strokes, parts) => {
          const ink = new Uint32Array(3000);
          for (const [top, height, weight] of strokes) {
            for (let y = top; y < Math.min(3000, top + height); y++) ink[y]! += weight + 1;
          }
          const bands = planBands(ink, parts);
          assert.ok(bands.length >= 1 && bands.length <= parts);
          assert.equal(bands[0]!.top, 0);
          assert.equal(bands.at(-1)!.bottom, 3000);
          for (let i = 1; i < bands.length; i++) {
            const cut = bands[i]!.top;
            assert.equal(cut, bands[i - 1]!.bottom);
            assert.equal(ink[cut - 1], 0);
            assert.equal(ink[cut], 0);
            assert.ok(bands[i]!.bottom - cut >= 320 && cut - bands[i - 1]!.top >= 320);
          }
        },
      ),
    );
  });

  it('cuts where the ink above and below is even', () => {
    const ink = new Uint32Array(2000);
    // Text lines of 30 rows every 50 rows; the first half carries three times the ink.
    for (let top = 0; top < 2000; top += 50) {
      for (let y = top + 10; y < top + 40; y++) ink[y] = top < 1000 ? 30 : 10;
    }
    const [first, second] = planBands(ink, 2);
    // Three quarters of the ink lies in the first 1000 rows: the even cut is two thirds of the way.
    assert.ok(first && second && Math.abs(first.bottom - 667) <= 25, JSON.stringify([first, second]));
  });

  it('an image with no blank row, or too short to repay a second pass, is read whole', () => {
    const { bytes, layout, paint } = whitePpm(50, 1400);
    for (let y = 0; y < 1400; y++) paint(25, y, 0); // a rule down the whole page
    assert.deepEqual(planBands(inkPerRow(bytes, layout), 2), [{ top: 0, bottom: 1400 }]);
    assert.equal(
      recognizeInBands(bytes, 2, () => assert.fail('no band')),
      undefined,
    );
    const short = whitePpm(50, 500);
    short.paint(10, 100, 0);
    short.paint(10, 400, 0);
    assert.equal(
      recognizeInBands(short.bytes, 2, () => assert.fail('no band')),
      undefined,
    );
    assert.equal(
      recognizeInBands(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 2, () => assert.fail('no band')),
      undefined,
    );
  });

  it('a band is the rows it names, as a PPM of its own in a shared buffer', () => {
    const { bytes, layout, paint } = whitePpm(4, 10, 3);
    paint(1, 6, 7);
    const band = cropPpm(bytes, layout, { top: 5, bottom: 8 });
    assert.ok(band.buffer instanceof SharedArrayBuffer);
    const own = readPpmLayout(band)!;
    assert.deepEqual([own.width, own.height], [4, 3]);
    assert.equal(band[own.offset + (1 * 4 + 1) * 3], 7);
    assert.equal(band.length, own.offset + 4 * 3 * 3);
  });
});

const LINES = [
  'CORNER SHOP SDN BHD',
  'NO 12 JALAN MERDEKA',
  'RECEIPT NO 10482',
  'DATE 12/02/2018',
  'BREAD 2 4.50',
  'MILK 1 6.20',
  'EGGS 10 5.90',
  'RICE 5KG 18.00',
  'SUGAR 1KG 2.90',
  'TEA 7.40',
  'SUBTOTAL 44.90',
  'ROUNDING 0.00',
  'TOTAL 44.90',
  'CASH 50.00',
  'CHANGE 5.10',
  'THANK YOU',
];

async function receiptPpm(): Promise<Uint8Array> {
  const canvas = createCanvas(800, 80 + LINES.length * 72);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = '36px FixtureSans';
  LINES.forEach((line, i) => {
    ctx.fillText(line, 40, 80 + i * 72);
  });
  return canvasToPpm(ctx, canvas.width, canvas.height);
}

describe('recognition in bands', () => {
  // Two workers band a lone request; one never does: the same image through both.
  const pair = createTesseractPool({ size: 2 });
  const single = createTesseractPool({ size: 1 });
  after(() => Promise.all([pair.close(), single.close()]));

  it('reads the same lines in the same order, with boxes in the whole image, as one pass', async () => {
    const image = await receiptPpm();
    const layout = readPpmLayout(image)!;
    assert.ok(planBands(inkPerRow(image, layout), 2).length === 2, 'the fixture is tall enough to split');
    const whole = await single.recognize(image);
    const banded = await pair.recognize(image);
    assert.equal(pair.stats().created, 2, 'both workers read a band');
    assert.deepEqual([banded.width, banded.height], [whole.width, whole.height]);
    assert.deepEqual(
      whole.lines.map((l) => l.text),
      LINES,
    );
    assert.deepEqual(
      banded.lines.map((l) => l.text),
      LINES,
    );
    const near = (a: number, b: number) => Math.abs(a - b) <= 2;
    banded.lines.forEach((line, i) => {
      const other = whole.lines[i]!;
      for (const key of ['x0', 'y0', 'x1', 'y1'] as const) {
        assert.ok(near(line.bbox[key], other.bbox[key]), `${line.text}: ${key}`);
      }
      line.words.forEach((word, j) => {
        const twin = other.words[j]!;
        assert.ok(near(word.bbox!.y0, twin.bbox!.y0) && near(word.bbox!.y1, twin.bbox!.y1), word.text);
        assert.ok(Math.abs(word.confidence - twin.confidence) < 0.1, word.text);
      });
    });
  });

  it('an abort stops every band; the pool carries on', async () => {
    const image = await receiptPpm();
    const controller = new AbortController();
    const job = pair.recognize(image, { signal: controller.signal });
    assert.equal(pair.stats().busy, 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error('stopped mid-receipt'));
    await assert.rejects(job, /stopped mid-receipt/);
    const again = await pair.recognize(image);
    assert.deepEqual(
      again.lines.map((l) => l.text),
      LINES,
    );
  });
});

const skip = hasNativeTesseract() ? false : 'no tesseract ≥ 4 on PATH';

describe('native recognition in bands', { skip }, () => {
  const pair = createNativeTesseract({ size: 2 });
  const single = createNativeTesseract({ size: 1 });
  after(() => Promise.all([pair.close(), single.close()]));

  it('two processes read a lone receipt in bands, as one process reads it whole', async () => {
    const image = await receiptPpm();
    const whole = await single.recognize(image);
    const banded = await pair.recognize(image);
    assert.equal(pair.stats().created, 2);
    assert.deepEqual(
      banded.lines.map((l) => l.text),
      whole.lines.map((l) => l.text),
    );
    assert.deepEqual([banded.width, banded.height], [whole.width, whole.height]);
    banded.lines.forEach((line, i) => {
      assert.ok(Math.abs(line.bbox.y0 - whole.lines[i]!.bbox.y0) <= 2, line.text);
    });
  });
});
