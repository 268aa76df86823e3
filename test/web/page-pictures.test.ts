import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { MAX_PICTURES, pagePictures } from '../../src/web/page-pictures.ts';
import { evidenceMarks } from '../../src/web/views/evidence-view.ts';
import { makePdf, PNG_SIGNATURE, pngSize } from '../documents/pdf-fixtures.ts';
import { invoicePng } from '../helpers/invoice-forms.ts';

describe('playground page pictures', () => {
  it('draws at most the first three pages of a PDF, at a modest scale, sized in points', async () => {
    const pdf = await makePdf(
      Array.from({ length: 5 }, (_, i) => ({ texts: [{ text: `Page ${i + 1}`, x: 72, y: 72 }] })),
    );
    const pictures = await pagePictures(pdf, 'pdf', DEFAULT_READ_LIMITS);
    assert.equal(MAX_PICTURES, 3);
    assert.deepEqual(
      pictures.map((p) => [p.page, p.width, p.height]),
      [
        [1, 612, 792],
        [2, 612, 792],
        [3, 612, 792],
      ],
    );
    const png = pictures[0]!.png;
    assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE);
    const size = pngSize(png);
    assert.ok(size.width * size.height <= 1_000_000, `${size.width}×${size.height} is modest`);
    assert.ok(size.width > 600, 'readable');
  });

  it('draws an image reduced to about a million pixels, its size in points at its DPI', async () => {
    const [picture] = await pagePictures(invoicePng(), 'png', DEFAULT_READ_LIMITS);
    assert.equal(picture?.page, 1);
    assert.equal(Math.round(picture!.width * 10) / 10, 595.2); // 2480 px at 300 DPI
    assert.equal(picture!.height, 288);
    const size = pngSize(picture!.png);
    assert.ok(size.width * size.height <= 1_000_000);
    assert.equal(Math.round((size.width / size.height) * 100), Math.round((2480 / 1200) * 100));
  });

  it('draws nothing for formats without pages to see', async () => {
    assert.deepEqual(await pagePictures(Buffer.from('a'), 'text', DEFAULT_READ_LIMITS), []);
  });

  it('lists every located leaf of the evidence, arrays and objects included', () => {
    const marks = evidenceMarks({
      total: { confidence: 0.8, page: 1, bbox: [1, 2, 3, 4], text: 'Total' },
      missing: { confidence: 0, page: null, text: null, note: 'not found in the document' },
      items: [{ amount: { confidence: 0.7, page: 2, cell: 'Sheet1!B7', text: '12' } }],
    });
    assert.deepEqual(marks, [
      { field: 'total', page: 1, bbox: [1, 2, 3, 4], confidence: 0.8 },
      { field: 'items[0].amount', page: 2, cell: 'Sheet1!B7', confidence: 0.7 },
    ]);
  });
});
