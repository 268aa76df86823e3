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
 * An engine that reads a crop as `again` gives it for the crop's enlargement (2, then 3: the order
 * the reader asks in): words placed in page coordinates, moved into the crop's enlarged pixels as
 * the reader would find them (the line starts at x 200 and is 20 high: the crop starts 20 left of
 * it; pad 10).
 */
function engine(
  again: (placed: { x0: number; x1: number; text: string; confidence: number }[], factor: number) => void,
) {
  const crops: Uint8Array[] = [];
  const ocr: OcrEngine = {
    async recognize(image) {
      const factor = crops.length % 2 === 0 ? 2 : 3;
      crops.push(image);
      const placed: { x0: number; x1: number; text: string; confidence: number }[] = [];
      again(placed, factor);
      const left = 200 - 20;
      const words = placed.map((p) => ({
        text: p.text,
        confidence: p.confidence,
        bbox: { x0: (p.x0 - left) * factor + 10, x1: (p.x1 - left) * factor + 10, y0: 15, y1: 55 },
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

/** A page of one line of words, each [text, confidence], set 100 apart from x 200. */
function pageOf(...read: [string, number][]): OcrResult {
  return {
    width: 800,
    height: 300,
    lines: [line(read.map(([text, confidence], i) => word(text, 200 + 110 * i, 290 + 110 * i, confidence)))],
  };
}

/** What each enlargement reads: the words of `byFactor[factor]`, at the first reading's places. */
function readings(byFactor: Record<number, [string, number][]>) {
  return engine((placed, factor) => {
    byFactor[factor]!.forEach(([text, confidence], i) => {
      placed.push({ x0: 201 + 110 * i, x1: 289 + 110 * i, text, confidence });
    });
  });
}

test('a doubtful line is read again 2× and 3× enlarged, and its doubtful words are voted on', async () => {
  const page = pageOf(['JALRN', 0.4], ['BESAR,', 0.95], ['45400', 0.6], ['12.50', 0.7]);
  const { ocr, crops } = readings({
    2: [
      ['JALAN', 0.9],
      ['BESAR', 0.7],
      ['45600', 0.9],
      ['12.80', 0.95],
    ],
    3: [
      ['JALEN', 0.5],
      ['BESAR', 0.9],
      ['45600', 0.8],
      ['12.30', 0.9],
    ],
  });
  const read = await rereadDoubtfulLines(ocr, pgm(800, 300), page, undefined, 'global');
  // Letters none agree on: the surest reading. A word read surely stays. Figures both second
  // readings agree on, surer than the first: theirs. Figures they disagree on: the first reading.
  assert.equal(read.lines[0]!.text, 'JALAN BESAR, 45600 12.50');
  assert.equal(read.lines[0]!.words[0]!.confidence, 0.9);
  // The word keeps its place on the page.
  assert.deepEqual(read.lines[0]!.words[0]!.bbox, { x0: 200, y0: 100, x1: 290, y1: 120 });
  // Two crops: the line with a line's height either side and a quarter above and below, 2× and 3×.
  const size = (crop: Uint8Array) => [pnmLayout(crop)!.width, pnmLayout(crop)!.height];
  assert.deepEqual(crops.map(size), [
    [(620 + 20 - 180) * 2 + 20, 30 * 2 + 20],
    [(620 + 20 - 180) * 3 + 20, 30 * 3 + 20],
  ]);
});

test('agreement changes figures only when surer, letters when nearly as sure, and never to stray signs', async () => {
  const page = pageOf(['19/02/2018', 0.79], ['TAMAM', 0.68], ['Total', 0.56], ['0.00', 0.5]);
  const again: [string, number][] = [
    ['16/62/2018', 0.79],
    ['TAMAN', 0.52],
    ['Toll', 0.14],
    ['“alco', 0.61],
  ];
  const { ocr } = readings({ 2: again, 3: again });
  const read = await rereadDoubtfulLines(ocr, pgm(800, 300), page, undefined, 'global');
  assert.equal(read.lines[0]!.text, '19/02/2018 TAMAN Total 0.00');
});

test('the 3× reading is not made when the 2× one confirms every doubtful word', async () => {
  const page = pageOf(['JALAN', 0.6], ['BESAR', 0.95], ['45600', 0.7]);
  const { ocr, crops } = readings({
    2: [
      ['JALAN', 0.9],
      ['8ESAR', 0.3],
      ['45600', 0.9],
    ],
    3: [],
  });
  const read = await rereadDoubtfulLines(ocr, pgm(800, 300), page, undefined, 'global');
  assert.equal(crops.length, 1);
  assert.equal(read.lines[0]!.text, 'JALAN BESAR 45600');
});

test('lines read surely are not read again', async () => {
  const page: OcrResult = {
    width: 800,
    height: 300,
    lines: [
      line([word('TOTAL', 200, 300, 0.95), word('12.50', 310, 400, 0.9)]),
      line([word('--', 200, 300, 0.3, 150, 170)]),
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
