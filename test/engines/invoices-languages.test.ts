import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { textReader } from '../../src/documents/text/text-reader.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';

/** The usual invoice fields, asked in English of invoices written in four languages. */
const FIELDS = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string, description: Number of the invoice }
      invoice_date: { type: date, description: Date the invoice was issued }
      due_date: { type: date, description: Date by which payment is due }
      seller: { type: string, description: Name of the company that issued the invoice }
      buyer: { type: string, description: Name of the customer billed }
      net: { type: double, description: Total before tax }
      tax: { type: double, description: Tax amount }
      total: { type: double, description: Total amount due, tax included }
      currency: { type: string, description: Currency code }
      seller_vat_id: { type: string, description: VAT ID of the seller }
      iban: { type: string, description: IBAN for payment }
`;

const INVOICES: [string, string, Record<string, unknown>][] = [
  [
    'German',
    `Müller & Söhne GmbH
Industriestraße 12, 70565 Stuttgart
USt-IdNr.: DE123456789

Rechnung
Rechnungsnummer: RE-2024-117
Rechnungsdatum: 14.03.2024
Fällig am: 28.03.2024
Kunde: Becker Logistik AG

Pos.  Bezeichnung              Menge   Einzelpreis     Betrag
1     Paletten Euro             10        12,50      125,00
2     Stretchfolie 500 m         4        18,90       75,60

Nettobetrag                                       200,60 €
MwSt. 19 %                                         38,11 €
Gesamtbetrag                                      238,71 €

IBAN: DE89 3704 0044 0532 0130 00
`,
    {
      invoice_number: 'RE-2024-117',
      invoice_date: '2024-03-14',
      due_date: '2024-03-28',
      seller: 'Müller & Söhne GmbH',
      buyer: 'Becker Logistik AG',
      net: 200.6,
      tax: 38.11,
      total: 238.71,
      currency: 'EUR',
      seller_vat_id: 'DE123456789',
      iban: 'DE89370400440532013000',
    },
  ],
  [
    'French',
    `Atelier Dupont SARL
8 rue des Lilas, 69003 Lyon
N° TVA intracommunautaire : FR40303265045

FACTURE
Facture n° F-2291
Date de facture : 07/06/2024
Date d'échéance : 07/07/2024
Client : Maison Lefèvre

Désignation                 Quantité   Prix unitaire    Montant
Table en chêne                     2        350,00       700,00
Chaises                            4         95,50       382,00

Total HT                                              1 082,00 €
TVA 20 %                                                216,40 €
Total TTC                                             1 298,40 €
`,
    {
      invoice_number: 'F-2291',
      invoice_date: '2024-06-07',
      due_date: '2024-07-07',
      seller: 'Atelier Dupont SARL',
      buyer: 'Maison Lefèvre',
      net: 1082,
      tax: 216.4,
      total: 1298.4,
      currency: 'EUR',
      seller_vat_id: 'FR40303265045',
      iban: null,
    },
  ],
  [
    'Spanish',
    `Suministros Ibéricos S.L.
Calle Mayor 21, 28013 Madrid
NIF: B12345678

FACTURA
Factura nº: A-0457
Fecha: 02/05/2024
Cliente: Hotel Sol y Mar

Descripción            Cantidad    Precio unitario    Importe
Toallas                      50          4,20          210,00
Sábanas                      20         11,00          220,00

Base imponible                                     430,00 EUR
IVA 21%                                             90,30 EUR
Importe total                                      520,30 EUR
`,
    {
      invoice_number: 'A-0457',
      invoice_date: '2024-05-02',
      due_date: null,
      seller: 'Suministros Ibéricos S.L.',
      buyer: 'Hotel Sol y Mar',
      net: 430,
      tax: 90.3,
      total: 520.3,
      currency: 'EUR',
      seller_vat_id: 'B12345678',
      iban: null,
    },
  ],
  [
    'English',
    `Brightline Software Ltd
14 Market Street, Leeds LS1 6DT
VAT Reg No: GB 123 4567 89
accounts@brightline.example

INVOICE
Invoice #: 10045
Invoice Date: March 3, 2024
Due Date: April 2, 2024
Bill To:
Harper & Cole LLP
billing@harpercole.example

Item                          Qty     Rate       Amount
Annual licence                  1   2,400.00   2,400.00
Onboarding (hours)              6     120.00     720.00

Subtotal                                      £3,120.00
VAT (20%)                                       £624.00
Total Due                                     £3,744.00
`,
    {
      invoice_number: '10045',
      invoice_date: '2024-03-03',
      due_date: '2024-04-02',
      seller: 'Brightline Software Ltd',
      buyer: 'Harper & Cole LLP',
      net: 3120,
      tax: 624,
      total: 3744,
      currency: 'GBP',
      seller_vat_id: 'GB123456789',
      iban: null,
    },
  ],
];

describe('invoices in other languages, fields asked in English', () => {
  for (const [language, text, expected] of INVOICES) {
    it(`reads a ${language} invoice`, async () => {
      const doc = await textReader.read(Buffer.from(text), {
        limits: DEFAULT_READ_LIMITS,
        fileName: 'i.txt',
      });
      const { data } = await new LocalEngine().extract(doc, parseFieldConfig(FIELDS).fields);
      assert.deepEqual(data, expected);
    });
  }
});

const ITEM_FIELDS = `schemas:
  data:
    type: object
    properties:
      line_items:
        type: array
        description: The invoice's line items
        items:
          type: object
          properties:
            description: { type: string }
            amount: { type: double }
      line_count: { type: integer, description: Number of line items }
`;

const ITEMS: Record<string, [string, number][]> = {
  German: [
    ['Paletten Euro', 125],
    ['Stretchfolie 500 m', 75.6],
  ],
  French: [
    ['Table en chêne', 700],
    ['Chaises', 382],
  ],
  Spanish: [
    ['Toallas', 210],
    ['Sábanas', 220],
  ],
  English: [
    ['Annual licence', 2400],
    ['Onboarding (hours)', 720],
  ],
};

describe('line items of invoices in other languages', () => {
  for (const [language, text] of INVOICES) {
    it(`stops a ${language} item table at its totals, and says the items add up`, async () => {
      const doc = await textReader.read(Buffer.from(text), {
        limits: DEFAULT_READ_LIMITS,
        fileName: 'i.txt',
      });
      const fields = parseFieldConfig(ITEM_FIELDS).fields;
      const { data, evidence } = await new LocalEngine().extract(doc, fields);
      const expected = ITEMS[language]!.map(([description, amount]) => ({ description, amount }));
      assert.deepEqual(data.line_items, expected);
      assert.equal(data.line_count, expected.length);
      const first = (evidence?.line_items as { table?: { complete: boolean } }[] | undefined)?.[0];
      assert.equal(first?.table?.complete, true);
    });
  }
});

describe('the numero sign in labels', () => {
  it('reads "Rechnungs-№" and "Kunden-№" as the invoice and the customer number', async () => {
    const invoice = `Rheinland Gastro-Großhandel GmbH
Rechnungs-№ RE-250318
Rechnungsdatum 11.02.2025
Kunden-№ 40217
Hotel Zur Linde GmbH
Gesamtbetrag 1.008,27 €
`;
    const yaml = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string }
      customer_number: { type: string }
`;
    const doc = await textReader.read(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'r.txt',
    });
    const { data } = await new LocalEngine().extract(doc, parseFieldConfig(yaml).fields);
    assert.deepEqual(data, { invoice_number: 'RE-250318', customer_number: '40217' });
  });
});

describe('a total whose label ends a line of other text', () => {
  it('reads "… Piezas Base imponible 379,25 €" as the net amount and "… IVA. 21% 79.64 €" as the tax', async () => {
    // A scan's line runs the notes column into the totals beside it.
    const invoice = `TALLERES H. ORTEGA FACTURA
N° Factura: A-2025/0312 Fecha: 06/02/2025
MO Mano de obra mecanica 2,5 48,00 120,00
RF-2291 Juego pastillas freno delanteras 1 68,40 68,40
Observaciones: Se recomienda sustituir discos traseros en la proxima revision. Piezas Base imponible 379,25 €
sustituidas a disposicion del cliente durante 15 dias y se entregan al cliente. IVA. 21% 79.64 €
Forma de pago: Tarjeta — PAGADO TOTAL FACTURA | 458,89 €
`;
    const yaml = `schemas:
  data:
    type: object
    properties:
      subtotal: { type: number, description: Total amount before tax (net amount) }
      tax_amount: { type: number, description: "Total tax amount (VAT, GST, sales tax)" }
`;
    const doc = await textReader.read(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'f.txt',
    });
    const { data } = await new LocalEngine().extract(doc, parseFieldConfig(yaml).fields);
    assert.deepEqual(data, { subtotal: 379.25, tax_amount: 79.64 });
  });
});

describe('a tax amount beside the tax number', () => {
  it('takes "TVA 20 % 849,00 €", not the digits of "N° TVA : FR 47 912 384 556"', async () => {
    const invoice = `Julien Marchetti EI
N° TVA : FR 47 912 384 556
FACTURE N° F-2025-014
Boulangeries Ferrand SAS
N° TVA : FR 03 438 921 774
Total HT 4245,00 €
TVA 20 % 849,00 €
Total TTC 5094,00 €
`;
    const yaml = `schemas:
  data:
    type: object
    properties:
      tax_amount: { type: number, description: "Total tax amount (VAT, GST, sales tax)" }
`;
    const doc = await textReader.read(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'f.txt',
    });
    const { data } = await new LocalEngine().extract(doc, parseFieldConfig(yaml).fields);
    assert.deepEqual(data, { tax_amount: 849 });
  });
});

describe('a Polish invoice, its fields asked in Polish', () => {
  it('reads "numer_faktury", "termin_płatności", "nip_sprzedawcy", "kwota_brutto" as the English names would', async () => {
    const invoice = `FAKTURA VAT nr FV/2025/03/118

Data wystawienia: 14.03.2025
Termin płatności: 28.03.2025

Sprzedawca:                         Nabywca:
Wierzbowa Technika Sp. z o.o.       Kowalczyk Meble S.A.
ul. Słoneczna 12, 31-555 Kraków      ul. Polna 4, 00-950 Warszawa
NIP: 6762478192                      NIP: 5261040828

Wartość netto                                   1 200,00 zł
Kwota VAT 23%                                     276,00 zł
Razem do zapłaty                                1 476,00 zł

Numer rachunku: PL61 1090 1014 0000 0712 1981 2874
`;
    const english = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string }
      due_date: { type: date }
      seller_vat_id: { type: string }
      buyer: { type: string }
      net_amount: { type: double }
      tax_amount: { type: double }
      total_amount: { type: double }
      currency: { type: string }
`;
    const polish = `schemas:
  data:
    type: object
    properties:
      numer_faktury: { type: string, description: Numer faktury }
      termin_płatności: { type: date, description: Termin płatności jako data }
      nip_sprzedawcy: { type: string, description: NIP sprzedawcy }
      nabywca: { type: string, description: Nazwa nabywcy }
      kwota_netto: { type: double, description: Łączna wartość netto }
      kwota_vat: { type: double, description: Łączna kwota podatku }
      kwota_brutto: { type: double, description: Kwota do zapłaty razem z podatkiem }
      waluta: { type: string, description: Kod waluty ISO 4217 }
`;
    const doc = await textReader.read(Buffer.from(invoice), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'f.txt',
    });
    const expected = [
      'FV/2025/03/118',
      '2025-03-28',
      '6762478192',
      'Kowalczyk Meble S.A.',
      1200,
      276,
      1476,
      'PLN',
    ];
    for (const yaml of [english, polish]) {
      const { data } = await new LocalEngine().extract(doc, parseFieldConfig(yaml).fields);
      assert.deepEqual(Object.values(data), expected, yaml.split('\n')[4]);
    }
  });
});
