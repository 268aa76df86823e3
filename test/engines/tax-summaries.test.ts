import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText as answer, assertEachName } from '../helpers/extract-text.ts';

/** Receipts that state their tax only in a summary of rates, as tills print it. */
const UK = `HARGREAVES DIY
VAT Reg No: GB 284 5512 73
EXT WOOD STAIN OAK 2.5L        24.99 S
MASKING TAPE 25MM X 50M         2.49 S
BALANCE DUE                   £45.71
CONTACTLESS                   £45.71
VAT SUMMARY
CODE  RATE    NET    VAT   GROSS
S     20.0%  38.09   7.62  45.71
Thank you for shopping with us
`;

const FR = `PHARMACIE DES TILLEULS
TOTAL TTC                        28,93
Code  Taux     HT     TVA    TTC
1     2,10%   2,14   0,04   2,18
2    10,00%   7,18   0,72   7,90
3    20,00%  15,71   3,14  18,85
TVA intracom. FR 41 824517903
Merci de votre visite
`;

/** OCR read "0,55" as "6,55": the row's net and gross still give its tax. */
const DE = `Bäckerei Krümel & Korn
SUMME EUR                        15,90
Gegeben girocard                 15,90
MwSt     Netto   MwSt   Brutto
A 7,00%   7,85   6,55     8,40
B 19,00%  6,30   1,20     7,50
USt-IdNr. DE287614503
`;

describe('tax stated only in a summary of rates', () => {
  for (const [title, receipt, expected] of [
    ['one rate', UK, 7.62],
    ['three rates, added up', FR, 3.9],
    ['a misread row mended by its net and gross', DE, 1.75],
  ] as const)
    it(title, async () => {
      await assertEachName(
        receipt,
        [
          ['tax_amount', '{ type: double, description: Total tax charged }'],
          ['taxTotal', '{ type: double }'],
          ['steuerbetrag', '{ type: double }'],
          ['montant_tva', '{ type: double }'],
        ],
        expected,
      );
    });

  it('does not read an item table with a VAT code column as a summary', async () => {
    const items = `CORNER SHOP
ITEM            QTY   VAT   AMOUNT
Bread             1     Z     1.20
Soap              2     S     3.00
TOTAL                         4.20
`;
    assert.equal(await answer(items, 'tax_amount', '{ type: double }'), null);
  });
});
