import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A document laid out in columns with spaces, as a text file, a PDF and a scan: each stretch of text
 * between wide gaps is set at its own place on the page, as a word processor would place it.
 */
export interface LaidOutForms {
  text(): Uint8Array;
  pdf(): Promise<Uint8Array>;
  png(): Uint8Array;
}

function stretches(layout: string): { text: string; column: number }[][] {
  return layout
    .split('\n')
    .map((line) => [...line.matchAll(/\S+(?: {1,2}\S+)*/g)].map((m) => ({ text: m[0], column: m.index })));
}

export function laidOut(layout: string): LaidOutForms {
  const rows = stretches(layout);
  return {
    text: () => Buffer.from(layout),
    async pdf() {
      const pdf = await PDFDocument.create();
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      const page = pdf.addPage([595, 842]);
      rows.forEach((row, i) => {
        for (const s of row)
          page.drawText(s.text, { x: 40 + s.column * 6.2, y: 790 - i * 16, size: 10, font });
      });
      return pdf.save();
    },
    png() {
      // 300 DPI: 2480 px across an A4 page, 40 px text.
      const canvas = createCanvas(2480, 300 + rows.length * 70);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#000000';
      ctx.font = '40px DejaVu Sans';
      rows.forEach((row, i) => {
        for (const s of row) ctx.fillText(s.text, 150 + s.column * 26, 200 + i * 70);
      });
      return canvas.toBuffer('image/png');
    },
  };
}
