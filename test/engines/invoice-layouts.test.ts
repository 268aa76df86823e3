import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText as answer, assertEachName } from '../helpers/extract-text.ts';

/**
 * Layouts of the fourth blind batch's invoices, in documents written for these tests: a firm's
 * legal form beside a label, a grid of labels over values, the writer's bank details naming it.
 */
const SIDE_BY_SIDE = `Northwind Analytics, Inc.                                  Invoice #        INV-20931
88 Harbor Street                                           Invoice date     11/05/2024
Portland, OR 97204                                         Due date         12/05/2024
`;

const GRID = `                                   TAX INVOICE
+----------------------------------------------+--------------------+--------------------+
| DECCAN TOOLS PVT. LTD.                       | Invoice No.        | Dated              |
| 12, Industrial Layout, Pune 411019           | DTP/24-25/0442     | 17-Jan-2025        |
+----------------------------------------------+--------------------+--------------------+
`;

const BANK_DETAILS = `                    HALDEN SOFTWARE SDN. BHD.
         Level 3, Menara Jaya, 50450 Kuala Lumpur

SUPPLIER                                        BUYER
Halden Software Sdn. Bhd.                       Sinar Timur Trading Sdn. Bhd.
                                                12 Jalan Mawar, 40100 Shah Alam

Invoice No.: HS-2025-0117                       Invoice Date: 14 Mar 2025

Payment details
  Bank               : Maybank
  Account Name       : Halden Software Sdn. Bhd.
  Account No.        : 5140 1234 5678
`;

describe('invoice layouts: labels read in their own column', () => {
  it('a legal form ending the name beside a label does not make the label say what the value includes', async () => {
    assert.equal(await answer(SIDE_BY_SIDE, 'invoice_number', '{ type: string }'), 'INV-20931');
    assert.equal(await answer(SIDE_BY_SIDE, 'invNo', '{ type: string }'), 'INV-20931');
  });

  it('another label is not a value: the number under "Invoice No." in a grid, not "Dated"', async () => {
    assert.equal(await answer(GRID, 'invoice_number', '{ type: string }'), 'DTP/24-25/0442');
    assert.equal(await answer(GRID, 'invoice_date', '{ type: date }'), '2025-01-17');
  });

  it("the buyer is not the writer, though the writer's bank details call it the account name", async () => {
    await assertEachName(
      BANK_DETAILS,
      [
        ['customer_name', '{ type: string }'],
        ['billTo', '{ type: string }'],
        ['name_des_rechnungsempfaengers', '{ type: string }'],
      ],
      'Sinar Timur Trading Sdn. Bhd.',
    );
  });
});

describe('payment terms as a number of days', () => {
  const LABELLED = `Quillhaven Studio Ltd                         Invoice no.   QS-118\nTerms            Net 30                       Date          02/05/2025\n`;
  const SENTENCE = `Kanzlei Brandt · Hohe Bleichen 11 · 20354 Hamburg\nRechnung Nr. 2025-0311 vom 07.03.2025\nBitte überweisen Sie den Rechnungsbetrag innerhalb von 14 Tagen nach Rechnungsdatum.\n`;
  it('reads the days of "Net 30" and of "innerhalb von 14 Tagen" under three wordings', async () => {
    for (const [field, body] of [
      ['payment_terms_days', '{ type: integer }'],
      ['termsDays', '{ type: integer, description: Payment terms, days. }'],
      ['zahlungsziel_in_tagen', '{ type: integer }'],
    ]) {
      assert.equal(await answer(LABELLED, field!, body!), 30, field);
      assert.equal(await answer(SENTENCE, field!, body!), 14, field);
    }
  });
});

describe("the issuer's legal name", () => {
  const LOGO_HEAD = `northmoor                                                 INVOICE
CREATIVE STUDIO
3 Tanner Row, York YO1 6JB                      Invoice number   NMC-2025-0147
                                                Invoice date     4 March 2025
BILLED TO
Halden & Pryce Ltd
14 Canal Wharf, Leeds LS11 5PQ

Discovery workshop                                         1,850.00
Total due                                                £1,850.00

PAYMENT
Account name: Northmoor Creative Ltd
Sort code: 20-45-77 · Account: 53018842

Northmoor Creative Ltd · Registered in England & Wales No. 10928374 · VAT Reg. No. GB 284 7719 05
`;

  it('is the registered name of the footer where the field asks for the legal name and the head is a logo', async () => {
    await assertEachName(
      LOGO_HEAD,
      [
        ['seller_name', '{ type: string, description: Legal name of the company that issued the invoice }'],
        ['raison_sociale', '{ type: string }'],
        ['supplierRegisteredName', '{ type: string }'],
      ],
      'Northmoor Creative Ltd',
    );
  });

  it('is not the buyer, though the payment details call it the account name', async () => {
    assert.equal(await answer(LOGO_HEAD, 'buyer_name', '{ type: string }'), 'Halden & Pryce Ltd');
  });
});

describe('numbers and addresses as printed', () => {
  it('reads a number without the sign for "number" before it', async () => {
    for (const [document, expected] of [
      ['FACTURE\nFacture :   N° 2025-014\nDate : 31/03/2025\n', '2025-014'],
      ['RECHNUNG\nRechnungsnummer:   Nr. 4711-B\nDatum: 31.03.2025\n', '4711-B'],
    ])
      assert.equal(await answer(document!, 'invoice_number', '{ type: string }'), expected);
  });

  it('reads a billing address whose street is a wharf', async () => {
    const invoice = `Northmoor Creative Ltd
INVOICE
BILLED TO
Halden & Pryce Ltd
14 Canal Wharf
Leeds
LS11 5PQ
United Kingdom

Total due   £7,650.00
`;
    assert.equal(
      await answer(
        invoice,
        'buyer_address',
        '{ type: string, description: Billing address of the customer }',
      ),
      '14 Canal Wharf, Leeds, LS11 5PQ, United Kingdom',
    );
  });
});

describe('parties under heads set side by side', () => {
  const invoice = (seller: string, buyer: string, title: string) => `${title}

${seller.padEnd(41)}${buyer}
Drukarnia Zielony Lisc Sp. z o.o.        Biuro Rachunkowe Mazur i Wspolnicy Sp.j.
ul. Ogrodowa 14/3                        ul. Grojecka 122 lok. 5
61-821 Poznan                            02-367 Warszawa

Faktura wystawiona zgodnie z art. 106e ustawy o VAT.
`;

  for (const [seller, buyer, title] of [
    ['SELLER', 'BUYER', 'VAT INVOICE No. FV/2024/11/0147'],
    ['SPRZEDAWCA', 'NABYWCA', 'Faktura VAT nr FV/2024/11/0147'],
  ] as const) {
    it(`reads each party under its own head ("${seller}", "${buyer}"), not the next head as a value`, async () => {
      const document = invoice(seller, buyer, title);
      assert.equal(
        await answer(
          document,
          'seller_name',
          '{ type: string, description: Name of the company that issued the invoice }',
        ),
        'Drukarnia Zielony Lisc Sp. z o.o.',
      );
      assert.equal(
        await answer(document, 'buyer_name', '{ type: string, description: Name of the customer billed }'),
        'Biuro Rachunkowe Mazur i Wspolnicy Sp.j.',
      );
    });
  }

  it('takes neither a sentence for the invoice number nor the number after "Faktura VAT" for a VAT number', async () => {
    const document = invoice('SPRZEDAWCA', 'NABYWCA', 'Faktura VAT nr FV/2024/11/0147');
    assert.equal(await answer(document, 'invoice_number', '{ type: string }'), 'FV/2024/11/0147');
    assert.equal(await answer(document, 'seller_vat_id', '{ type: string }'), null);
  });
});

describe('a firm’s name broken by its logo', () => {
  it('is the whole name the page prints elsewhere, not the logo’s last line', async () => {
    const invoice = `                                                   BRENNER & VOIGT
                                                   Elektrogroßhandel GmbH
                                                   Industriestraße 14
                                                   34123 Kassel

Brenner & Voigt Elektrogroßhandel GmbH · Industriestraße 14 · 34123 Kassel

Elektro Schäfer GmbH & Co. KG
Wilhelmshöher Allee 211
34121 Kassel
                                                   Rechnungs-Nr.:   RE-2025-10384
`;
    assert.equal(
      await answer(
        invoice,
        'seller_name',
        '{ type: string, description: Name of the company that issued the invoice }',
      ),
      'Brenner & Voigt Elektrogroßhandel GmbH',
    );
  });
});
