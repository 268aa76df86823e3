import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DocumentCache, rememberingOcr } from '../../eval/document-cache.ts';
import { DEFAULT_READ_LIMITS, type OcrEngine, type OcrResult } from '../../src/documents/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'docjson-ocr-memo-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function countingEngine() {
  const calls: string[] = [];
  const engine: OcrEngine = {
    parallel: 3,
    async recognize(image, options = {}): Promise<OcrResult> {
      calls.push(`${image[0]} ${options.threshold ?? 'global'}`);
      const bbox = () => ({ x0: 1, y0: 2, x1: 3.25, y1: 4.5 });
      const text = `image ${image[0]}`;
      const lineBox = bbox();
      const words = [{ text, bbox: bbox(), confidence: 0.8125 }];
      if (image[0] === 9) words[0]!.bbox = lineBox; // shared with the line: not storable exactly
      return { width: 10, height: 20, lines: [{ text, bbox: lineBox, words }] };
    },
  };
  return { engine, calls };
}

test('a recognition is remembered on disk: the same image and threshold are not recognised twice', async () => {
  const cache = new DocumentCache(dir, DEFAULT_READ_LIMITS);
  const { engine, calls } = countingEngine();
  const ocr = rememberingOcr(cache, engine);
  const first = await ocr.recognize(new Uint8Array([7, 1, 2]));
  const again = await rememberingOcr(cache, engine).recognize(new Uint8Array([7, 1, 2]));
  assert.deepEqual(again, first, 'read back exactly');
  assert.deepEqual(calls, ['7 global']);

  await ocr.recognize(new Uint8Array([7, 1, 2]), { threshold: 'local' });
  await ocr.recognize(new Uint8Array([8, 1, 2]));
  assert.deepEqual(calls, ['7 global', '7 local', '8 global'], 'another threshold or image is read');
  assert.equal(readdirSync(cache.ocrDir).length, 3);
  assert.equal(ocr.parallel, 3, 'the engine’s other properties pass through');
});

test('a recognition that cannot be stored exactly is answered and not remembered', async () => {
  const cache = new DocumentCache(dir, DEFAULT_READ_LIMITS);
  const { engine, calls } = countingEngine();
  const ocr = rememberingOcr(cache, engine);
  const first = await ocr.recognize(new Uint8Array([9]));
  assert.equal(first.lines[0]!.text, 'image 9');
  await ocr.recognize(new Uint8Array([9]));
  assert.deepEqual(calls, ['9 global', '9 global']);
});

test('readers that changed read documents afresh but repeat no recognition of an unchanged image', async () => {
  const before = new DocumentCache(dir, DEFAULT_READ_LIMITS);
  const after = new DocumentCache(dir, { ...DEFAULT_READ_LIMITS, maxPages: 7 });
  assert.notEqual(after.dir, before.dir, 'documents are kept per reader');
  const { engine, calls } = countingEngine();
  await rememberingOcr(before, engine).recognize(new Uint8Array([5, 5]));
  await rememberingOcr(after, engine).recognize(new Uint8Array([5, 5]));
  assert.deepEqual(calls, ['5 global']);
});
