import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText, assertEachName, extractText } from '../helpers/extract-text.ts';

/**
 * An order confirmation from a Belgian packer, written for this test: heads typed closer than the
 * columns under them ("Pos Article", one space apart), a rule of dashes per column, quantities with
 * their thousands grouped by a space, "Our" and "Your" contacts.
 */
const CONFIRMATION = `VERHAEGEN VERPAKKING NV
Industrieweg 40 - 2030 Antwerpen - Belgium

ORDER CONFIRMATION                                  No.   OC-7731
                                                    Date  03/02/2025

Your order no.   HB-4410                            Sold to:
Your contact     Ms Ilse Maes                       Brasserie Hoppeland BV
                 ilse.maes@hoppeland.example        Kerkstraat 9, 9000 Gent
Our contact      Tom Peeters, +32 3 555 01 22, t.peeters@verhaegen.example

Pos Article  Description                         Quantity   Unit price     Amount
--- -------- ----------------------------------  --------   ----------   --------
 1  BX-12    Folding box 12 bottles, printed     15 000 pcs     0,3100   4 650,00
 2  LB-75    Self-adhesive label 75 x 110          500 pcs      0,0900      45,00
 3  PL-EUR   Euro pallet, returnable                 2 pcs     12,5000      25,00

                                       Total excl. VAT      EUR      4 720,00
                                       Freight              EUR         85,00
`;

const ITEMS =
  '{ type: array, description: the order lines, items: { type: object, properties: { description: { type: string }, quantity: { type: double }, unit_price: { type: double }, amount: { type: double } } } }';

describe('order confirmations: heads set close, space-grouped thousands, whose contact', () => {
  it('reads the item table under heads one space apart and a rule of dashes, "15 000 pcs" as 15000', async () => {
    const items = await answerText(CONFIRMATION, 'line_items', ITEMS);
    assert.deepEqual(items, [
      { description: 'Folding box 12 bottles, printed', quantity: 15000, unit_price: 0.31, amount: 4650 },
      { description: 'Self-adhesive label 75 x 110', quantity: 500, unit_price: 0.09, amount: 45 },
      { description: 'Euro pallet, returnable', quantity: 2, unit_price: 12.5, amount: 25 },
    ]);
  });

  it('counts the items from the table, never from an amount such as "Freight 85,00"', async () => {
    await assertEachName(
      CONFIRMATION,
      [
        ['line_item_count', '{ type: integer, description: Number of line items, including freight rows }'],
        ['number_of_lines', '{ type: integer }'],
      ],
      3,
    );
  });

  it("gives the buyer's contact e-mail, marked 'Your contact', not the writer's 'Our contact'", async () => {
    await assertEachName(
      CONFIRMATION,
      [
        ['buyer_email', '{ type: string, description: E-mail of the buyer contact for this order }'],
        ['customer_contact_email', '{ type: string }'],
      ],
      'ilse.maes@hoppeland.example',
    );
  });
});

/** A purchase order written for this test: a vendor block that opens with its number, a need-by column. */
const ORDER = `NORTHFIELD PUMPS, INC.                                      PURCHASE ORDER
21 Mill Street, Akron, OH 44308                             PO Number:   NP-9912
                                                            PO Date:     03/04/2025

VENDOR                                         SHIP TO
Vendor No. 88120                               Northfield Pumps, Inc.
Harlan Seal & Gasket Co.                       Dock 4
77 Foundry Road                                21 Mill Street
Canton, OH 44702                               Akron, OH 44308

Terms: Net 45

Line  Item      Description                 Qty  Need By      Unit Price    Extended
----  --------  --------------------------  ---  ----------  ----------  ----------
  1   GS-220    Gasket set, 220 mm            40  03/21/2025       12.50      500.00
  2   OR-88     O-ring kit, nitrile           25  03/21/2025        8.20      205.00
                                                              Subtotal       705.00
`;

describe('purchase orders: a vendor block and a column of one date', () => {
  it("reads the vendor's name past its vendor number line", async () => {
    await assertEachName(
      ORDER,
      [
        [
          'supplier_name',
          '{ type: string, description: Legal name of the supplier the order is addressed to }',
        ],
        ['vendor', '{ type: string }'],
      ],
      'Harlan Seal & Gasket Co.',
    );
  });

  it('takes the need-by date every item line repeats, not the order date', async () => {
    await assertEachName(
      ORDER,
      [
        [
          'requested_delivery_date',
          '{ type: date, description: "Delivery date requested by the buyer (need-by / required-by date)" }',
        ],
        ['need_by', '{ type: date }'],
      ],
      '2025-03-21',
    );
  });

  it('reads "terms" as the payment terms when its description says so', async () => {
    const data = await extractText(ORDER, {
      terms: '{ type: string, description: "Payment terms text, verbatim." }',
    });
    assert.equal(data.terms, 'Net 45');
  });
});

/** A South African utility invoice written for this test: rand amounts, a rate after the tax's label. */
const UTILITY = `KAROO WATER & POWER (PTY) LTD                                      TAX INVOICE
Unit 3, Vaal Office Park, Centurion, 0157                          Invoice no.   KWP-7720
                                                                   Invoice date  2025/03/04
Customer postcode L2R 5L8 (billing agent)

Description                         Quantity   Rate excl. VAT      Amount excl. VAT
Electricity consumption                1 210       R 2,8600            R 3 460,60
Basic charge                               1       R 480,00              R 480,00
                                          Total excl. VAT            R 3 940,60
                                          VAT @ 15%                  R   591,09
                                          Amount due                 R 4 531,69
`;

describe('amounts in rand, a tax with its rate or a remark after its label', () => {
  it('reads the currency from "R 4 531,69" as ZAR, and the tax after "VAT @ 15%"', async () => {
    const data = await extractText(UTILITY, {
      currency: '{ type: string, description: ISO code of the currency }',
      vat_amount: '{ type: double }',
      amount_due: '{ type: double }',
    });
    assert.deepEqual(data, { currency: 'ZAR', vat_amount: 591.09, amount_due: 4531.69 });
  });

  it('does not take the "R" of a postcode or a reference for a currency', async () => {
    const text = 'Invoice R-2025-0188\nShip to: St. Catharines ON L2R 5L8\nTotal 120.00 CAD\n';
    assert.equal(await answerText(text, 'currency', '{ type: string }'), 'CAD');
  });

  it('reads a tax whose label carries a remark in brackets', async () => {
    const text =
      'Subtotal                            $542.00\nSales tax (Erie County, NY 8.75%)   $47.43\nTotal   $589.43\n';
    assert.equal(
      await answerText(text, 'tax_total', '{ type: double, description: Total tax amount }'),
      47.43,
    );
  });
});

describe("a month and its year are a date, not an amount; an item column of dates is the items'", () => {
  it('does not read "für März 2025" as the net pay', async () => {
    const text = `Herrn                                        Abrechnung der Brutto/Netto-Bezüge
Jonas Keller                                 für März 2025

Gesamt-Brutto        4.850,00
Auszahlungsbetrag    3.052,49
`;
    assert.equal(
      await answerText(text, 'net_pay', '{ type: double, description: Net pay paid out }'),
      3052.49,
    );
  });

  it("gives the letter's date, not the date of its one item under a 'Datum' head", async () => {
    const text = `Kanzlei Weber · Marktplatz 2 · 20095 Hamburg
                                                     Hamburg, 07.03.2025
RECHNUNG Nr. 2025-0142

Datum            Art                                   Menge    Preis €    Betrag €
19.02.2025       Bahnfahrt Hamburg–Bremen                  2      64,00      128,00
`;
    assert.equal(
      await answerText(text, 'invoice_date', '{ type: date, description: The date the invoice was issued }'),
      '2025-03-07',
    );
  });
});

describe('a purchase order titled with its own number', () => {
  it('reads "BON DE COMMANDE N° …" as written by the buyer: the letterhead buys, the addressee supplies', async () => {
    const text = `Menuiserie Alpine du Grésivaudan SAS
12 rue des Artisans
38190 Crolles

                                                   BON DE COMMANDE N° BC25-0412

                                                   Fournisseur :
                                                   QUINCAILLERIE DU RHÔNE SARL
                                                   3 quai Perrache
                                                   69002 Lyon

Date de commande : 04/03/2025
`;
    const data = await extractText(text, {
      buyer_name: '{ type: string, description: Name of the company placing the order }',
      supplier_name: '{ type: string, description: Name of the supplier the order is addressed to }',
    });
    assert.deepEqual(data, {
      buyer_name: 'Menuiserie Alpine du Grésivaudan SAS',
      supplier_name: 'QUINCAILLERIE DU RHÔNE SARL',
    });
  });
});
