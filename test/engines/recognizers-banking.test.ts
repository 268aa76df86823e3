import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { textReader } from '../../src/documents/text/text-reader.ts';
import type { Evidence } from '../../src/engines/engine.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { findIbans, findVatNumbers } from '../../src/engines/recognizers/index.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';
import { answerText } from '../helpers/extract-text.ts';

describe('findIbans', () => {
  const cases: [string, string[]][] = [
    ['IBAN: DE89 3704 0044 0532 0130 00 BIC: COBADEFFXXX', ['DE89370400440532013000']],
    ['GB82WEST12345698765432', ['GB82WEST12345698765432']],
    ['pay to GB82 WEST 1234 5698 7654 32.', ['GB82WEST12345698765432']],
    ['FR14 2004 1010 0505 0001 3M02 606', ['FR1420041010050500013M02606']],
    ['NL91ABNA0417164300', ['NL91ABNA0417164300']],
    // One digit too many for a German IBAN.
    ['DE89 3704 0044 0532 0130 0012', []],
    ['XX12 3456 7890 1234', []],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(
        findIbans(text).map((s) => s.value),
        expected,
      );
    });
  }

  it('reports one whose checksum fails (one digit changed) as printed, half as sure as one that passes', () => {
    const [failing] = findIbans('DE89 3704 0044 0532 0130 01');
    const [passing] = findIbans('DE89 3704 0044 0532 0130 00');
    assert.equal(failing?.value, 'DE89370400440532013001');
    assert.ok(failing && passing && failing.confidence <= passing.confidence / 1.5);
  });

  it('spans exactly the printed IBAN', () => {
    const text = 'IBAN GB82 WEST 1234 5698 7654 32, thanks';
    const [span] = findIbans(text);
    assert.ok(span);
    assert.equal(span.text, 'GB82 WEST 1234 5698 7654 32');
  });

  it('mends what OCR did to an IBAN’s head only where the check digits prove the mending', () => {
    // A speck glued in ("SES85"), a country code's letter read as a digit ("1E69").
    assert.deepEqual(
      findIbans('IBAN SES85 5000 0000 0583 5104 9271').map((s) => [s.value, s.text]),
      [['SE8550000000058351049271', 'SES85 5000 0000 0583 5104 9271']],
    );
    assert.deepEqual(
      findIbans('IBAN: 1E69 AIBK 9310 4558 2139 64').map((s) => s.value),
      ['IE69AIBK93104558213964'],
    );
    // The same shapes with a digit changed prove nothing: no IBAN.
    assert.deepEqual(findIbans('IBAN SES85 5000 0000 0583 5104 9272'), []);
    assert.deepEqual(findIbans('IBAN: 1E69 AIBK 9310 4558 2139 65'), []);
  });
});

describe('findVatNumbers', () => {
  const cases: [string, string[]][] = [
    ['VAT No: DE123456789', ['DE123456789']],
    ['USt-IdNr.: DE 123 456 789', ['DE123456789']],
    ['Our VAT number is GB123456789.', ['GB123456789']],
    ['BTW NL123456789B01', ['NL123456789B01']],
    ['GST Reg No : 001234567890', ['001234567890']],
    ['GST ID: 000123456789 Invoice', ['000123456789']],
    ['ABN 51 824 753 556', ['51824753556']],
    ['GSTIN/UIN: 29AAKCK4821M1Z6', ['29AAKCK4821M1Z6']],
    ['VAT/GST: DE123456789', ['DE123456789']],
    ['ATU12345678 and FR12345678901', ['ATU12345678', 'FR12345678901']],
    ['DE12345 too short', []],
    ['VAT 10%', []],
    ['Total incl. VAT 54.50', []],
    ['GST: 6% SR', []],
    // "Faktura VAT" is a VAT invoice: the number after it is the invoice's.
    ['Faktura VAT nr FV/2024/11/0147', []],
    ['VAT invoice no. 2024-118', []],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(
        findVatNumbers(text).map((s) => s.value),
        expected,
      );
    });
  }

  it('is surer after a label than from the format alone', () => {
    const [labelled] = findVatNumbers('VAT: DE123456789');
    const [bare] = findVatNumbers('ref DE123456789');
    assert.ok(labelled && bare);
    assert.ok(labelled.confidence > bare.confidence);
  });
});

describe('an IBAN field on a document whose IBAN fails its checksum', () => {
  const invoice = `Harlow Print Ltd
INVOICE INV-2291
Total due £1,275.00
Payment by bank transfer
Sort code: 20-45-77 · Account: 53018842
IBAN: GB29 BARC 2045 7753 0188 42 · BIC: BARCGB22
`;

  it('answers the IBAN as printed, not null, and its evidence says the check digits do not match', async () => {
    const doc = await textReader.read(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'i.txt',
    });
    const yaml = 'schemas:\n  data:\n    type: object\n    properties:\n      iban: { type: string }\n';
    const { data, evidence } = await new LocalEngine().extract(doc, parseFieldConfig(yaml).fields);
    assert.equal(data.iban, 'GB29BARC20457753018842');
    assert.match((evidence as Record<string, Evidence>).iban?.note ?? '', /check digits do not match/);
  });

  it('prefers an IBAN whose checksum holds where both are printed', async () => {
    const both = `${invoice}Alternative account IBAN: GB82 WEST 1234 5698 7654 32\n`;
    assert.equal(await answerText(both, 'iban', '{ type: string }'), 'GB82WEST12345698765432');
  });
});
