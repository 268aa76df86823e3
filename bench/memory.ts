/**
 * Peak RSS while the service handles 8 concurrent 10 MB text PDFs. Run in its own process, so that
 * the figure is this load's alone: node --expose-gc bench/memory.ts [dense] → prints JSON.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { postDocument, startBenchApp } from './bench-app.ts';

async function pdfWithPages(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const words =
    'agreement party confidential information term governed laws state effective date disclosure'.split(' ');
  let n = 1;
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 60; line++) {
      let text = '';
      for (let w = 0; w < 14; w++) {
        n = (n * 1103515245 + 12345) % 2147483648;
        text += `${words[n % words.length]} `;
      }
      page.drawText(text, { x: 36, y: 760 - line * 12, size: 9, font });
    }
  }
  return pdf.save({ useObjectStreams: false });
}

/** The worst case for the text model: dense text pages up to the page guard (480 pages). */
async function denseTextPdf(): Promise<Uint8Array> {
  return pdfWithPages(480);
}

/** A typical 10 MB PDF: a report whose pages each carry a text layer and a photograph of their own. */
async function tenMegabytePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const canvas = createCanvas(1200, 900);
  const ctx = canvas.getContext('2d');
  let n = 7;
  let bytes = 0;
  while (bytes < 10 * 1024 * 1024) {
    const image = ctx.createImageData(1200, 900);
    for (let i = 0; i < image.data.length; i++) {
      n = (n * 1103515245 + 12345) % 2147483648;
      image.data[i] = i % 4 === 3 ? 255 : n & 255;
    }
    ctx.putImageData(image, 0, 0);
    const jpeg = canvas.toBuffer('image/jpeg', 85);
    bytes += jpeg.length;
    const photo = await pdf.embedJpg(jpeg);
    const page = pdf.addPage([612, 792]);
    page.drawImage(photo, { x: 36, y: 300, width: 540, height: 405 });
    for (let line = 0; line < 20; line++) {
      page.drawText(
        `Section ${pdf.getPageCount()}.${line}: the parties agree to keep the information confidential.`,
        { x: 36, y: 280 - line * 12, size: 9, font },
      );
    }
  }
  return pdf.save();
}

const kind = process.argv[3] === 'dense' || process.argv[2] === 'dense' ? 'dense' : 'mixed';
if (process.argv[2] === 'make') {
  const bytes = kind === 'dense' ? await denseTextPdf() : await tenMegabytePdf();
  // exit only once the pipe has taken every byte
  await new Promise<void>((resolve) => process.stdout.write(bytes, () => resolve()));
  process.exit(0);
}
const big = new Uint8Array(
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), 'make', kind], {
    maxBuffer: 64 * 1024 * 1024,
  }),
);
const docs: Uint8Array[] = Array.from({ length: 8 }, () => big);
const sizes = docs.map((d) => d.length);
const app = await startBenchApp();
(globalThis as { gc?: () => void }).gc?.();
const yaml =
  'schemas:\n  data:\n    type: object\n    properties:\n      term: { type: string, description: Duration of the agreement }\n';
let peak = process.memoryUsage().rss;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const before = process.memoryUsage().rss;
const t0 = performance.now();
const results = await Promise.all(docs.map((d, i) => postDocument(app.url, app.key, d, `big${i}.pdf`, yaml)));
clearInterval(timer);
await app.close();
process.stdout.write(
  `${JSON.stringify({
    kind: kind === 'dense' ? 'dense text, 480 pages' : 'text + photographs',
    documents: docs.length,
    megabytesEach: Math.round((sizes[0]! / 1048576) * 10) / 10,
    pagesEach: results[0]?.pages,
    seconds: Math.round(performance.now() - t0) / 1000,
    rssBeforeMb: Math.round(before / 1048576),
    peakRssMb: Math.round(peak / 1048576),
  })}\n`,
);
