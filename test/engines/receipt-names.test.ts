import { describe, it } from 'node:test';
import { assertEachName } from '../helpers/extract-text.ts';

// A trading name set as the receipt's title, the registered firm under it.
const RECEIPT = `PASARAYA SERI MEWAH
SERI MEWAH RETAIL SDN BHD (1187654-W)
LOT 12-14, JALAN MEWAH 3/2,
TAMAN SERI MEWAH, 43000 KAJANG,
SELANGOR DARUL EHSAN.
TEL: 03-8736 2210
CASH SALE / RESIT
RESIT NO : 0412-00387
TARIKH: 16/03/2025 MASA: 11:42:18
BERAS SUPER SPECIAL 5KG   26.90
GULA PASIR 1KG             2.85
JUMLAH                    29.75
TUNAI                     50.00
BAKI                      20.25
`;

// A bakery's name in ordinary case at the head, nothing in capitals.
const BAKERY = `Krümel & Korn
Bäckerei - Café
Lindenstraße 48
50674 Köln
Tel. 0221 9348810
Bon-Nr. 4471   12.03.2025 08:14
2 Laugenbrezel          2,40
1 Kaffee                3,10
Summe EUR               5,50
Bar                    10,00
Rückgeld                4,50
`;

describe("a receipt's name where the field says where it is printed", () => {
  it('takes the title line over the registered firm below it, whatever language places it', async () => {
    await assertEachName(
      RECEIPT,
      [
        [
          'merchant_name',
          '{type: string, description: Name of the store as shown at the top of the receipt}',
        ],
        ['storeName', '{type: string, description: the shop name the customer sees on the receipt header}'],
        [
          'haendlername',
          '{type: string, description: "Name des Händlers, wie er oben auf dem Kassenbon steht"}',
        ],
        [
          'shop',
          '{type: string, description: "If both a trading and a company name are printed, the most prominent one"}',
        ],
      ],
      'PASARAYA SERI MEWAH',
    );
  });

  it('keeps the registered firm when the field asks for the legal name, or does not say', async () => {
    await assertEachName(
      RECEIPT,
      [
        ['company', '{type: string, description: Name of the company or shop that issued the receipt}'],
        [
          'merchant',
          '{type: string, description: "Business name as printed at the top; use the registered legal name when one is printed"}',
        ],
        [
          'raison_sociale',
          '{type: string, description: "Dénomination légale du commerçant, telle qu\'imprimée en tête"}',
        ],
      ],
      'SERI MEWAH RETAIL SDN BHD',
    );
  });

  it('reads a title in ordinary case when the field places the name at the top', async () => {
    await assertEachName(
      BAKERY,
      [
        [
          'merchant_name',
          '{type: string, description: Name of the store as shown at the top of the receipt}',
        ],
        [
          'haendlername',
          '{type: string, description: "Name des Geschäfts, wie er oben auf dem Kassenbon steht"}',
        ],
      ],
      'Krümel & Korn',
    );
  });
});
