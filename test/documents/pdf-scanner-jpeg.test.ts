import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import { degrees, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { pictureSource } from '../../src/documents/pdf/sole-picture.ts';
import { context, fakeOcr } from './pdf-fixtures.ts';

/**
 * A JPEG of black text on white, with a black block in its upper left quarter to tell its orientation
 * (off the edges: a dark band along an edge is cleared as a scanner's border).
 */
async function scanJpeg(width: number, height: number): Promise<Uint8Array> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'black';
  ctx.fillRect(width / 10, height / 10, width / 5, height / 8);
  ctx.font = `${Math.round(height / 30)}px sans-serif`;
  ctx.fillText('SCANNED INVOICE 42.00', width / 10, height / 3);
  return new Uint8Array(await canvas.encode('jpeg', 92));
}

interface ScanOptions {
  size?: [number, number];
  rotation?: 0 | 90 | 180 | 270;
  /** The page's content; IMAGE stands for the image's name. */
  content?: string;
  /** Keys added to the image's dictionary. */
  imageKeys?: Record<string, string>;
}

/** A page as scanners write it: one JPEG, and a content stream that only draws it. */
async function scannerPdf(jpeg: Uint8Array, options: ScanOptions = {}): Promise<Uint8Array> {
  const [w, h] = options.size ?? [612, 792];
  const doc = await PDFDocument.create();
  const page = doc.addPage([w, h]);
  page.setRotation(degrees(options.rotation ?? 0));
  const image = await doc.embedJpg(jpeg);
  const name = PDFName.of('Im0');
  page.node.setXObject(name, image.ref);
  const content = (options.content ?? `q ${w} 0 0 ${h} 0 0 cm /IMAGE Do Q`).replace('IMAGE', 'Im0');
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(content)));
  // Written as scanners write: objects in the plain, no compressed object streams.
  const bytes = await doc.save({ useObjectStreams: false });
  if (!options.imageKeys) return bytes;
  // pdf-lib writes the image's dictionary at save: extra keys are added on a second pass.
  const again = await PDFDocument.load(bytes);
  const stream = again.context.lookup(image.ref);
  assert.ok(stream instanceof PDFRawStream);
  for (const [key, value] of Object.entries(options.imageKeys)) {
    stream.dict.set(PDFName.of(key), again.context.obj(JSON.parse(value)));
  }
  return again.save({ useObjectStreams: false });
}

/** The grey image handed to OCR (a PGM), as rows of bytes. */
function pgm(image: Uint8Array) {
  const header = Buffer.from(image.subarray(0, 32)).toString('latin1');
  const [, w, h] = /^P5\n(\d+) (\d+)\n255\n/.exec(header)!;
  const start = header.indexOf('255\n') + 4;
  return { width: Number(w), height: Number(h), pixels: image.subarray(start) };
}

async function ocrImage(pdf: Uint8Array) {
  const ocr = fakeOcr('SCANNED INVOICE', () => ({ x0: 1, y0: 1, x1: 2, y1: 2 }));
  await pdfReader.read(pdf, context({ ocr: ocr.engine }));
  assert.equal(ocr.calls.length, 1);
  return pgm(ocr.calls[0]!);
}

/** Share of pixels whose grey differs by more than a quarter between two images of one size. */
function differing(a: ReturnType<typeof pgm>, b: ReturnType<typeof pgm>): number {
  assert.deepEqual([a.width, a.height], [b.width, b.height]);
  let off = 0;
  for (let i = 0; i < a.pixels.length; i++) if (Math.abs(a.pixels[i]! - b.pixels[i]!) > 64) off++;
  return off / a.pixels.length;
}

describe('pdfReader: a scanner page drawn from its JPEG natively', () => {
  for (const [rotation, size, matrix] of [
    [0, [612, 792], '612 0 0 792 0 0'],
    [90, [612, 792], '612 0 0 792 0 0'],
    [0, [792, 612], '0 612 -792 0 792 0'],
    [0, [612, 792], '300 0 0 400 100 200'],
  ] as const) {
    it(`draws the image where pdf.js draws it (rotation ${rotation}, matrix ${matrix})`, async () => {
      const jpeg = await scanJpeg(850, 1100);
      const scanner = await scannerPdf(jpeg, {
        size: [...size],
        rotation,
        content: `q ${matrix} cm /IMAGE Do Q`,
      });
      assert.ok(await pictureSource(scanner, 1e8)(0), 'the page qualifies');
      const viaMatrix = await ocrImage(scanner);
      // Anything more in the content (here a colour set after the drawing) leaves the page to pdf.js.
      const byPdfJs = await ocrImage(
        await scannerPdf(jpeg, { size: [...size], rotation, content: `q ${matrix} cm /IMAGE Do Q 0 g` }),
      );
      assert.ok(differing(viaMatrix, byPdfJs) < 0.01, 'the same picture as pdf.js draws');
      // The black block is there: the picture is not blank.
      assert.ok(viaMatrix.pixels.some((p) => p < 32));
    });
  }

  it('finds the one JPEG of a scanner page, and nothing on any other page', async () => {
    const jpeg = await scanJpeg(200, 260);
    const find = (pdf: Uint8Array) => pictureSource(pdf, 100_000_000)(0);
    const found = await find(await scannerPdf(jpeg));
    assert.deepEqual(found?.matrix, [612, 0, 0, 792, 0, 0]);
    assert.deepEqual([found?.image.width, found?.image.height], [200, 260]);
    // Text beside the image, a decode array that inverts it, a mask: pdf.js draws those.
    assert.equal(
      await find(await scannerPdf(jpeg, { content: 'q 612 0 0 792 0 0 cm /IMAGE Do Q BT ET' })),
      undefined,
    );
    assert.equal(
      await find(await scannerPdf(jpeg, { imageKeys: { Decode: '[1, 0, 1, 0, 1, 0]' } })),
      undefined,
    );
    assert.equal(await find(await scannerPdf(jpeg, { imageKeys: { ImageMask: 'true' } })), undefined);
    // Bigger than the pixel limit: not decoded (pdf.js would not draw it either).
    assert.equal(await pictureSource(await scannerPdf(jpeg), 200 * 259)(0), undefined);
    // A file with compressed object streams (pdf-lib would inflate them all): left to pdf.js.
    const packed = await PDFDocument.load(await scannerPdf(jpeg));
    assert.equal(await pictureSource(await packed.save({ useObjectStreams: true }), 1e8)(0), undefined);
    // Not a PDF pdf-lib reads, or a page past the end: nothing, and no error.
    assert.equal(await pictureSource(new TextEncoder().encode('%PDF-1.7 broken'), 1e8)(0), undefined);
    assert.equal(await pictureSource(await scannerPdf(jpeg), 1e8)(3), undefined);
  });

  it('never throws on a damaged scanner file: bytes changed, cut or inserted anywhere', async () => {
    const pdf = await scannerPdf(await scanJpeg(120, 160));
    const edits = fc.array(
      fc.record({
        at: fc.nat({ max: pdf.length - 1 }),
        kind: fc.constantFrom('set', 'cut', 'insert'),
        byte: fc.nat(255),
      }),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(edits, async (changes) => {
        let bytes = [...pdf];
        for (const { at, kind, byte } of changes) {
          const i = Math.min(at, bytes.length - 1);
          if (kind === 'set') bytes[i] = byte;
          else if (kind === 'cut') bytes = [...bytes.slice(0, i), ...bytes.slice(i + 17)];
          else bytes = [...bytes.slice(0, i), byte, ...bytes.slice(i)];
        }
        const found = await pictureSource(Uint8Array.from(bytes), 1e8)(0);
        // Either the page's one image, whole and of its declared size, or nothing: never an error.
        if (found) assert.deepEqual([found.image.width, found.image.height], [120, 160]);
      }),
      { numRuns: 150, seed: 31 },
    );
  });
});
