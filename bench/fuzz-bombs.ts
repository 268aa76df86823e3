/** Inputs built to exhaust a reader: each must be refused with a 4xx, quickly and in bounded memory. */
import { crc32 } from 'node:zlib';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { INVOICE_FORM_YAML, invoiceJpeg, invoicePng, invoiceText } from '../test/helpers/invoice-forms.ts';
import type { Input } from './fuzz-mutations.ts';

const MB = 1024 * 1024;

/** A DOCX whose document part inflates to 300 MB (past the 200 MB guard) from a few hundred kilobytes. */
function docxBomb(): Input {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const types = new ZipDeflate('[Content_Types].xml');
  zip.add(types);
  types.push(
    strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    true,
  );
  const document = new ZipDeflate('word/document.xml', { level: 9 });
  zip.add(document);
  document.push(
    strToU8('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'),
  );
  const paragraph = '<w:p><w:r><w:t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</w:t></w:r></w:p>';
  const chunk = strToU8(paragraph.repeat(Math.ceil(MB / paragraph.length)));
  for (let i = 0; i < 300; i++) document.push(chunk);
  document.push(strToU8('</w:body></w:document>'), true);
  zip.end();
  return { name: 'docx bomb', fileName: 'bomb.docx', file: concat(parts), yaml: INVOICE_FORM_YAML };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An XLSX sheet of millions of cells. */
function xlsxBomb(): Input {
  const row = (r: number) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>x</t></is></c></row>`;
  const rows = Array.from({ length: 1_500_000 }, (_, i) => row(i + 1)).join('');
  const file = zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
      'xl/workbook.xml': strToU8(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
      ),
    },
    { level: 9 },
  );
  return { name: 'xlsx bomb', fileName: 'bomb.xlsx', file, yaml: INVOICE_FORM_YAML };
}

/** A PNG whose header claims 60,000 × 60,000 pixels (the chunk's checksum made right). */
function pngBomb(): Input {
  const file = Uint8Array.from(invoicePng());
  const view = new DataView(file.buffer);
  // Signature (8), length (4), "IHDR" (4), then width and height.
  view.setUint32(16, 60_000);
  view.setUint32(20, 60_000);
  view.setUint32(29, crc32(file.subarray(12, 29)));
  return { name: 'png bomb', fileName: 'bomb.png', file, yaml: INVOICE_FORM_YAML };
}

/** A JPEG whose frame header claims 65,000 × 65,000 pixels. */
function jpegBomb(): Input {
  const file = Uint8Array.from(invoiceJpeg());
  for (let i = 2; i + 9 < file.length; i++) {
    // SOF0..SOF2: FF C0..C2, length (2), precision (1), height (2), width (2).
    if (file[i] === 0xff && file[i + 1]! >= 0xc0 && file[i + 1]! <= 0xc2) {
      new DataView(file.buffer).setUint16(i + 5, 65_000);
      new DataView(file.buffer).setUint16(i + 7, 65_000);
      break;
    }
  }
  return { name: 'jpeg bomb', fileName: 'bomb.jpg', file, yaml: INVOICE_FORM_YAML };
}

/** A PDF of 5,000 empty pages. */
async function pdfPages(): Promise<Input> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < 5000; i++) pdf.addPage([200, 200]);
  return { name: 'pdf pages', fileName: 'pages.pdf', file: await pdf.save(), yaml: INVOICE_FORM_YAML };
}

/** Billion laughs: ten levels of ten aliases. */
function yamlAliases(): Input {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const name = String.fromCharCode(97 + i);
    const previous = String.fromCharCode(96 + i);
    levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(',')}]`);
  }
  return {
    name: 'yaml aliases',
    fileName: 'invoice.txt',
    file: invoiceText(),
    yaml: `${levels.join('\n')}\n`,
  };
}

/** A configuration nested a thousand levels deep. */
function yamlDepth(): Input {
  const yaml = `${'['.repeat(1000)}${']'.repeat(1000)}\n`;
  return { name: 'yaml depth', fileName: 'invoice.txt', file: invoiceText(), yaml };
}

export const BOMBS: (() => Input | Promise<Input>)[] = [
  docxBomb,
  xlsxBomb,
  pngBomb,
  jpegBomb,
  pdfPages,
  yamlAliases,
  yamlDepth,
];
