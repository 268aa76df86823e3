import { createCanvas } from '@napi-rs/canvas';
import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import type { BBox, OcrEngine, OcrResult, ReadContext } from '../../src/documents/model.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { imageSize } from '../../src/documents/ocr/tesseract-pool.ts';

/** Fixtures built in memory: small PDFs drawn with pdf-lib, images drawn with @napi-rs/canvas. */

export const context = (extra: Partial<ReadContext> = {}): ReadContext => ({
  limits: DEFAULT_READ_LIMITS,
  ...extra,
});

export interface Text {
  text: string;
  /** Left edge and baseline, from the top-left corner of the upright page, in points. */
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
}

export interface PageSpec {
  size?: [number, number];
  rotation?: 0 | 90 | 180 | 270;
  texts?: Text[];
  /** A PNG painted over the whole page. */
  image?: Uint8Array;
}

/** pdf-lib coordinates and angle that put text upright at (x, y) of the page as displayed. */
function place(page: PDFPage, rotation: number, x: number, y: number) {
  const { width: w, height: h } = page.getSize();
  if (rotation === 90) return { x: y, y: x, rotate: degrees(90) };
  if (rotation === 180) return { x: w - x, y: y, rotate: degrees(180) };
  if (rotation === 270) return { x: w - y, y: h - x, rotate: degrees(270) };
  return { x, y: h - y, rotate: degrees(0) };
}

export async function makePdf(pages: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const spec of pages) {
    const page = doc.addPage(spec.size ?? [612, 792]);
    const rotation = spec.rotation ?? 0;
    page.setRotation(degrees(rotation));
    if (spec.image) {
      const image = await doc.embedPng(spec.image);
      page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    }
    for (const t of spec.texts ?? []) {
      const font: PDFFont = t.bold ? bold : regular;
      page.drawText(t.text, { ...place(page, rotation, t.x, t.y), size: t.size ?? 12, font });
    }
  }
  return doc.save();
}

/** Width of a text in Helvetica, to lay fixtures out. */
export async function textWidth(text: string, size: number, bold = false): Promise<number> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica);
  return font.widthOfTextAtSize(text, size);
}

/** A "scan": black (or `ink`) text on white, as a PNG of the given pixel size. */
export async function textImage(
  lines: string[],
  width: number,
  height: number,
  ink = 'black',
): Promise<Uint8Array> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = ink;
  ctx.font = `${Math.round(height / 30)}px sans-serif`;
  lines.forEach((line, i) => {
    ctx.fillText(line, width / 10, (height / 10) * (i + 1));
  });
  return new Uint8Array(await canvas.encode('png'));
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** An OCR engine that reads one line at a fixed spot of whatever image it gets, in pixels. */
export function fakeOcr(text: string, box: (size: { width: number; height: number }) => BBox) {
  const calls: Uint8Array[] = [];
  const engine: OcrEngine = {
    async recognize(image): Promise<OcrResult> {
      calls.push(image);
      const size = imageSize(image);
      const bbox = box(size);
      return { ...size, lines: [{ text, bbox, words: [{ text, bbox, confidence: 0.9 }] }] };
    },
  };
  return { engine, calls };
}

/** A PDF assembled by hand from object bodies, with a correct cross-reference table. */
export function rawPdf(objects: string[], trailer: string): Uint8Array {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  out += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/**
 * A PDF protected by a user password (standard security handler, RC4 128-bit): pdf-lib cannot
 * encrypt, so the /Encrypt dictionary is written by hand. Its keys match no empty password.
 */
export function encryptedPdf(): Uint8Array {
  const key = (c: string) => `<${c.repeat(64)}>`;
  const id = '<0123456789abcdef0123456789abcdef>';
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O ${key('a')} /U ${key('b')} >>`,
    ],
    `/Root 1 0 R /Encrypt 4 0 R /ID [${id} ${id}]`,
  );
}
