import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { jpegReader, pngReader } from '../../src/documents/image/image-reader.ts';
import type { BBox, Document, OcrEngine, ReadContext, Word } from '../../src/documents/model.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';
import { isAppError } from '../../src/errors.ts';

// A font from an installed package, so the fixtures do not depend on the machine's fonts.
const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(
  require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf'),
  'FixtureSans',
);

const pool = createTesseractPool({ size: 1 });
after(() => pool.close());

const context = (overrides: Partial<ReadContext> = {}): ReadContext => ({
  limits: DEFAULT_READ_LIMITS,
  ocr: pool,
  ...overrides,
});

interface DrawnText {
  text: string;
  /** Pixel box of the drawn ink, in the upright picture. */
  box: BBox;
}

/** White page, black text lines at 40 px; returns the canvas and where each word's ink is. */
function drawPage(width: number, height: number, lines: string[]) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.font = '40px FixtureSans';
  const words: DrawnText[] = [];
  lines.forEach((line, i) => {
    const baseline = 90 + i * 80;
    let x = 60;
    for (const word of line.split(' ')) {
      const m = ctx.measureText(word);
      ctx.fillText(word, x, baseline);
      words.push({
        text: word,
        box: {
          x0: x - m.actualBoundingBoxLeft,
          y0: baseline - m.actualBoundingBoxAscent,
          x1: x + m.actualBoundingBoxRight,
          y1: baseline + m.actualBoundingBoxDescent,
        },
      });
      x += m.width + ctx.measureText(' ').width;
    }
  });
  return { canvas, words };
}

const allWords = (doc: Document): Word[] => doc.pages.flatMap((p) => p.lines.flatMap((l) => l.words));

function findWord(doc: Document, text: string): Word {
  const word = allWords(doc).find((w) => w.text === text);
  assert.ok(word, `"${text}" not among ${allWords(doc).map((w) => w.text)}`);
  return word;
}

/** The recognised box, in points, lies within 2 pt of the drawn ink. */
function assertBoxNear(actual: BBox | undefined, expectedPixels: BBox, dpi: number): void {
  assert.ok(actual);
  const k = 72 / dpi;
  for (const side of ['x0', 'y0', 'x1', 'y1'] as const) {
    const expected = expectedPixels[side] * k;
    assert.ok(
      Math.abs(actual[side] - expected) <= 2,
      `${side}: ${actual[side]} vs ${expected.toFixed(1)} pt`,
    );
  }
}

const LINES = ['INVOICE 12345', 'TOTAL 54.50'];

test('PNG: words are recognised with boxes in points at the declared DPI', async () => {
  const { canvas, words } = drawPage(800, 260, LINES);
  const bytes = canvas.encodeSync('png', { resolution: 150 });
  const doc = await pngReader.read(bytes, context());
  const [page] = doc.pages;
  assert.ok(page);
  assert.deepEqual([page.number, page.source, page.width, page.height], [1, 'ocr', 384, 124.8]);
  assert.deepEqual(page.tables, []);
  for (const drawn of words) {
    const word = findWord(doc, drawn.text);
    assertBoxNear(word.bbox, drawn.box, 150);
    assert.ok(word.confidence > 0.5 && word.confidence <= 1);
  }
  assert.deepEqual(
    page.lines.map((l) => l.text),
    LINES,
  );
  assert.deepEqual(
    page.lines.map((l) => l.index),
    [0, 1],
  );
  assert.deepEqual(doc.meta, { format: 'png', bytes: bytes.length, billedPages: 1, characters: 24 });
});

test('JPEG without a declared resolution is taken at 300 DPI', async () => {
  // Wide enough to be handed to OCR as it is, without decoding or resizing.
  const { canvas, words } = drawPage(1300, 260, LINES);
  const doc = await jpegReader.read(canvas.encodeSync('jpeg', { quality: 90 }), context());
  assert.deepEqual([doc.pages[0]?.width, doc.pages[0]?.height], [312, 62.4]);
  assert.equal(doc.meta.format, 'jpeg');
  for (const drawn of words) assertBoxNear(findWord(doc, drawn.text).bbox, drawn.box, 300);
});

/** Inserts an APP1 EXIF segment (big-endian TIFF, IFD0 with one orientation entry) after SOI. */
function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [
    0x4d,
    0x4d,
    0,
    42,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const body = [...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
  const segment = [0xff, 0xe1, 0, body.length + 2, ...body];
  return Uint8Array.from([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}

test('JPEG with EXIF orientation 6 (stored turned a quarter left) is read upright', async () => {
  const { canvas: upright, words } = drawPage(800, 260, LINES);
  // Store the picture turned 90° counter-clockwise; orientation 6 tells viewers to turn it back.
  const stored = createCanvas(260, 800);
  const ctx = stored.getContext('2d');
  ctx.translate(0, 800);
  ctx.rotate(-Math.PI / 2);
  ctx.drawImage(upright, 0, 0);
  const bytes = withExifOrientation(stored.encodeSync('jpeg', { quality: 90, resolution: 200 }), 6);

  const doc = await jpegReader.read(bytes, context());
  assert.deepEqual([doc.pages[0]?.width, doc.pages[0]?.height], [288, 93.6]);
  assert.deepEqual(
    doc.pages[0]?.lines.map((l) => l.text),
    LINES,
  );
  for (const drawn of words) assertBoxNear(findWord(doc, drawn.text).bbox, drawn.box, 200);
});

/** An OCR engine that must not be reached. */
const unreachableOcr: OcrEngine = {
  recognize: () => assert.fail('the image was handed to OCR'),
};

test('a PNG header claiming 60000×60000 pixels is refused before decoding', async () => {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(60000, 8);
  ihdr.writeUInt32BE(60000, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
  await assert.rejects(pngReader.read(bytes, context({ ocr: unreachableOcr })), (e) => {
    assert.ok(isAppError(e));
    assert.equal(e.code, 'document_too_complex');
    assert.deepEqual(e.details, { limit_pixels: DEFAULT_READ_LIMITS.maxPixels, pixels: 3_600_000_000 });
    return true;
  });
});

test('the pixel limit comes from the read limits', async () => {
  const bytes = createCanvas(100, 100).encodeSync('png');
  const limits = { ...DEFAULT_READ_LIMITS, maxPixels: 9_999 };
  await assert.rejects(
    pngReader.read(bytes, context({ limits, ocr: unreachableOcr })),
    (e) => isAppError(e) && e.code === 'document_too_complex' && e.details.pixels === 10_000,
  );
});

test('garbage after a PNG signature, or a truncated PNG, is a corrupt document', async () => {
  const garbage = Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...Buffer.from('not an image at all'),
  ]);
  await assert.rejects(
    pngReader.read(garbage, context({ ocr: unreachableOcr })),
    (e) => isAppError(e) && e.code === 'corrupt_document',
  );
  // A valid header whose pixel data is cut off.
  const png = drawPage(200, 100, ['CUT']).canvas.encodeSync('png');
  await assert.rejects(
    pngReader.read(png.subarray(0, 60), context({ ocr: unreachableOcr })),
    (e) => isAppError(e) && e.code === 'corrupt_document',
  );
});

test('a large JPEG whose data is garbage after a valid header is a corrupt document', async () => {
  const jpeg = drawPage(1300, 200, ['GARBAGE']).canvas.encodeSync('jpeg', { quality: 90 });
  const sos = Buffer.from(jpeg).indexOf(Buffer.from([0xff, 0xda]));
  const bytes = Uint8Array.from([...jpeg.subarray(0, sos), ...Buffer.from('this is no entropy-coded data')]);
  await assert.rejects(
    jpegReader.read(bytes, context()),
    (e) => isAppError(e) && e.code === 'corrupt_document',
  );
});

test('a transparent PNG is read as dark text on white', async () => {
  const canvas = createCanvas(1300, 160);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.font = '40px FixtureSans';
  ctx.fillText('RECEIPT 2024', 60, 90);
  const doc = await pngReader.read(canvas.encodeSync('png'), context());
  assert.deepEqual(
    doc.pages[0]?.lines.map((l) => l.text),
    ['RECEIPT 2024'],
  );
});

test('without an OCR engine the reader reports a server fault, not a bad document', async () => {
  const bytes = drawPage(300, 100, ['NO OCR']).canvas.encodeSync('png');
  await assert.rejects(
    pngReader.read(bytes, { limits: DEFAULT_READ_LIMITS }),
    (e) => isAppError(e) && e.code === 'internal_error',
  );
});
