import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAdapters } from '../src/app.ts';
import { invoicePng } from './helpers/invoice-forms.ts';

const until = async (what: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
};

test('the OCR worker threads end once idle, and start again for the next image', async () => {
  const adapters = await createAdapters(
    { DATA_DIR: '', DATABASE_URL: undefined, OCR_WORKERS: 1 },
    { withStore: false, ocrIdleMs: 200 },
  );
  const ocr = adapters.ocr as NonNullable<typeof adapters.ocr> & { stats(): { live: number } };
  try {
    const first = await ocr.recognize(invoicePng());
    assert.ok(first.lines.some((line) => line.text.includes('INV-7731')));
    assert.ok(await until(() => ocr.stats().live === 0), 'the idle worker was ended');
    const again = await ocr.recognize(invoicePng());
    assert.ok(again.lines.some((line) => line.text.includes('INV-7731')));
  } finally {
    await adapters.close();
  }
});
