import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { textReader } from '../../src/documents/text/text-reader.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';
import { laidOut } from '../helpers/laid-out-forms.ts';

const INVOICE = laidOut(`BLUE HARBOR SUPPLY CO.
88 Dock Road, Portland, ME 04101

INVOICE

Invoice Number     Invoice Date     Due Date       PO Number
BH-7741            02/11/2024       03/12/2024     7781-A

Bill To                             Ship To
Evergreen Foods LLC                 Evergreen Foods Warehouse
400 Pine St                         12 Harbor Ave

Customer PO: 7781-A
Quote No.: Q-2291                   Terms: Net 30
`);

const FIELDS = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      invoice_id: { type: string, description: The invoice's reference number }
      issued: { type: date, description: When the invoice was issued }
      pay_by: { type: date, description: Last day to pay }
      billed: { type: string, description: Who is billed }
      quote: { type: string, description: Quote number }
`).fields;

const EXPECTED = {
  invoice_id: 'BH-7741',
  issued: '2024-02-11',
  pay_by: '2024-03-12',
  billed: 'Evergreen Foods LLC',
  quote: 'Q-2291',
};

const pool = createTesseractPool({ size: 1 });
after(() => pool.close());
const engine = new LocalEngine();
const context = { limits: DEFAULT_READ_LIMITS, ocr: pool };

describe('labels set side by side as the heads of columns', () => {
  it('reads each value under its head in a text file', async () => {
    const document = await textReader.read(INVOICE.text(), { ...context, fileName: 'invoice.txt' });
    assert.deepEqual((await engine.extract(document, FIELDS)).data, EXPECTED);
  });

  it('reads the same values from the PDF text layer, where only word boxes show the columns', async () => {
    const document = await pdfReader.read(await INVOICE.pdf(), { ...context, fileName: 'invoice.pdf' });
    assert.deepEqual((await engine.extract(document, FIELDS)).data, EXPECTED);
    // The columns are read from the packed boxes: no line's words were made (documents/word-boxes.ts).
    const unpacked = document.pages
      .flatMap((page) => page.lines)
      .filter((line) => Object.getOwnPropertyDescriptor(line, 'words')?.get === undefined);
    assert.deepEqual(
      unpacked.map((line) => line.text),
      [],
    );
  });

  it('reads the same values from a scan, where OCR joins the columns into one line', async () => {
    const document = await pngReader.read(INVOICE.png(), { ...context, fileName: 'invoice.png' });
    assert.deepEqual((await engine.extract(document, FIELDS)).data, EXPECTED);
  });
});

const RECHNUNG = laidOut(`Müller & Söhne GmbH · Lindenallee 7 · 50667 Köln

Pos.  Bezeichnung                 Menge   Einzelpreis    Gesamt
1     Beratung (Stunden)             12      95,00 €   1.140,00 €
2     Reisekosten pauschal            1     180,00 €     180,00 €

Nettobetrag                                           1.320,00 €
`);

const ITEMS = parseFieldConfig(`schemas:
  data:
    type: object
    properties:
      items:
        type: array
        items:
          type: object
          properties:
            description: { type: string }
            quantity: { type: double }
            unit_price: { type: double }
            amount: { type: double }
`).fields;

const RECHNUNG_ITEMS = [
  { description: 'Beratung (Stunden)', quantity: 12, unit_price: 95, amount: 1140 },
  { description: 'Reisekosten pauschal', quantity: 1, unit_price: 180, amount: 180 },
];

describe('line items under German column heads', () => {
  it('reads them from a text file', async () => {
    const document = await textReader.read(RECHNUNG.text(), { ...context, fileName: 'rechnung.txt' });
    assert.deepEqual((await engine.extract(document, ITEMS)).data.items, RECHNUNG_ITEMS);
  });

  it('reads them from a PDF whose head row did not line up with the table found under it', async () => {
    const document = await pdfReader.read(await RECHNUNG.pdf(), { ...context, fileName: 'rechnung.pdf' });
    assert.deepEqual((await engine.extract(document, ITEMS)).data.items, RECHNUNG_ITEMS);
  });

  it('reads them from a scan, where OCR finds the table under heads that do not line up with it', async () => {
    const document = await pngReader.read(RECHNUNG.png(), { ...context, fileName: 'rechnung.png' });
    assert.deepEqual((await engine.extract(document, ITEMS)).data.items, RECHNUNG_ITEMS);
  });
});
