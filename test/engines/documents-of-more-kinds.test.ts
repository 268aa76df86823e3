import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { createTesseractPool } from '../../src/documents/ocr/tesseract-pool.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';
import { assertEachName } from '../helpers/extract-text.ts';
import { laidOut } from '../helpers/laid-out-forms.ts';

/**
 * Documents of kinds the engine was not tuned on (a Dutch and a Spanish invoice, a restaurant bill,
 * a bank statement), each field asked in at least two wordings, as different users would put it.
 */
const engine = new LocalEngine();

const FACTUUR = `De Vries Installatietechniek B.V.
Kanaalweg 18
3526 KL Utrecht
KvK: 61234578          BTW-nr: NL853746291B01

FACTUUR

Factuurnummer:   F2025-0876
Factuurdatum:    03-11-2025
Vervaldatum:     01-12-2025

Aan:
Bakkerij Jansen
Dorpsstraat 7
1234 AB Amstelveen

Omschrijving                         Aantal     Prijs       Bedrag
Onderhoud cv-ketel                        1     95,00        95,00
Vervangen thermostaat                     1    149,00       149,00
Arbeidsuren                             2,5     62,50       156,25

Subtotaal excl. BTW                                         400,25
BTW 21%                                                      84,05
Totaal te betalen                                         € 484,30
`;

const FACTURA = `SUMINISTROS GARCÍA E HIJOS, S.L.
C/ Alcalá 145, 2º B - 28009 Madrid
NIF: B-86543217      Tel. 914 567 890

FACTURA

Nº Factura: 2025/0412                  Fecha de emisión: 17/09/2025
Forma de pago: Transferencia           Fecha de vencimiento: 17/10/2025

Cliente:
Talleres Martín Ruiz, S.A.
Avda. de la Constitución 22
41001 Sevilla
NIF cliente: A-41234567

Base imponible                                                   378,50
IVA 21%                                                           79,49
Importe total                                                    457,99 €
`;

const RESTAURANT_BILL = `THE SALTY OYSTER
1820 Harbor Drive, San Diego, CA 92101

Server: Marisol          Table: 14          Guests: 4
Check #: 30517           06/21/2025  8:42 PM

2  Clam Chowder Bowl                 19.00
1  Grilled Swordfish                 32.50

Food & Beverage Subtotal             51.50
Sales Tax 7.75%                       3.99
Tip 20%                              10.30
TOTAL                                65.79
`;

const BANK_STATEMENT = `NORDWIND BANK AG
ACCOUNT STATEMENT

Account holder:    Dr. Katharina Weber
IBAN:              DE65 1007 0000 0123 4567 89
BIC:               NWBKDEFFXXX
Statement no.:     9 / 2025
Statement period:  01.09.2025 - 30.09.2025

Opening balance on 01.09.2025          4,812.37
Closing balance on 30.09.2025          6,175.22
`;

const CONSULTING = `CONSULTING SERVICES AGREEMENT

This Consulting Services Agreement (the "Agreement") is entered into as of March 3, 2025
(the "Effective Date") by and between Harborview Analytics Ltd. (the "Client") and Priya Raman
(the "Consultant").

2. Term. This Agreement shall commence on April 1, 2025 and shall continue for a period of
six (6) months unless terminated earlier in accordance with Section 7.

3. Fees. The Client shall pay the Consultant a fee of £650 per day, invoiced monthly in arrears.
Invoices are payable within thirty (30) days of receipt.

7. Termination. Either party may terminate this Agreement by giving the other party
fourteen (14) days' written notice.

Harborview Analytics Ltd.                 Consultant
By: Michael Osei                          Priya Raman
Title: Chief Operating Officer
`;

const CAR_RENTAL = `SWIFTWAY CAR RENTAL
Agreement No: RA-7736120              Reservation: SW-K44Q9
Mileage out: 18,204     Mileage in: 18,871     Miles driven: 667

Time & mileage   5 days @ $62.00/day              310.00
Collision damage waiver   5 @ $24.99            124.95
TOTAL CHARGES                               $434.95
`;

const POLICY_SCHEDULE = `OAKSHIELD INSURANCE PLC
Home Insurance - Policy Schedule

Policy number:        HSC-4471902-B
Policyholder:         Mr Daniel Okafor
Property insured:     27 Meadow Lane, Leeds LS6 2QT
Period of cover:      15 May 2025 to 14 May 2026
Date of issue:        02 May 2025

Agent: Whitfield Brokers Ltd     Agent ref: WF-88120
`;

const FATTURA = `Tipografia Bianchi S.r.l.
Via Garibaldi 41, 20121 Milano
P.IVA IT04812930967      Tel. 02 8745 1120

FATTURA N. 118/2025                         Data: 24/10/2025

Spett.le
Studio Legale Ferri & Associati
Corso Vittorio Emanuele 12
10121 Torino

Imponibile                                                 376,50
IVA 22%                                                     82,83
Totale fattura                                           € 459,33

Scadenza: 23/11/2025
`;

describe('documents of more kinds, each field in several wordings', () => {
  const cases: [string, string, [string, string][], unknown][] = [
    [
      'a subtotal "excl. BTW": the tax named after "excl." qualifies the subtotal',
      FACTUUR,
      [
        ['subtotal', '{ type: number }'],
        ['net_amount', '{ type: double, description: Amount before VAT }'],
      ],
      400.25,
    ],
    [
      'the tax amount, not the subtotal that leaves it out',
      FACTUUR,
      [
        ['vat', '{ type: number, description: BTW amount }'],
        ['tax_amount', '{ type: double }'],
      ],
      84.05,
    ],
    [
      'a chamber-of-commerce number ("KvK")',
      FACTUUR,
      [
        ['chamber_of_commerce', '{ type: string, description: KvK number }'],
        ['company_registration_number', '{ type: string }'],
      ],
      '61234578',
    ],
    [
      'a company name that begins with its particle ("De Vries")',
      FACTUUR,
      [
        ['vendor', '{ type: string, description: Name of the company that sent the invoice }'],
        ['supplier_name', '{ type: string }'],
      ],
      'De Vries Installatietechniek B.V.',
    ],
    [
      'an invoice number labelled "Nº Factura", the number sign first',
      FACTURA,
      [
        ['invoice_number', '{ type: string }'],
        ['numero_factura', '{ type: string, description: Invoice number }'],
      ],
      '2025/0412',
    ],
    [
      'the client’s tax number after "NIF cliente", not the seller’s',
      FACTURA,
      [
        ['customer_tax_id', '{ type: string }'],
        ['buyer_nif', '{ type: string, description: Tax number of the client }'],
      ],
      'A41234567',
    ],
    [
      'a tip',
      RESTAURANT_BILL,
      [
        ['gratuity', '{ type: number, description: Tip added }'],
        ['tip_amount', '{ type: double }'],
      ],
      10.3,
    ],
    [
      'the number of guests, not the table’s',
      RESTAURANT_BILL,
      [
        ['party_size', '{ type: integer, description: Number of guests }'],
        ['covers', '{ type: integer }'],
      ],
      4,
    ],
    [
      'a value after its label in the middle of a row of labelled values ("Table: 14")',
      RESTAURANT_BILL,
      [
        ['table_number', '{ type: string }'],
        ['table', '{ type: string, description: Table served }'],
      ],
      '14',
    ],
    [
      'a BIC after its label, not the value of the next line',
      BANK_STATEMENT,
      [
        ['bic', '{ type: string, description: SWIFT code }'],
        ['swift_code', '{ type: string }'],
      ],
      'NWBKDEFFXXX',
    ],
    [
      'the first day of a statement period, the document’s word before "period" left aside',
      BANK_STATEMENT,
      [
        ['period_start', '{ type: date }'],
        ['statement_from', '{ type: date, description: Start of the statement period }'],
      ],
      '2025-09-01',
    ],
    [
      'the last day of a statement period',
      BANK_STATEMENT,
      [
        ['period_end', '{ type: date }'],
        ['statement_to', '{ type: date, description: End of the statement period }'],
      ],
      '2025-09-30',
    ],
    [
      'the day services start ("shall commence on"), not the day the agreement was made',
      CONSULTING,
      [
        ['start_date', '{ type: date, description: Date the services begin }'],
        ['begin_date', '{ type: date }'],
      ],
      '2025-04-01',
    ],
    [
      'the effective date stays the date the agreement was made',
      CONSULTING,
      [
        ['effective_date', '{ type: date }'],
        ['commencement', '{ type: date, description: When the agreement comes into effect }'],
      ],
      '2025-03-03',
    ],
    [
      'a fee "per day" in a sentence',
      CONSULTING,
      [
        ['daily_rate', '{ type: number, description: Fee per day }'],
        ['rate_per_day', '{ type: double }'],
      ],
      650,
    ],
    [
      'a rate written "$62.00/day" before the line’s amount',
      CAR_RENTAL,
      [
        ['daily_rate', '{ type: number }'],
        ['rate_per_day', '{ type: double, description: Price charged per day }'],
      ],
      62,
    ],
    [
      'a notice period, not the term',
      CONSULTING,
      [
        ['notice_period', '{ type: string, description: Notice required to terminate }'],
        ['termination_notice', '{ type: string }'],
      ],
      '14 days',
    ],
    [
      'the person who signs "By:" for a company, not the consultant beside',
      CONSULTING,
      [
        ['signatory', '{ type: string, description: Person who signed for the client }'],
        ['signing_person', '{ type: string }'],
      ],
      'Michael Osei',
    ],
    [
      'the start of a period written as a range after "Period of cover"',
      POLICY_SCHEDULE,
      [
        ['cover_start', '{ type: date }'],
        ['period_from', '{ type: date, description: First day of cover }'],
      ],
      '2025-05-15',
    ],
    [
      'the end of that period',
      POLICY_SCHEDULE,
      [
        ['cover_end', '{ type: date }'],
        ['period_to', '{ type: date }'],
      ],
      '2026-05-14',
    ],
    [
      'a label written solid ("Policyholder"), not the issuer’s name at the head',
      POLICY_SCHEDULE,
      [
        ['policy_holder', '{ type: string, description: Name of the insured person }'],
        ['policy_holder_name', '{ type: string }'],
      ],
      'Daniel Okafor',
    ],
    [
      'an address after a label of two words, without the label',
      POLICY_SCHEDULE,
      [
        ['insured_address', '{ type: string, description: Address of the insured property }'],
        ['property_address', '{ type: string }'],
      ],
      '27 Meadow Lane, Leeds LS6 2QT',
    ],
    [
      'the agent by its label, not the next column read after "Brokers" inside the agent’s name',
      POLICY_SCHEDULE,
      [
        ['broker', '{ type: string, description: Agent who arranged the policy }'],
        ['insurance_agent', '{ type: string }'],
      ],
      'Whitfield Brokers Ltd',
    ],
    [
      'payment terms stated in a sentence ("payable within thirty (30) days")',
      CONSULTING,
      [
        ['payment_terms', '{ type: string, description: How soon invoices must be paid }'],
        ['terms_of_payment', '{ type: string }'],
      ],
      '30 days',
    ],
    [
      'an Italian invoice’s number ("FATTURA N.")',
      FATTURA,
      [
        ['invoice_number', '{ type: string }'],
        ['numero', '{ type: string, description: Invoice number }'],
      ],
      '118/2025',
    ],
    [
      'its date ("Data:")',
      FATTURA,
      [
        ['invoice_date', '{ type: date }'],
        ['date_issued', '{ type: date, description: Date of the invoice }'],
      ],
      '2025-10-24',
    ],
    [
      'its due date ("Scadenza")',
      FATTURA,
      [
        ['due_date', '{ type: date }'],
        ['payment_due', '{ type: date }'],
      ],
      '2025-11-23',
    ],
    [
      'its taxable amount ("Imponibile")',
      FATTURA,
      [
        ['subtotal', '{ type: number }'],
        ['taxable_amount', '{ type: number, description: Amount before VAT }'],
      ],
      376.5,
    ],
    [
      'its total ("Totale fattura")',
      FATTURA,
      [
        ['grand_total', '{ type: number }'],
        ['total', '{ type: double, description: Total of the invoice }'],
      ],
      459.33,
    ],
    [
      'its client under "Spett.le", a firm named "… & Associati"',
      FATTURA,
      [
        ['client_name', '{ type: string, description: Customer }'],
        ['customer', '{ type: string }'],
      ],
      'Studio Legale Ferri & Associati',
    ],
  ];
  for (const [title, document, wordings, expected] of cases)
    it(title, async () => {
      await assertEachName(document, wordings, expected);
    });
});

describe('a scanned restaurant bill with a tip', () => {
  const ocr = createTesseractPool({ size: 1 });
  after(() => ocr.close());
  const BILL = laidOut(`THE SALTY OYSTER
1820 Harbor Drive, San Diego, CA 92101

Server: Marisol          Table: 14          Guests: 4

2  Clam Chowder Bowl                 19.00
1  Dozen Oysters                     36.00
1  Grilled Swordfish                 32.50
1  Lobster Roll                      29.00
3  Draft IPA                         24.00
1  Key Lime Pie                       9.50

Food & Beverage Subtotal            150.00
Sales Tax 7.75%                      11.63
Tip 20%                              30.00
TOTAL                               191.63
`);

  it('keeps the stated total that the tip makes up, rather than "correcting" it to subtotal plus tax', async () => {
    const document = await pngReader.read(BILL.png(), {
      limits: DEFAULT_READ_LIMITS,
      ocr,
      fileName: 'bill.png',
    });
    const yaml = `schemas:
  data:
    type: object
    properties:
      total_charged: { type: number, description: Grand total paid including tip }
      amount_paid: { type: double }
      gratuity: { type: number, description: Tip added }
      tip: { type: double }
`;
    const { data } = await engine.extract(document, parseFieldConfig(yaml).fields);
    assert.deepEqual(data, { total_charged: 191.63, amount_paid: 191.63, gratuity: 30, tip: 30 });
  });
});

describe('a dental invoice as a PDF', () => {
  const INVOICE = laidOut(`Bright Smile Dental Clinic
455 Maple Avenue, Suite 210
Toronto, ON M5V 2T6

PATIENT INVOICE

Invoice No.: BSD-20931               Date of service: 2025-08-12
Patient: Thomas Nguyen               Patient ID: P-004417
Insurance: Sun Life Financial        Member ID: SLF-7720-3391

Total fees                                   319.25
Insurance paid                              -240.00
Patient balance due                           79.25
`);

  const cases: [string, string, unknown][] = [
    ['patient_name', '{ type: string }', 'Thomas Nguyen'],
    ['patient', '{ type: string, description: Name of the patient }', 'Thomas Nguyen'],
    ['insurer', '{ type: string, description: Insurance company }', 'Sun Life Financial'],
    ['insurance_provider', '{ type: string }', 'Sun Life Financial'],
  ];
  it('the patient by the label, not the title "PATIENT INVOICE"; the insurer by "Insurance:"', async () => {
    const document = await pdfReader.read(await INVOICE.pdf(), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'invoice.pdf',
    });
    for (const [field, body, expected] of cases) {
      const yaml = `schemas:\n  data:\n    type: object\n    properties:\n      ${field}: ${body}\n`;
      const { data } = await engine.extract(document, parseFieldConfig(yaml).fields);
      assert.deepEqual(data[field], expected, `${field}: ${body}`);
    }
  });
});
