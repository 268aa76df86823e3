import { createCanvas } from '@napi-rs/canvas';
import { Document as DocxDocument, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One short invoice, as label/value rows, rendered in each of the seven accepted forms. */
export const INVOICE_ROWS: [string, string][] = [
  ['Invoice number', 'INV-7731'],
  ['Invoice date', '14 March 2024'],
  ['Customer', 'Blue Harbor Trading'],
  ['Total due', '1,250.40 EUR'],
];

export const INVOICE_FORM_YAML = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string, description: Number of the invoice }
      invoice_date: { type: date, description: Date the invoice was issued }
      customer: { type: string, description: Name of the customer billed }
      total: { type: double, description: Total amount due }
`;

export const INVOICE_EXPECTED = {
  invoice_number: 'INV-7731',
  invoice_date: '2024-03-14',
  customer: 'Blue Harbor Trading',
  total: 1250.4,
};

const TITLE = 'NORTHWIND SUPPLIES';
const lines = () => [TITLE, ...INVOICE_ROWS.map(([k, v]) => `${k}: ${v}`)];

export function invoiceText(): Uint8Array {
  return Buffer.from(`${lines().join('\n')}\n`);
}

export async function invoicePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const [i, text] of lines().entries()) page.drawText(text, { x: 60, y: 760 - i * 24, size: 13, font });
  return pdf.save();
}

/** A page as a scanner would give it: black text on white, 300 DPI (A4: 2480 × 3508 px, top part only). */
function scanCanvas() {
  const canvas = createCanvas(2480, 1200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '56px DejaVu Sans';
  for (const [i, text] of lines().entries()) ctx.fillText(text, 200, 200 + i * 110);
  return canvas;
}

export function invoicePng(): Uint8Array {
  return scanCanvas().toBuffer('image/png');
}

export function invoiceJpeg(): Uint8Array {
  return scanCanvas().toBuffer('image/jpeg', 90);
}

export async function invoiceScannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(invoicePng());
  // 2480 px at 300 DPI is 595 pt wide.
  const page = pdf.addPage([595, 842]);
  page.drawImage(image, { x: 0, y: 842 - 288, width: 595, height: 288 });
  return pdf.save();
}

export async function invoiceDocx(): Promise<Uint8Array> {
  const doc = new DocxDocument({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: TITLE, bold: true })] }),
          ...INVOICE_ROWS.map(
            ([k, v]) => new Paragraph({ children: [new TextRun(`${k}: `), new TextRun(v)] }),
          ),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

export async function invoiceXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Invoice');
  sheet.addRow([TITLE]);
  for (const [k, v] of INVOICE_ROWS) sheet.addRow([k, v]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const INVOICE_FORMS: [string, string, () => Uint8Array | Promise<Uint8Array>][] = [
  ['text', 'invoice.txt', invoiceText],
  ['pdf', 'invoice.pdf', invoicePdf],
  ['scanned pdf', 'scan.pdf', invoiceScannedPdf],
  ['png', 'invoice.png', invoicePng],
  ['jpeg', 'invoice.jpg', invoiceJpeg],
  ['docx', 'invoice.docx', invoiceDocx],
  ['xlsx', 'invoice.xlsx', invoiceXlsx],
];
