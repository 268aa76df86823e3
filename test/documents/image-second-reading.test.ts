import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import type { BBox, OcrEngine, OcrResult, ReadAgain } from '../../src/documents/model.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { pnmLayout } from '../../src/documents/ocr/ppm.ts';
import { speckPhoto } from '../helpers/speck-photo.ts';

// An 800-pixel-wide PNG without a resolution: prepared at 1.5× (1200 px), taken at 300 DPI, so one
// prepared pixel is 72 / 300 / 1.5 = 0.16 points.
const POINTS_PER_PIXEL = 0.16;
const LINE_A: BBox = { x0: 100, y0: 100, x1: 400, y1: 130 };
const LINE_B: BBox = { x0: 100, y0: 300, x1: 400, y1: 330 };

const oneWordLine = (text: string, bbox: BBox, confidence: number): OcrResult['lines'][number] => ({
  text,
  bbox,
  words: [{ text, bbox, confidence }],
});

/**
 * The first reading (the whole prepared image) has one doubtful word on each of two lines; a crop
 * read again, at any enlargement, says the second line's word surely. Each crop's size is recorded.
 */
function fakeOcr() {
  const crops: { width: number; height: number }[] = [];
  let pages = 0;
  const ocr: OcrEngine = {
    async recognize(image) {
      const layout = pnmLayout(image);
      assert.ok(layout, 'the reader hands over raw pixels');
      if (layout.width === 1200) {
        pages++;
        return {
          width: 1200,
          height: 600,
          lines: [oneWordLine('TOTAI', LINE_A, 0.5), oneWordLine('CASHIEB', LINE_B, 0.5)],
        };
      }
      crops.push({ width: layout.width, height: layout.height });
      // The crop starts one line height (30 px) left of the line and is padded 10 px: the word
      // spans the line's width, enlarged.
      const factor = (layout.height - 20) / (30 + 15);
      const bbox = {
        x0: 10 + 30 * factor,
        y0: 10,
        x1: layout.width - 10 - 30 * factor,
        y1: layout.height - 10,
      };
      return { width: layout.width, height: layout.height, lines: [oneWordLine('CASHIER', bbox, 0.95)] };
    },
  };
  return { ocr, crops, pages: () => pages };
}

const pointsOf = (b: BBox): BBox => ({
  x0: b.x0 * POINTS_PER_PIXEL,
  y0: b.y0 * POINTS_PER_PIXEL,
  x1: b.x1 * POINTS_PER_PIXEL,
  y1: b.y1 * POINTS_PER_PIXEL,
});

const texts = (doc: { pages: { lines: { text: string }[] }[] }) => doc.pages[0]!.lines.map((l) => l.text);

async function readDeferred() {
  const fake = fakeOcr();
  let readAgain: ReadAgain | undefined;
  const first = await pngReader.read(speckPhoto(), {
    limits: DEFAULT_READ_LIMITS,
    ocr: fake.ocr,
    secondReading: (again) => {
      readAgain = again;
    },
  });
  assert.ok(readAgain, 'the reader hands over a second reading');
  return { fake, first, readAgain };
}

test('a photograph read for a second reading later comes back as first read, with nothing read twice', async () => {
  const { fake, first } = await readDeferred();
  assert.deepEqual(texts(first), ['TOTAI', 'CASHIEB']);
  assert.equal(fake.pages(), 1);
  assert.equal(fake.crops.length, 0);
});

test('the second reading reads again only the doubtful line under the place named', async () => {
  const { fake, readAgain } = await readDeferred();
  const again = await readAgain([{ page: 1, bbox: pointsOf(LINE_B) }]);
  assert.deepEqual(texts(again), ['TOTAI', 'CASHIER']);
  assert.equal(fake.crops.length, 2, 'one line, read at 2× and 3×');
  assert.ok(
    fake.crops.every((c) => c.height > 20 + 45),
    'crops of a line 30 px high, enlarged',
  );
  assert.deepEqual(again.meta, { format: 'png', bytes: again.meta.bytes, billedPages: 1, characters: 12 });
});

test('places on another page, or none, read nothing again', async () => {
  const { fake, readAgain } = await readDeferred();
  assert.deepEqual(texts(await readAgain([])), ['TOTAI', 'CASHIEB']);
  assert.deepEqual(texts(await readAgain([{ page: 2, bbox: pointsOf(LINE_A) }])), ['TOTAI', 'CASHIEB']);
  assert.equal(fake.crops.length, 0);
});

test('a place between the lines, touching neither by half its height, reads nothing again', async () => {
  const { fake, readAgain } = await readDeferred();
  // One point (about 6 prepared pixels) into each line: less than half of its 30 pixels.
  const between = { ...pointsOf(LINE_A), y0: pointsOf(LINE_A).y1 - 1, y1: pointsOf(LINE_B).y0 + 1 };
  assert.deepEqual(texts(await readAgain([{ page: 1, bbox: between }])), ['TOTAI', 'CASHIEB']);
  assert.equal(fake.crops.length, 0);
});

test('an aborted request stops the second reading', async () => {
  const { readAgain } = await readDeferred();
  const controller = new AbortController();
  controller.abort(new Error('client left'));
  await assert.rejects(readAgain([{ page: 1, bbox: pointsOf(LINE_A) }], controller.signal));
});
