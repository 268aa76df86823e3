import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { OcrEngine, OcrResult, Word } from '../../src/documents/model.ts';
import { createNativeTesseract } from '../../src/documents/ocr/native-tesseract.ts';
import { cropPnmScaled, pnmLayout } from '../../src/documents/ocr/ppm.ts';
import { rereadDoubtfulLines } from '../../src/documents/ocr/reread-lines.ts';

/** A white PGM with one black pixel at (x, y). */
function pgm(width: number, height: number, dark?: { x: number; y: number }): Uint8Array {
  const head = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pixels = new Uint8Array(width * height).fill(255);
  if (dark) pixels[dark.y * width + dark.x] = 0;
  return new Uint8Array([...head, ...pixels]);
}

const word = (text: string, x0: number, x1: number, confidence: number, y0 = 100, y1 = 120): Word => ({
  text,
  confidence,
  bbox: { x0, y0, x1, y1 },
});

const line = (words: Word[]): OcrResult['lines'][number] => ({
  text: words.map((w) => w.text).join(' '),
  bbox: {
    x0: words[0]!.bbox!.x0,
    y0: words[0]!.bbox!.y0,
    x1: words.at(-1)!.bbox!.x1,
    y1: words[0]!.bbox!.y1,
  },
  words,
});

/**
 * An engine that reads a crop as `again` gives it: words placed in page coordinates, moved into the
 * crop's enlarged pixels as the reader would find them (left edge of the crop at `left`, 2×, pad 10).
 */
function engine(again: (page: { x0: number; x1: number; text: string; confidence: number }[]) => void) {
  const crops: Uint8Array[] = [];
  const ocr: OcrEngine = {
    async recognize(image) {
      crops.push(image);
      const placed: { x0: number; x1: number; text: string; confidence: number }[] = [];
      again(placed);
      const left = 200 - 20; // the line starts at x 200 and is 20 high: the crop starts 20 left of it
      const words = placed.map((p) => ({
        text: p.text,
        confidence: p.confidence,
        bbox: { x0: (p.x0 - left) * 2 + 10, x1: (p.x1 - left) * 2 + 10, y0: 15, y1: 55 },
      }));
      return {
        width: 1,
        height: 1,
        lines: [{ text: words.map((w) => w.text).join(' '), bbox: { x0: 0, y0: 0, x1: 1, y1: 1 }, words }],
      };
    },
  };
  return { ocr, crops };
}

test('a doubtful line read again keeps, word by word, the reading Tesseract was surer of; figures as first read', async () => {
  const page: OcrResult = {
    width: 800,
    height: 300,
    lines: [
      line([word('JALRN', 200, 300, 0.4), word('BESAR,', 310, 420, 0.95), word('45600', 430, 520, 0.3)]),
    ],
  };
  const { ocr, crops } = engine((placed) => {
    placed.push({ x0: 201, x1: 299, text: 'JALAN', confidence: 0.9 });
    placed.push({ x0: 311, x1: 419, text: 'BESAR', confidence: 0.7 });
    placed.push({ x0: 431, x1: 519, text: '45500', confidence: 0.95 });
  });
  const read = await rereadDoubtfulLines(ocr, pgm(800, 300), page, undefined, 'global');
  assert.equal(read.lines[0]!.text, 'JALAN BESAR, 45600');
  assert.equal(read.lines[0]!.words[0]!.confidence, 0.9);
  // The word keeps its place on the page.
  assert.deepEqual(read.lines[0]!.words[0]!.bbox, { x0: 200, y0: 100, x1: 300, y1: 120 });
  // One crop, the line with a line's height either side and a quarter above and below, enlarged 2×.
  assert.equal(crops.length, 1);
  assert.deepEqual(
    pnmLayout(crops[0]!) && { w: pnmLayout(crops[0]!)!.width, h: pnmLayout(crops[0]!)!.height },
    {
      w: (520 + 20 - 180) * 2 + 20,
      h: 30 * 2 + 20,
    },
  );
});

test('lines read surely are not read again, nor lines without a letter', async () => {
  const page: OcrResult = {
    width: 800,
    height: 300,
    lines: [
      line([word('TOTAL', 200, 300, 0.95), word('12.50', 310, 400, 0.9)]),
      line([word('12.50', 200, 300, 0.3, 150, 170)]),
    ],
  };
  const { ocr, crops } = engine(() => {});
  const read = await rereadDoubtfulLines(ocr, pgm(800, 300), page, undefined, 'global');
  assert.equal(crops.length, 0);
  assert.equal(read, page);
});

test('a word the second reading splits or joins differently is kept as first read', async () => {
  const page: OcrResult = {
    width: 800,
    height: 300,
    lines: [line([word('No', 200, 240, 0.9), word('14318', 250, 360, 0.3)])],
  };
  const { ocr } = engine((placed) => {
    placed.push({ x0: 200, x1: 240, text: 'No', confidence: 0.9 });
    placed.push({ x0: 250, x1: 285, text: '14', confidence: 0.9 });
    placed.push({ x0: 290, x1: 310, text: '&', confidence: 0.9 });
    placed.push({ x0: 320, x1: 360, text: '16', confidence: 0.9 });
  });
  const read = await rereadDoubtfulLines(ocr, pgm(800, 300), page, undefined, 'global');
  assert.equal(read.lines[0]!.text, 'No 14318');
});

test('a crop is enlarged with its pixels where they were', () => {
  const image = pgm(40, 20, { x: 10, y: 5 });
  const crop = cropPnmScaled(image, pnmLayout(image)!, { x0: 8, y0: 4, x1: 14, y1: 8 }, 2, 1);
  const layout = pnmLayout(crop)!;
  assert.deepEqual([layout.width, layout.height], [6 * 2 + 2, 4 * 2 + 2]);
  const at = (x: number, y: number) => crop[layout.offset + y * layout.width + x]!;
  // The dark pixel was at (2, 1) of the box: (4–5, 2–3) enlarged, then shifted by the pad.
  assert.ok(at(1 + 4, 1 + 2) < 128 && at(1 + 5, 1 + 3) < 200);
  assert.equal(at(0, 0), 255);
  assert.equal(at(1 + 11, 1 + 7), 255);
});

test('OCR_REREAD_LINES=false, or the native backend, reads no line again', async () => {
  const page: OcrResult = {
    width: 800,
    height: 300,
    lines: [line([word('JALRN', 200, 300, 0.4)])],
  };
  for (const settings of [{ rereadLines: false }, { rereadLines: createNativeTesseract().rereadLines }]) {
    const { ocr, crops } = engine((placed) => {
      placed.push({ x0: 201, x1: 299, text: 'JALAN', confidence: 0.9 });
    });
    const read = await rereadDoubtfulLines({ ...ocr, ...settings }, pgm(800, 300), page, undefined, 'global');
    assert.equal(crops.length, 0);
    assert.equal(read.lines[0]!.text, 'JALRN');
  }
  assert.equal(loadConfig({}).OCR_REREAD_LINES, true);
  assert.equal(loadConfig({ OCR_REREAD_LINES: 'false' }).OCR_REREAD_LINES, false);
});
