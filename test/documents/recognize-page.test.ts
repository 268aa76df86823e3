import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import type { OcrEngine, OcrResult, OcrThreshold } from '../../src/documents/model.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import {
  globalInkShare,
  legibleCharacters,
  meanConfidence,
  recognizePage,
} from '../../src/documents/ocr/recognize-page.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';

/** A page read as one line of words at the given confidence. */
const reading = (text: string, confidence: number): OcrResult => ({
  width: 100,
  height: 20,
  lines: [
    {
      text,
      bbox: { x0: 0, y0: 0, x1: 100, y1: 20 },
      words: text.split(' ').map((word) => ({ text: word, confidence })),
    },
  ],
});

/** An engine that reads each threshold as told, and notes which it was asked for. */
function engine(readings: Record<OcrThreshold, OcrResult>) {
  const asked: OcrThreshold[] = [];
  const ocr: OcrEngine = {
    async recognize(_image, options) {
      const threshold = options?.threshold ?? 'global';
      asked.push(threshold);
      return readings[threshold];
    },
  };
  return { ocr, asked };
}

const image = new Uint8Array([1, 2, 3]); // not a PNM: no bands are looked for

test('a page that reads well under the global threshold is recognised once', async () => {
  const { ocr, asked } = engine({ global: reading('TOTAL 12.50', 0.9), local: reading('T0TAL', 0.95) });
  assert.equal((await recognizePage(ocr, image, undefined)).lines[0]!.text, 'TOTAL 12.50');
  assert.deepEqual(asked, ['global']);
});

test('a page that reads poorly is read again under the local threshold, kept when more of it is legible', async () => {
  const { ocr, asked } = engine({ global: reading('i ,: TOT', 0.3), local: reading('TOTAL 12.50', 0.85) });
  assert.equal((await recognizePage(ocr, image, undefined)).lines[0]!.text, 'TOTAL 12.50');
  assert.deepEqual(asked, ['global', 'local']);
});

test('a page read late in its document keeps its first reading: no second reading is made', async () => {
  const { ocr, asked } = engine({ global: reading('i ,: TOT', 0.3), local: reading('TOTAL 12.50', 0.85) });
  const late = () => false;
  assert.equal((await recognizePage(ocr, image, undefined, { spare: late })).lines[0]!.text, 'i ,: TOT');
  assert.deepEqual(asked, ['global']);
});

test('the second reading is dropped when it is not clearly more legible', async () => {
  const { ocr } = engine({ global: reading('TOTAL 12.50', 0.55), local: reading('TOTAL 12.S0', 0.6) });
  assert.equal((await recognizePage(ocr, image, undefined)).lines[0]!.text, 'TOTAL 12.50');
});

test('mean confidence and legible characters count letters and digits, not punctuation', () => {
  const result = reading('AB : 12.50', 0.5);
  result.lines[0]!.words[1]!.confidence = 0;
  result.lines[0]!.words[2]!.confidence = 0.9;
  assert.equal(meanConfidence(result), (2 * 0.5 + 4 * 0.9) / 6);
  assert.equal(legibleCharacters(result), 4);
  assert.equal(meanConfidence({ width: 1, height: 1, lines: [] }), 0);
});

/** A PGM of `width` pixels a row: `dark` of them black, the rest white. */
function pgm(width: number, height: number, dark: number): Uint8Array {
  const head = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pixels = new Uint8Array(width * height).fill(255);
  pixels.fill(0, 0, dark);
  return new Uint8Array([...head, ...pixels]);
}

test('the ink share is what one threshold for the page makes ink', () => {
  assert.equal(globalInkShare(pgm(100, 10, 50)), 0.05);
  assert.equal(globalInkShare(pgm(100, 10, 600)), 0.6);
  assert.equal(globalInkShare(new Uint8Array([1, 2, 3])), 0);
});

const ocr = createTesseractPool({ size: 1 });
after(() => ocr.close());

test('a page lit from one side is read whole: the dark side under a threshold of its own', async () => {
  const canvas = createCanvas(1400, 420);
  const ctx = canvas.getContext('2d');
  // Paper from white to dark grey, ink a fixed step darker than the paper under it.
  const paper = ctx.createLinearGradient(0, 0, 1400, 0);
  paper.addColorStop(0, '#f4f4f4');
  paper.addColorStop(0.35, '#b0b0b0');
  paper.addColorStop(1, '#505050');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, 1400, 420);
  const ink = ctx.createLinearGradient(0, 0, 1400, 0);
  ink.addColorStop(0, '#707070');
  ink.addColorStop(0.35, '#303030');
  ink.addColorStop(1, '#000000');
  ctx.fillStyle = ink;
  ctx.font = '40px DejaVu Sans';
  ['INVOICE NUMBER 2024-0815 DATED 12 MARCH', 'TOTAL AMOUNT DUE 1,234.50 EURO ONLY'].forEach((text, i) => {
    ctx.fillText(text, 40, 120 + i * 140);
  });
  const png = canvas.toBuffer('image/png');
  const document = await pngReader.read(png, { limits: DEFAULT_READ_LIMITS, ocr });
  const text = document.pages[0]!.lines.map((line) => line.text).join('\n');
  assert.match(text, /DATED 12 MARCH\n/);
  assert.match(text, /1,234\.50 EURO ONLY$/);
});
