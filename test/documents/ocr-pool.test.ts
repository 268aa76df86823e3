import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { canvasToPnm, ppmSize } from '../../src/documents/ocr/ppm.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';
import { isAppError } from '../../src/errors.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(
  require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf'),
  'FixtureSans',
);

// One worker: the tests below can then tell reuse, queueing and replacement apart.
const pool = createTesseractPool({ size: 1 });
after(() => pool.close());

function textPng(lines: string[], width = 700): Uint8Array {
  const canvas = createCanvas(width, 60 + lines.length * 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = '40px FixtureSans';
  lines.forEach((line, i) => {
    ctx.fillText(line, 40, 80 + i * 70);
  });
  return canvas.encodeSync('png');
}

const words = (result: Awaited<ReturnType<typeof pool.recognize>>) =>
  result.lines.flatMap((l) => l.words.map((w) => w.text));

test('recognises words with pixel boxes inside the image and confidences in 0–1', async () => {
  const result = await pool.recognize(textPng(['INVOICE 12345', 'TOTAL 54.50']));
  assert.deepEqual([result.width, result.height], [700, 200]);
  assert.deepEqual(
    result.lines.map((l) => l.text),
    ['INVOICE 12345', 'TOTAL 54.50'],
  );
  for (const line of result.lines) {
    for (const word of line.words) {
      const b = word.bbox;
      assert.ok(b && b.x0 >= line.bbox.x0 && b.x1 <= line.bbox.x1 && b.x1 <= 700 && b.y1 <= 200);
      assert.ok(word.confidence > 0 && word.confidence <= 1);
    }
  }
  const invoice = result.lines[0]?.words[0]?.bbox;
  // Drawn at x = 40 with its baseline at y = 80 in 40 px type.
  assert.ok(
    invoice && Math.abs(invoice.x0 - 40) <= 4 && Math.abs(invoice.y1 - 80) <= 4,
    JSON.stringify(invoice),
  );
});

test('raw PGM and PPM pixels are read as well, and their size reported', async () => {
  const canvas = createCanvas(500, 120);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 500, 120);
  ctx.fillStyle = '#000';
  ctx.font = '40px FixtureSans';
  ctx.fillText('TOTAL 54.50', 40, 80);
  const ppm = await canvasToPnm(ctx, 500, 120);
  assert.ok(ppm.buffer instanceof SharedArrayBuffer, 'shared with the OCR worker, not copied');
  const result = await pool.recognize(ppm);
  assert.deepEqual([result.width, result.height], [500, 120]);
  assert.deepEqual(words(result), ['TOTAL', '54.50']);
  // The same pixels in an ordinary buffer, and in a part of a larger one, read the same.
  assert.deepEqual(await pool.recognize(Uint8Array.from(ppm)), result);
  const padded = new Uint8Array(new SharedArrayBuffer(ppm.length + 8));
  padded.set(ppm, 8);
  assert.deepEqual(await pool.recognize(padded.subarray(8)), result);
});

/** A grey PGM's pixels as a PPM of three equal channels. */
function greyAsColour(pgm: Uint8Array): Uint8Array {
  const { width, height } = ppmSize(pgm)!;
  const from = pgm.length - width * height;
  const head = Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1');
  const ppm = new Uint8Array(head.length + width * height * 3);
  ppm.set(head);
  for (let p = 0; p < width * height; p++)
    ppm.fill(pgm[from + p]!, head.length + p * 3, head.length + p * 3 + 3);
  return ppm;
}

test('grey pixels handed over as one channel read exactly as the same grey in three, or in a PNG', async () => {
  const canvas = createCanvas(700, 200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 700, 200);
  ctx.fillStyle = '#333';
  ctx.font = '40px FixtureSans';
  ctx.fillText('INVOICE 12345', 40, 80);
  ctx.fillText('TOTAL 54.50', 40, 150);
  const pgm = await canvasToPnm(ctx, 700, 200);
  assert.equal(Buffer.from(pgm.subarray(0, 2)).toString('latin1'), 'P5');
  const grey = await pool.recognize(pgm);
  assert.deepEqual(words(grey), ['INVOICE', '12345', 'TOTAL', '54.50']);
  // Words, boxes and confidences alike, from the same grey as three channels and as a PNG (the form
  // a scanned PDF page had before render-page.ts handed grey pages over as PGM).
  assert.deepEqual(await pool.recognize(greyAsColour(pgm)), grey);
  assert.deepEqual(await pool.recognize(canvas.encodeSync('png')), grey);
});

test('the worker is started once and reused', async () => {
  const before = pool.stats().created;
  assert.ok(before <= 1);
  await pool.recognize(textPng(['FIRST PAGE']));
  await pool.recognize(textPng(['SECOND PAGE']));
  assert.equal(pool.stats().created, 1);
  assert.equal(pool.stats().live, 1);
});

test('jobs beyond the pool size wait their turn and finish in order', async () => {
  const finished: string[] = [];
  const jobs = ['ALPHA', 'BRAVO', 'CHARLIE'].map((word) =>
    pool.recognize(textPng([word])).then((r) => {
      finished.push(words(r).join(' '));
    }),
  );
  assert.equal(pool.stats().queued + pool.stats().busy, 3);
  await Promise.all(jobs);
  assert.deepEqual(finished, ['ALPHA', 'BRAVO', 'CHARLIE']);
  assert.equal(pool.stats().created, 1);
});

test('the event loop keeps turning while a page is recognised', async () => {
  const lines = Array.from({ length: 8 }, (_, i) => `LINE ${i} OF A LONGER PAGE 12.34`);
  const image = textPng(lines, 900);
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
  }, 20);
  const started = performance.now();
  try {
    await pool.recognize(image);
  } finally {
    clearInterval(timer);
  }
  const elapsed = performance.now() - started;
  // Lenient: at least one tick per 200 ms on average (a blocked loop would give ~0).
  assert.ok(ticks >= Math.floor(elapsed / 200), `${ticks} ticks in ${elapsed.toFixed(0)} ms`);
  assert.ok(ticks >= 2, `${ticks} ticks in ${elapsed.toFixed(0)} ms`);
});

test('an aborted signal stops a waiting job and a running one; the pool carries on', async () => {
  const image = textPng(['ABORT ME']);
  await assert.rejects(pool.recognize(image, { signal: AbortSignal.abort(new Error('gone')) }), /gone/);

  const running = new AbortController();
  const queued = new AbortController();
  const longPage = textPng(
    Array.from({ length: 16 }, (_, i) => `LINE ${i} OF A PAGE LONG ENOUGH TO BE STOPPED`),
    1400,
  );
  const first = pool.recognize(longPage, { signal: running.signal });
  const second = pool.recognize(image, { signal: queued.signal });
  queued.abort(new Error('left the queue'));
  await assert.rejects(second, /left the queue/);
  await new Promise((resolve) => setTimeout(resolve, 20));
  running.abort(new Error('stopped mid-page'));
  await assert.rejects(first, /stopped mid-page/);

  const createdBefore = pool.stats().created;
  const after = await pool.recognize(textPng(['STILL WORKING']));
  assert.deepEqual(words(after), ['STILL', 'WORKING']);
  assert.ok(pool.stats().created <= createdBefore + 1);
  assert.equal(pool.stats().live, 1);
});

test('a closed pool refuses work as unavailable', async () => {
  const spare = createTesseractPool({ size: 1 });
  await spare.close();
  await assert.rejects(
    spare.recognize(textPng(['CLOSED'])),
    (e) => isAppError(e) && e.code === 'unavailable',
  );
  assert.equal(spare.stats().created, 0);
});

test('closing a pool fails the jobs it holds instead of leaving them hanging', async () => {
  const spare = createTesseractPool({ size: 1 });
  const unavailable = (e: unknown) => isAppError(e) && e.code === 'unavailable';
  const running = assert.rejects(spare.recognize(textPng(['RUNNING'])), unavailable);
  const waiting = assert.rejects(spare.recognize(textPng(['WAITING'])), unavailable);
  await spare.close();
  await Promise.all([running, waiting]);
});
