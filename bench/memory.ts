/**
 * Peak RSS of the service while it handles 8 concurrent 10 MB PDFs: the service runs in a child
 * process (bench/serve.ts) and its own high-water mark (VmHWM) is read from /proc, so the client's
 * request bodies do not count. node bench/memory.ts [dense] → prints JSON.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MALLOC_ENV } from '../src/malloc-env.ts';
import { NODE_FLAGS } from '../src/node-flags.ts';
import { postDocument } from './bench-app.ts';

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
// With the V8 heap flags and the allocator settings the service runs with (src/node-flags.ts, src/malloc-env.ts).
const server = spawn(
  process.execPath,
  [...NODE_FLAGS, fileURLToPath(new URL('./serve.ts', import.meta.url))],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...MALLOC_ENV },
  },
);
const [first] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string];
const app = JSON.parse(first) as { url: string; key: string };
const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');
const kb = (field: string) => Number(status().match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
const yaml =
  'schemas:\n  data:\n    type: object\n    properties:\n      term: { type: string, description: Duration of the agreement }\n';
const before = kb('VmRSS');
const t0 = performance.now();
const results = await Promise.all(docs.map((d, i) => postDocument(app.url, app.key, d, `big${i}.pdf`, yaml)));
const peak = kb('VmHWM');
server.kill('SIGTERM');
await once(server, 'exit');
process.stdout.write(
  `${JSON.stringify({
    kind: kind === 'dense' ? 'dense text, 480 pages' : 'text + photographs',
    documents: docs.length,
    megabytesEach: Math.round((sizes[0]! / 1048576) * 10) / 10,
    pagesEach: results[0]?.pages,
    seconds: Math.round(performance.now() - t0) / 1000,
    rssBeforeMb: Math.round(before / 1024),
    peakRssMb: Math.round(peak / 1024),
  })}\n`,
);
