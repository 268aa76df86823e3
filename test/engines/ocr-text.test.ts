import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Line } from '../../src/documents/model.ts';
import {
  ocrLineText,
  repairAddressWords,
  repairDateDigits,
  repairDottedForms,
  repairLegalForms,
  repairNameWords,
  withoutEdgeSpecks,
} from '../../src/engines/local/ocr-text.ts';

/** A line of OCR'd words, each with its confidence (0–1). */
function line(...words: [string, number][]): Line {
  return {
    text: words.map(([w]) => w).join(' '),
    words: words.map(([text, confidence]) => ({ text, confidence })),
    index: 0,
  };
}

describe('ocrLineText', () => {
  it('drops specks of one or two letters read with low confidence at either end', () => {
    const read = line(['i', 0.25], ['TAMAN', 0.9], ['BERKELEY', 0.93], ['Co', 0.07]);
    assert.equal(ocrLineText(read), 'TAMAN BERKELEY');
  });

  it('drops bare punctuation at the ends whatever its confidence', () => {
    assert.equal(ocrLineText(line(['|', 0.95], ['LOT', 0.9], ['5,', 0.9], ['|', 0.9])), 'LOT 5,');
  });

  it('keeps numbers and words of three letters, however unsure OCR was of them', () => {
    const read = line(['3,', 0], ['Jalan', 0.9], ['Perdana', 0.18], ['5,', 0.9]);
    assert.equal(ocrLineText(read), '3, Jalan Perdana 5,');
    assert.equal(ocrLineText(line(['L.ot', 0], ['3,', 0.9])), 'L.ot 3,');
  });

  it('keeps short words read with confidence', () => {
    assert.equal(ocrLineText(line(['FY', 0.9], ['EAGLE', 0.95], ['ENTERPRISE', 0.3])), 'FY EAGLE ENTERPRISE');
  });
});

describe('withoutEdgeSpecks', () => {
  /** Words set at x positions on a line 10 high. */
  const placed = (...words: [string, number, number][]): Line => ({
    text: words.map(([w]) => w).join(' '),
    bbox: { x0: words[0]![1], y0: 100, x1: words.at(-1)![2], y1: 110 },
    words: words.map(([text, x0, x1]) => ({ text, confidence: 0.93, bbox: { x0, y0: 100, x1, y1: 110 } })),
    index: 0,
  });

  it("drops a mark of one or two characters set far off the line's words, at either end", () => {
    assert.equal(
      withoutEdgeSpecks(placed(['1', 3, 8], ['SELANGOR', 40, 90], ['DARUL', 94, 120], ['EHSAN.', 124, 160])),
      'SELANGOR DARUL EHSAN.',
    );
    assert.equal(withoutEdgeSpecks(placed(['BATU', 20, 45], ['5,', 49, 58], ['3', 160, 166])), 'BATU 5,');
  });

  it("keeps a short word set at the line's usual spacing (nothing to drop: the line as read)", () => {
    const read = (line: Line) => withoutEdgeSpecks(line) ?? line.text;
    assert.equal(
      read(placed(['NO', 20, 34], ['5,', 38, 46], ['JALAN', 50, 80], ['3', 84, 90])),
      'NO 5, JALAN 3',
    );
    assert.equal(read(placed(['G-12,', 15, 40], ['JALAN', 90, 120])), 'G-12, JALAN');
    assert.equal(withoutEdgeSpecks(placed(['G-12,', 15, 40], ['JALAN', 90, 120])), undefined);
  });
});

describe('repairLegalForms', () => {
  const cases: [string, string][] = [
    ['SUN VICTORY SON BHD', 'SUN VICTORY SDN BHD'],
    ['GARDENIA BAKERIES (KL) SDN EHD (139386 X)', 'GARDENIA BAKERIES (KL) SDN BHD (139386 X)'],
    ['HERO DISTRIBUTION 5D BHD', 'HERO DISTRIBUTION SDN BHD'],
    // A dot between the form's two words, no space: 'Sdn.Ehd'.
    ['Segi Cash & Carry Sdn.Ehd', 'Segi Cash & Carry Sdn.Bhd'],
    ['KEDAI MAJU SDN.8HD', 'KEDAI MAJU SDN.BHD'],
    ['Haxincone Resources Son Bhd', 'Haxincone Resources Sdn Bhd'],
    ['99 SPEED MART 5/8 (519537-X)', '99 SPEED MART S/B (519537-X)'],
    ['ACME PTE LID.', 'ACME PTE LTD.'],
    ['Anzel Advertising (M) Sdn bhd (758705-H)', 'Anzel Advertising (M) Sdn Bhd (758705-H)'],
  ];
  for (const [read, meant] of cases)
    it(`reads "${read}" as "${meant}"`, () => assert.equal(repairLegalForms(read), meant));

  const left: string[] = ['A SON BORN 5/8/2018', 'ACME PTE LTD', 'ACME PTY LTD', 'QTY 5/8 INCH', 'SDN BHD'];
  for (const text of left) it(`leaves "${text}" as it is`, () => assert.equal(repairLegalForms(text), text));
});

describe('repairDottedForms', () => {
  for (const [read, meant] of [
    ['Drukarnia Zielony Lisc Sp. z 0.0.', 'Drukarnia Zielony Lisc Sp. z o.o.'],
    ['Strojirna Novak Brno 5.r.0.', 'Strojirna Novak Brno s.r.o.'],
    ['Gradnja d.0.0.', 'Gradnja d.o.o.'],
  ] as const)
    it(`reads "${read}" as "${meant}"`, () => assert.equal(repairDottedForms(read), meant));
  // Version numbers and dotted figures are not legal forms, nor a form whose other words are missing.
  for (const text of ['Version 1.0.5 released', 'Tel 0.5.1', 'Total 0.0.', 'Firma z 0.0.'])
    it(`leaves "${text}" as it is`, () => assert.equal(repairDottedForms(text), text));
});

describe('repairDateDigits', () => {
  const cases: [string, string][] = [
    ['DATE: 24/03/2O18 13:45', 'DATE: 24/03/2018 13:45'],
    ['Date O1.04.18', 'Date 01.04.18'],
    ['24-03-201B', '24-03-2018'],
    ['Tarikh 1l/04/2018', 'Tarikh 11/04/2018'],
    ['Date: 24/03/ 2018 13:45', 'Date: 24/03/2018 13:45'],
    ['Date 24 /03/2018', 'Date 24/03/2018'],
    // A day or a month that cannot be, one look-alike digit from the only one that can.
    ['Date 2 36/03/2018 # 8:13 PM', 'Date 2 30/03/2018 # 8:13 PM'],
    ['DATE: 68 JUN 2019 20:14', 'DATE: 08 JUN 2019 20:14'],
    ['Date: 12/93/2018', 'Date: 12/03/2018'],
    // A separator read as another stroke.
    ['06-03.2018 12:01', '06-03-2018 12:01'],
    ['Date 06/03-2018', 'Date 06/03/2018'],
    ['06|03|2018 10:18:02 AM', '06/03/2018 10:18:02 AM'],
    ['TARIKH 06—03—2018', 'TARIKH 06/03/2018'],
  ];
  for (const [read, meant] of cases)
    it(`reads "${read}" as "${meant}"`, () => assert.equal(repairDateDigits(read), meant));

  const left = [
    'QTY 2 - 3 - 100',
    'LOT 12/B/SB',
    'NO. 1O/OO/OS',
    'AB/CD/EFGH',
    'REF A1/B2/C3D4',
    'G.23 & G.22',
    // No look-alike makes a day; a second number up to 31 may be a day after its month (MDY).
    'Date 47/03/2018',
    'Date 12/18/2018',
    // A number written like a date, no label or time of day beside it, is a number.
    'Faktura VAT nr 87/11/2024',
    'ROOM 45 JUN',
    '24/03/2018',
    // Mixed separators where no day and month can be, or a year of two digits.
    'REF 87/11.2024',
    'PART 12-05.18',
    'v1.2.2018',
  ];
  for (const text of left) it(`leaves "${text}" as it is`, () => assert.equal(repairDateDigits(text), text));
});

describe('repairAddressWords', () => {
  const cases: [string, string][] = [
    ['AEON TAMAN MALURI SC, JUN JEJAKA', 'AEON TAMAN MALURI SC, JLN JEJAKA'],
    ['Lot PTD 198718 Tnn Sierra P', 'Lot PTD 198718 Tmn Sierra P'],
    ['AEON TAMAM MALURI', 'AEON TAMAN MALURI'],
    ['Henara Dion #02-03', 'Menara Dion #02-03'],
    ['47400 Petaling Java, Selangor', '47400 Petaling Jaya, Selangor'],
    ['No.3, Jalan $S21/39,47400', 'No.3, Jalan SS21/39,47400'],
    ['Kawasan Perindustrian Tampo|81200 Johor Bahru', 'Kawasan Perindustrian TampoI81200 Johor Bahru'],
    // A long word keeps its shape through two look-alike letters, or one letter of any shape.
    ['43300 SERI KEHBAHGAN, SELANGOR', '43300 SERI KEMBANGAN, SELANGOR'],
    ['TAMAN PERINIUSTRIAN BUKIT SERDANG', 'TAMAN PERINDUSTRIAN BUKIT SERDANG'],
    // A floor's ordinal and the number sign open with a letter OCR read for a digit or an O.
    ['SRD FLR, AEON TAMAN MALURI', '3RD FLR, AEON TAMAN MALURI'],
    ['IST FLOOR, WISMA HAMZAH', '1ST FLOOR, WISMA HAMZAH'],
    ['3R0 FLR, AEON TAMAN MALURI', '3RD FLR, AEON TAMAN MALURI'],
    ['2N0 FLOOR, MENARA A', '2ND FLOOR, MENARA A'],
    ['ND. 42, JALAN PBS 14/11', 'NO. 42, JALAN PBS 14/11'],
    // A town's name, one look-alike letter off.
    [
      '12, Jalan Tampol 7/4, Kawasan Perindustrian Tampol',
      '12, Jalan Tampoi 7/4, Kawasan Perindustrian Tampoi',
    ],
    ['LOT 5, JALAN BESAR, 45600 BATANG BERJUNTAT', 'LOT 5, JALAN BESAR, 45600 BATANG BERJUNTAI'],
  ];
  for (const [read, meant] of cases)
    it(`reads "${read}" as "${meant}"`, () => assert.equal(repairAddressWords(read), meant));

  it('takes the reading of a word the document gives elsewhere with more confidence', () => {
    const seen = new Map([
      ['MALURI', 0.93],
      ['MALURT', 0.41],
    ]);
    assert.equal(repairAddressWords('AEON TAMAN MALURT SC', seen), 'AEON TAMAN MALURI SC');
    assert.equal(repairAddressWords('AEON TAMAN MALURI SC', seen), 'AEON TAMAN MALURI SC');
  });

  it('leaves a word OCR read surely in the document, though it is one letter off a street word', () => {
    const seen = new Map([
      ['HALL', 0.96],
      ['LOWER', 0.97],
      ['TAMAM', 0.6],
    ]);
    assert.equal(repairAddressWords('LOWER TAMAM HALL', seen), 'LOWER TAMAN HALL');
  });

  // A letter changed for one that does not look like it is another word, not a misreading; a
  // letter more or less at a word's end makes another word ("VALLEY" is no ALLEY).
  const left = [
    'Level 2, Mid Valley Megamall',
    'TAMAN BUKIT GARDEN',
    'PETRONAS TWIN TOWERS',
    'JALAN AIR PANAS',
    'JALAN KPB 6',
    'TAMAN SEGAR',
    'Permas Jay',
    // A town's name is reached by a letter changed for a look-alike only, in a word of five letters or more.
    'JALAN ANGSA, TAMAN BERKELEY',
    'JLN TUN RAZAK',
    'Jalan Pelabur',
    // A dollar before an amount and a bar between words are what they look like.
    'Deposit $250.00',
    'Unit 5 | Jalan Besar',
    // Two changes in a short word are another word; an ordinal without a floor, or "AND. 5", is text.
    'TAMAN SENTOSA',
    'SRD BHD',
    '2ND. 4 AND. 5',
  ];
  for (const text of left)
    it(`leaves "${text}" as it is`, () => assert.equal(repairAddressWords(text), text));
});

describe('repairNameWords', () => {
  it('takes each word of a name at its surest reading in the document, and only one look-alike letter away', () => {
    const seen = new Map([
      ['AEON', 0.95],
      ['AEQN', 0.4],
      ['MALL', 0.9],
    ]);
    assert.equal(repairNameWords('AEQN CO. (M) BHD', seen), 'AEON CO. (M) BHD');
    assert.equal(repairNameWords('Aeqn Mart', seen), 'Aeon Mart');
    assert.equal(repairNameWords('MOLL TRADING', seen), 'MOLL TRADING');
  });
});
