import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { readImageHeader } from '../../src/documents/image/image-header.ts';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS, type OcrEngine } from '../../src/documents/model.ts';
import { prepareForOcr } from '../../src/documents/ocr/image-preprocess.ts';
import { createPreparePool, withPreparePool } from '../../src/documents/ocr/prepare-pool.ts';
import { isAppError } from '../../src/errors.ts';
import { invoiceJpeg, invoicePng } from '../helpers/invoice-forms.ts';

// One worker: reuse and replacement can then be told apart.
const pool = createPreparePool({ size: 1 });
after(() => pool.close());

for (const [name, make, format] of [
  ['PNG', invoicePng, 'png'],
  ['JPEG', invoiceJpeg, 'jpeg'],
] as const) {
  test(`the worker prepares the invoice ${name} to the same bytes as the main thread`, async () => {
    const bytes = make();
    const header = readImageHeader(bytes, format);
    const here = await prepareForOcr(bytes, header);
    const there = await pool.prepare(bytes, header);
    assert.equal(there.scale, here.scale);
    assert.deepEqual(there.edges, here.edges);
    assert.equal(there.image.length, here.image.length);
    assert.ok(Buffer.from(there.image).equals(Buffer.from(here.image)), 'identical PPM bytes');
  });
}

test("the caller's bytes are left whole (a copy is transferred, not them)", async () => {
  const bytes = invoicePng();
  const before = Buffer.from(bytes);
  await pool.prepare(bytes, readImageHeader(bytes, 'png'));
  assert.equal(bytes.byteLength, before.length);
  assert.ok(Buffer.from(bytes).equals(before));
});

test('undecodable image data is corrupt_document, and the worker stays in service', async () => {
  const whole = invoicePng();
  const header = readImageHeader(whole, 'png');
  const created = pool.stats().created;
  await assert.rejects(pool.prepare(whole.subarray(0, 60), header), (error) => {
    assert.ok(isAppError(error));
    assert.equal(error.code, 'corrupt_document');
    return true;
  });
  const prepared = await pool.prepare(whole, header);
  assert.ok(prepared.image.length > 0);
  assert.equal(pool.stats().created, created);
});

test('an abort rejects with its reason, ends the busy worker, and a fresh one takes the next job', async () => {
  const bytes = invoiceJpeg();
  const header = readImageHeader(bytes, 'jpeg');
  const early = new AbortController();
  early.abort(new Error('gone before'));
  await assert.rejects(pool.prepare(bytes, header, { signal: early.signal }), /gone before/);

  const created = pool.stats().created;
  const controller = new AbortController();
  const pending = pool.prepare(bytes, header, { signal: controller.signal });
  controller.abort(new Error('client left'));
  await assert.rejects(pending, /client left/);
  assert.equal(pool.stats().live, 0);
  assert.ok((await pool.prepare(bytes, header)).image.length > 0);
  assert.equal(pool.stats().created, created + 1);
});

test('a job waiting for a worker leaves the queue when aborted', async () => {
  const bytes = invoiceJpeg();
  const header = readImageHeader(bytes, 'jpeg');
  const first = pool.prepare(bytes, header);
  const controller = new AbortController();
  const waiting = pool.prepare(bytes, header, { signal: controller.signal });
  assert.equal(pool.stats().queued, 1);
  controller.abort(new Error('no longer wanted'));
  await assert.rejects(waiting, /no longer wanted/);
  assert.equal(pool.stats().queued, 0);
  await first;
});

test('close ends the workers and refuses later jobs; the engine is closed with it', async () => {
  const own = createPreparePool({ size: 2 });
  let engineClosed = false;
  const engine = withPreparePool(
    {
      recognize: () => Promise.reject(new Error('not used')),
      stats: () => ({ live: 0, busy: 0, queued: 0 }),
      close: async () => {
        engineClosed = true;
      },
    },
    own,
  );
  const bytes = invoicePng();
  await engine.prepare(bytes, readImageHeader(bytes, 'png'));
  assert.equal(own.stats().live, 1);
  assert.equal(typeof engine.stats, 'function', 'the engine’s stats still reach the metrics');
  await engine.close();
  assert.ok(engineClosed);
  assert.equal(own.stats().live, 0);
  await assert.rejects(own.prepare(bytes, readImageHeader(bytes, 'png')), (error) => {
    assert.ok(isAppError(error));
    assert.equal(error.code, 'unavailable');
    return true;
  });
});

test('the image reader hands preparation to the OCR engine when it offers it', async () => {
  const bytes = invoicePng();
  const ppm = new Uint8Array(Buffer.from('P6\n4 2\n255\n'.padEnd(11 + 24, '\xff'), 'latin1'));
  const calls: string[] = [];
  const ocr: OcrEngine = {
    async prepare(input, header) {
      calls.push(`prepare ${input.length} ${header.width}`);
      return { image: ppm, scale: 1 };
    },
    async recognize(image) {
      calls.push(`recognize ${image === ppm}`);
      return { width: 4, height: 2, lines: [] };
    },
  };
  await pngReader.read(bytes, { limits: DEFAULT_READ_LIMITS, ocr });
  assert.deepEqual(calls, [
    `prepare ${bytes.length} ${readImageHeader(bytes, 'png').width}`,
    'recognize true',
  ]);
});
