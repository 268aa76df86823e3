import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drawPages } from '../../src/documents/draw-pages.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { invoicePng } from '../helpers/invoice-forms.ts';
import { makePdf, pngSize } from './pdf-fixtures.ts';

const options = (pages: number[], pixels: number) => ({
  pages,
  pixels,
  limits: DEFAULT_READ_LIMITS,
  timeoutMs: 10_000,
});

describe('drawPages: pages drawn again from the upload', () => {
  it('draws the pages asked for, in order, each within the pixels given; pages past the end are left out', async () => {
    const pdf = await makePdf(
      Array.from({ length: 4 }, (_, i) => ({ texts: [{ text: `Page ${i + 1}`, x: 72, y: 72 }] })),
    );
    const pictures = await drawPages(pdf, 'pdf', options([2, 4, 9], 500_000));
    assert.deepEqual(
      pictures.map((p) => p.page),
      [2, 4],
    );
    for (const p of pictures) {
      const size = pngSize(p.png);
      assert.ok(size.width * size.height <= 500_000, `${size.width}×${size.height}`);
      assert.ok(size.width * size.height > 400_000, 'as large as allowed');
    }
  });

  it('draws an image as its one page, never enlarged', async () => {
    const [picture] = await drawPages(invoicePng(), 'png', options([1], 10_000_000));
    assert.deepEqual(pngSize(picture!.png), { width: 2480, height: 1200 });
    assert.deepEqual(await drawPages(invoicePng(), 'png', options([2], 10_000_000)), []);
    assert.deepEqual(await drawPages(Buffer.from('text'), 'text', options([1], 10_000_000)), []);
  });
});
