import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS, type OcrEngine } from '../../src/documents/model.ts';
import { imageSize } from '../../src/documents/ocr/tesseract-pool.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { readDeadline } from '../../src/documents/read-deadline.ts';
import { isAppError } from '../../src/errors.ts';
import { context, fakeOcr, makePdf, PNG_SIGNATURE, pngSize, textImage } from './pdf-fixtures.ts';

/** A letter-size page that is one picture of text, like a scanner makes. */
async function scannedPage() {
  return { image: await textImage(['SCANNED INVOICE', 'Total 42.00'], 850, 1100) };
}

/** OCR finds its line in the top-left quarter of the image, whatever its size. */
const quarterBox = ({ width, height }: { width: number; height: number }) => ({
  x0: width / 4,
  y0: height / 4,
  x1: width / 2,
  y1: height / 2,
});

describe('pdfReader: scanned pages', () => {
  it('renders a page without text at 5 million pixels at most and returns what OCR reads, in points', async () => {
    const ocr = fakeOcr('SCANNED INVOICE', quarterBox);
    const doc = await pdfReader.read(await makePdf([await scannedPage()]), context({ ocr: ocr.engine }));

    assert.equal(ocr.calls.length, 1);
    // Grey, as scans mostly are: one byte a pixel (render-page.ts).
    const image = ocr.calls[0]!;
    // A letter page at 231 DPI: the most pixels a page is drawn at (render-page.ts OCR_MAX_PIXELS).
    assert.equal(Buffer.from(image.subarray(0, 17)).toString('latin1'), 'P5\n1965 2543\n255\n');
    assert.equal(image.length, 17 + 1965 * 2543);

    const page = doc.pages[0]!;
    assert.equal(page.source, 'ocr');
    assert.deepEqual(
      page.lines.map((line) => [line.index, line.text, line.bbox]),
      [[0, 'SCANNED INVOICE', { x0: 153, y0: 198, x1: 306, y1: 396 }]],
    );
    assert.deepEqual(page.lines[0]!.words[0], {
      text: 'SCANNED INVOICE',
      bbox: { x0: 153, y0: 198, x1: 306, y1: 396 },
      confidence: 0.9,
    });
    assert.equal(doc.meta.characters, 'SCANNED INVOICE'.length);
  });

  it('reads a scanned page once: its doubtful lines are not read again', async () => {
    const calls: Uint8Array[] = [];
    const engine: OcrEngine = {
      async recognize(image) {
        calls.push(image);
        const size = imageSize(image);
        const bbox = quarterBox(size);
        return {
          ...size,
          lines: [{ text: 'SCANNED', bbox, words: [{ text: 'SCANNED', bbox, confidence: 0.6 }] }],
        };
      },
    };
    const doc = await pdfReader.read(await makePdf([await scannedPage()]), context({ ocr: engine }));
    assert.equal(calls.length, 1);
    assert.equal(doc.pages[0]!.lines[0]!.text, 'SCANNED');
  });

  it('hands a colour page to OCR as a PNG, and reads it the same', async () => {
    const ocr = fakeOcr('SCANNED INVOICE', quarterBox);
    const colour = { image: await textImage(['SCANNED INVOICE', 'Total 42.00'], 850, 1100, '#c00') };
    const doc = await pdfReader.read(await makePdf([colour]), context({ ocr: ocr.engine }));
    const png = ocr.calls[0]!;
    assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE);
    assert.deepEqual(pngSize(png), { width: 1965, height: 2543 });
    assert.deepEqual(doc.pages[0]!.lines[0]!.bbox, { x0: 153, y0: 198, x1: 306, y1: 396 });
  });

  it('lowers the resolution to stay within the pixel limit instead of failing', async () => {
    const ocr = fakeOcr('SCANNED INVOICE', quarterBox);
    const limits = { ...DEFAULT_READ_LIMITS, maxPixels: 1_000_000 };
    const doc = await pdfReader.read(
      await makePdf([await scannedPage()]),
      context({ ocr: ocr.engine, limits }),
    );
    const { width, height } = imageSize(ocr.calls[0]!);
    assert.ok(width * height <= 1_000_000 && width * height > 900_000, `${width}×${height}`);
    // Boxes still come back in points.
    assert.deepEqual(doc.pages[0]!.lines[0]!.bbox, { x0: 153, y0: 198, x1: 306, y1: 396 });
  });

  it('draws a scan declared poster-size at no more pixels than a letter page needs', async () => {
    const ocr = fakeOcr('SCANNED INVOICE', quarterBox);
    // 24 × 31 inches, as scanners write a letter page scanned at 570 DPI: 67 million pixels at 300 DPI.
    const poster = { ...(await scannedPage()), size: [1749, 2263] as [number, number] };
    const doc = await pdfReader.read(await makePdf([poster]), context({ ocr: ocr.engine }));
    const { width, height } = imageSize(ocr.calls[0]!);
    assert.ok(width * height <= 5_000_000 && width * height > 4_800_000, `${width}×${height}`);
    // Boxes are still in the page's points.
    assert.deepEqual(doc.pages[0]!.lines[0]!.bbox, { x0: 437.25, y0: 565.75, x1: 874.5, y1: 1131.5 });
  });

  it("draws a page at fewer pixels once half the document's time is spent", async () => {
    const ocr = fakeOcr('SCANNED INVOICE', quarterBox);
    const late = { ...readDeadline(60_000), hasSpareTime: () => false };
    const doc = await pdfReader.read(
      await makePdf([await scannedPage()]),
      context({ ocr: ocr.engine, deadline: late }),
    );
    const { width, height } = imageSize(ocr.calls[0]!);
    assert.ok(width * height <= 3_500_000 && width * height > 3_300_000, `${width}×${height}`);
    assert.deepEqual(doc.pages[0]!.lines[0]!.bbox, { x0: 153, y0: 198, x1: 306, y1: 396 });
  });

  it('returns a scanned page without lines when no OCR engine is configured', async () => {
    const doc = await pdfReader.read(await makePdf([await scannedPage()]), context());
    assert.equal(doc.pages.length, 1);
    assert.deepEqual(doc.pages[0]!.lines, []);
    assert.equal(doc.meta.billedPages, 1);
  });

  it('reads a mixed document page by page: text pages as text, scanned pages by OCR', async () => {
    const ocr = fakeOcr('Signed by hand', quarterBox);
    const bytes = await makePdf([
      { texts: [{ text: 'Typed agreement text on page one', x: 72, y: 72 }] },
      await scannedPage(),
      { texts: [{ text: 'Typed annex on page three', x: 72, y: 72 }] },
    ]);
    const doc = await pdfReader.read(bytes, context({ ocr: ocr.engine }));
    assert.equal(ocr.calls.length, 1);
    assert.deepEqual(
      doc.pages.map((page) => [page.number, page.source, page.lines.map((line) => line.text)]),
      [
        [1, 'pdf-text', ['Typed agreement text on page one']],
        [2, 'ocr', ['Signed by hand']],
        [3, 'pdf-text', ['Typed annex on page three']],
      ],
    );
  });

  it("recognises a scan's pages side by side on the OCR workers and keeps their order", {
    timeout: 60_000,
  }, async () => {
    const started: (() => void)[] = [];
    const begun = [1, 2, 3, 4].map((n) => new Promise<void>((resolve) => (started[n] = resolve)));
    let calls = 0;
    const engine: OcrEngine = {
      parallel: 2,
      async recognize(image) {
        const call = ++calls;
        started[call]!();
        // Each page is read only once the next page's reading has begun, so its lines come back
        // after the next one's started: one page at a time would never get past the first.
        if (call < 4) await begun[call]!;
        const size = imageSize(image);
        const bbox = quarterBox(size);
        const text = `Scanned page ${call}`;
        return { ...size, lines: [{ text, bbox, words: [{ text, bbox, confidence: 0.9 }] }] };
      },
    };
    const page = await scannedPage();
    const doc = await pdfReader.read(await makePdf([page, page, page, page]), context({ ocr: engine }));
    assert.deepEqual(
      doc.pages.map((p) => [p.number, p.source, p.lines.map((line) => line.text)]),
      [1, 2, 3, 4].map((n) => [n, 'ocr', [`Scanned page ${n}`]]),
    );
  });

  it('stops with document_timeout, the limit in details, when the scan outlasts the time limit', async () => {
    const engine: OcrEngine = {
      recognize: (_image, options) =>
        new Promise((_, reject) =>
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
        ),
    };
    const limits = { ...DEFAULT_READ_LIMITS, timeoutMs: 300 };
    await assert.rejects(
      pdfReader.read(await makePdf([await scannedPage()]), context({ ocr: engine, limits })),
      (error) => isAppError(error) && error.code === 'document_timeout' && error.details.limit_ms === 300,
    );
  });

  it('keeps the text of a page whose few words sit beside a small logo', async () => {
    const ocr = fakeOcr('never', quarterBox);
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(await makePdf([{ texts: [{ text: 'Page 2', x: 72, y: 72 }] }]));
    const logo = await doc.embedPng(await textImage(['LOGO'], 60, 30));
    doc.getPage(0).drawImage(logo, { x: 500, y: 740, width: 60, height: 30 });
    const read = await pdfReader.read(await doc.save(), context({ ocr: ocr.engine }));
    assert.equal(ocr.calls.length, 0);
    assert.deepEqual(
      read.pages[0]!.lines.map((line) => line.text),
      ['Page 2'],
    );
  });
});
