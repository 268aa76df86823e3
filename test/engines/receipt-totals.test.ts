import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText as answer, assertEachName } from '../helpers/extract-text.ts';

const WITH_TIP = `LONE OAK KITCHEN & BAR
1 Brisket Plate                 $22.00
1 Smoked Half Chicken           $18.50
Subtotal                        $40.50
Tax                              $3.34
Total                           $43.84
Payment Visa xxxx4417
Amount                          $43.84
Tip                              $8.00
Total                           $51.84
Suggested Gratuity
18% Tip $7.29 Total $51.13
22% Tip $8.91 Total $52.75
`;

describe('the total a customer paid', () => {
  it('is the total after the tip added below it, not a suggested tip total', async () => {
    await assertEachName(
      WITH_TIP,
      [
        ['total_amount', '{ type: double, description: Total amount paid by the customer, including tip }'],
        ['amountCharged', '{ type: double }'],
        ['gesamtbetrag', '{ type: double }'],
      ],
      51.84,
    );
  });

  it('stays the total before any tip where none is added', async () => {
    const noTip = WITH_TIP.replace(/Tip {2,}\$8\.00\nTotal {2,}\$51\.84\n/, '');
    assert.equal(await answer(noTip, 'total_amount', '{ type: double }'), 43.84);
  });
});

describe('the number of items on a receipt that prints no count', () => {
  const BAKERY = `Bäckerei Krümel & Korn
Bon-Nr. 4711 Kasse 2
14.02.2025 08:12
Laugenbrezel
2 x 0,95                         1,90 A
Roggenmischbrot                  4,20 A
Franzbrötchen                    2,30 A
Cappuccino groß                  3,60 B
SUMME EUR                       12,00
Gegeben girocard                12,00
`;

  it('counts the lines priced above the total, a quantity line for the name above it', async () => {
    await assertEachName(
      BAKERY,
      [
        ['item_count', '{ type: integer, description: Number of items purchased }'],
        ['numberOfItems', '{ type: integer }'],
        ['anzahl_artikel', '{ type: integer }'],
      ],
      4,
    );
  });

  it('takes a printed count over its own', async () => {
    const counted = BAKERY.replace('SUMME EUR', 'Anzahl Artikel: 5\nSUMME EUR');
    assert.equal(await answer(counted, 'item_count', '{ type: integer }'), 5);
  });
});
