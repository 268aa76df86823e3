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

// A Singapore receipt with a GST registration, and a Malaysian one with only the firm's number.
const WITH_GST = `KOPI & TOAST CO.
KT Heritage F&B Pte. Ltd.
Blk 214 Bishan Street 23
GST Reg No: 201823456K
TAX INVOICE
Kaya Toast Set        5.80
TOTAL                 5.80
`;
const WITH_FIRM_NUMBER_BELOW = `ARAS ENERGY BANGI
BANGI JAYA PETROLEUM SDN BHD
(745213-D)
LOT 5521, JALAN 7/1, SEKSYEN 7,
43650 BANDAR BARU BANGI, SELANGOR
PRIMAX 95   40.00
TOTAL RM    40.00
`;
const WITH_REG_LABEL = `FARMASI SIHAT SENTOSA
SIHAT SENTOSA PHARMACY SDN. BHD.
Reg. No.: 201901012345
NO. 23, JALAN SS 15/4B,
47500 SUBANG JAYA, SELANGOR.
TOTAL      18.90
`;

const TAX_OR_COMPANY_NUMBER: [string, string][] = [
  [
    'merchant_tax_id',
    '{type: string, description: "Merchant tax or business registration number (VAT/GST/SST number, ABN, company registration number)"}',
  ],
  [
    'sellerTaxRegNo',
    "{type: string, description: seller's tax registration or company number printed on the receipt}",
  ],
  [
    'steuer_id',
    '{type: string, description: "Steuer- oder Registrierungsnummer des Händlers (z. B. USt-IdNr., GST-/SST-Nummer, Handelsregisternummer)"}',
  ],
];

describe("a merchant's tax or registration number", () => {
  it('is the tax registration where one is printed', async () => {
    await assertEachName(WITH_GST, TAX_OR_COMPANY_NUMBER, '201823456K');
  });

  it("is the firm's registration number where the field accepts one and no tax number is printed", async () => {
    await assertEachName(WITH_FIRM_NUMBER_BELOW, TAX_OR_COMPANY_NUMBER, '745213-D');
    await assertEachName(RECEIPT, TAX_OR_COMPANY_NUMBER, '1187654-W');
    await assertEachName(WITH_REG_LABEL, TAX_OR_COMPANY_NUMBER, '201901012345');
  });

  it('is null where the field asks for a tax number only, or denies the company number', async () => {
    await assertEachName(
      WITH_FIRM_NUMBER_BELOW,
      [
        ['vat_number', '{type: string, description: "The seller\'s VAT or GST registration number"}'],
        [
          'gst_id',
          '{type: string, description: "GST number of the shop, not its company registration number"}',
        ],
      ],
      null,
    );
  });
});

// A logo gives the first words of the firm's name; the lines under it give it whole.
const LOGO_OVER_NAME = `SENG HUAT HARDWARE
SENG HUAT HARDWARE & TRADING SDN BHD
(1094325-W)
NO. 23, JALAN PERUSAHAAN 2,
43300 SERI KEMBANGAN, SELANGOR
TAX INVOICE
CS00078215   08/06/2019
PAINT ROLLER 9"        12.50
TOTAL                  12.50
`;

// A name set over two lines, its firm word alone on the second.
const NAME_OVER_TWO_LINES = `CAHAYA STATIONERY
ENTERPRISE
(JM0712345-T)
LOT 5, JLN BESTARI 1/3,
81300 SKUDAI, JOHOR.
CASH BILL
DATE : 27-10-17 15:06
A4 PAPER 70GSM      11.90
TOTAL               11.90
`;

// A legal form broken over two lines, the firm's number after its second half.
const FORM_OVER_TWO_LINES = `KEDAI MAJU SDN
BHD (123456-A)
NO 1, JALAN BESAR,
43000 KAJANG, SELANGOR
TAX INVOICE
TOTAL   12.90
`;

// Words that open a shop's name ("Syarikat Perniagaan", trading company) over the name proper.
const OPENERS_OVER_NAME = `SYARIKAT PERNIAGAAN
GIN KEE
(81109-A)
NO 290, JALAN AIR PANAS,
SETAPAK, 53200 KUALA LUMPUR.
DATE: 02/12/2017
TOTAL   31.80
`;

const COMPANY_WORDINGS: [string, string][] = [
  ['company', '{type: string, description: Name of the company or shop that issued the receipt}'],
  [
    'vendor',
    '{type: string, description: "Seller\'s legal entity name if shown anywhere; else the shop name"}',
  ],
  ['nama_syarikat', '{type: string, description: Nama syarikat yang mengeluarkan resit}'],
];

describe("a firm's name the receipt's head gives in pieces", () => {
  it('is the whole name with its legal form, not the first words a logo repeats', async () => {
    await assertEachName(LOGO_OVER_NAME, COMPANY_WORDINGS, 'SENG HUAT HARDWARE & TRADING SDN BHD');
  });

  it('is both lines where the second holds the firm word alone', async () => {
    await assertEachName(NAME_OVER_TWO_LINES, COMPANY_WORDINGS, 'CAHAYA STATIONERY ENTERPRISE');
  });

  it('is both lines where the second holds the rest of the legal form and the firm number', async () => {
    await assertEachName(FORM_OVER_TWO_LINES, COMPANY_WORDINGS, 'KEDAI MAJU SDN BHD');
  });

  it("is both lines where the first holds only the words that open a shop's name", async () => {
    await assertEachName(OPENERS_OVER_NAME, COMPANY_WORDINGS, 'SYARIKAT PERNIAGAAN GIN KEE');
    await assertEachName(
      OPENERS_OVER_NAME.replace('SYARIKAT PERNIAGAAN', 'RESTORAN'),
      COMPANY_WORDINGS,
      'RESTORAN GIN KEE',
    );
  });

  it('is both lines where the second holds firm words and the legal form only', async () => {
    await assertEachName(
      FORM_OVER_TWO_LINES.replace('KEDAI MAJU SDN\nBHD', 'SWC\nENTERPRISE SDN BHD'),
      COMPANY_WORDINGS,
      'SWC ENTERPRISE SDN BHD',
    );
  });
});
