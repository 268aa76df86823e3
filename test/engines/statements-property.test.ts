import { describe, it } from 'node:test';
import { assertEveryWording } from '../helpers/extract-text.ts';

/**
 * Kinds of document the engine first met in the fourth blind batch (account statements, rent
 * invoices): each field in several wordings, as different users would put it. The documents are
 * written for these tests.
 */
const STATEMENT = `SPARKASSE AM WALDSEE                                    Kontoauszug 4/2025
Seeallee 2 · 88131 Lindau

Herrn
Paul Winkler
Rosenweg 7
88131 Lindau                                    IBAN DE12 7315 0000 0012 3456 78
                                                Auszugsdatum 02.05.2025

Zeitraum 01.04.2025 bis 30.04.2025

Datum    Buchungstext                                            Betrag
         alter Kontostand vom 31.03.2025                       1.250,00 H
03.04.   Lastschrift Stadtwerke Lindau                            84,20 S
15.04.   Gehalt Seetal Maschinenbau GmbH                       2.900,00 H
22.04.   Kartenzahlung Bäckerei Huber                             12,40 S
         Summe Soll: 96,60        Summe Haben: 2.900,00
         neuer Kontostand vom 30.04.2025                       4.053,40 H
`;

const RENT_INVOICE = `HARLOW & PEAKE LETTINGS LTD
14 Mill Lane, Bath BA1 5EQ · VAT GB 218 4471 09

Ms Nadia Kowalski                                   Invoice no.   RI-20931
2 Bracken Court                                     Date          01/06/2025
Cheltenham GL50 2PX

Property:        Flat 4, 31 Royal Crescent, Bath BA1 2LR
Rent period:     01/06/2025 - 30/06/2025

Monthly rent                                                    1,450.00
Service charge                                                    120.00
Total due                                                       1,570.00
Payment due by 05/06/2025. Deposit held: 1,673.00 (DPS scheme)
`;

describe('account statements: balances and debits by their own words, in any language', () => {
  it('reads the holder, the balances and the money out under three wordings', async () => {
    const expected = {
      holder: 'Paul Winkler',
      opening: 1250,
      closing: 4053.4,
      debits: 96.6,
      bank: 'SPARKASSE AM WALDSEE',
    };
    const wordings: Record<string, string>[] = [
      {
        holder: '{ type: string, description: account holder }',
        opening: '{ type: double, description: opening balance }',
        closing: '{ type: double, description: closing balance }',
        debits: '{ type: double, description: total debits in the period }',
        bank: '{ type: string, description: name of the bank that issued the statement }',
      },
      {
        accountHolder: '{ type: string }',
        openingBal: '{ type: double }',
        closingBal: '{ type: double }',
        totalDebits: '{ type: double }',
        bankName: '{ type: string }',
      },
      {
        name_des_kontoinhabers: '{ type: string }',
        alter_kontostand: '{ type: double }',
        neuer_kontostand: '{ type: double }',
        summe_der_belastungen: '{ type: double }',
        ausstellendes_kreditinstitut: '{ type: string, description: Name der Bank }',
      },
    ];
    await assertEveryWording(STATEMENT, wordings, Object.values(expected));
  });
});

describe('rent invoices: the tenant, the rented property and the rent', () => {
  it('reads the agent, the tenant, the property, the rent, the service charge and the deposit', async () => {
    const expected = [
      'HARLOW & PEAKE LETTINGS LTD',
      'Nadia Kowalski',
      'Flat 4, 31 Royal Crescent, Bath BA1 2LR',
      1450,
      120,
      1673,
    ];
    const wordings: Record<string, string>[] = [
      {
        landlord_name: '{ type: string }',
        tenant_name: '{ type: string }',
        property_address: '{ type: string }',
        monthly_rent: '{ type: double }',
        service_charges: '{ type: double }',
        deposit_amount: '{ type: double }',
      },
      {
        landlord: '{ type: string }',
        tenant: '{ type: string }',
        propertyAddr: '{ type: string }',
        rentPcm: '{ type: double }',
        serviceChg: '{ type: double }',
        bond: '{ type: double }',
      },
      {
        nom_du_bailleur_ou_gestionnaire: '{ type: string }',
        nom_du_locataire: '{ type: string }',
        adresse_du_logement_loue: '{ type: string }',
        loyer_mensuel_hors_charges: '{ type: double }',
        provision_sur_charges: '{ type: double }',
        depot_de_garantie: '{ type: double }',
      },
    ];
    await assertEveryWording(RENT_INVOICE, wordings, expected);
  });
});

describe('a yes-or-no field that asks what kind of document this is', () => {
  const RECEIPT = `INMUEBLES TURIA LEVANTE, S.L.
C/ Gran Vía Marqués del Turia 61, 4º - 46005 Valencia
                RECIBO DE ALQUILER - LOCAL COMERCIAL
Recibí de Panadería Ruzafa, S.L. la cantidad de 1.452,00 € por el alquiler de junio de 2025.
`;
  const INVOICE = `HARCOURT & LYLE LETTINGS LTD                                          RENT INVOICE
118 Chamberlayne Parade                                  Invoice no:    HL-INV-250614
Rent for June 2025                                                             £2,385.00
`;
  const LETTER = `LAKESHORE RESIDENTIAL MANAGEMENT, LLC
May 2, 2025
Dear Resident, your lease renewal offer is enclosed.
`;
  const WORDINGS: Record<string, string>[] = [
    {
      is_receipt:
        '{ type: boolean, description: True if the document is a receipt for a payment already made. }',
    },
    { paid: '{ type: boolean, description: Is this a receipt? }' },
    {
      est_une_quittance:
        '{ type: boolean, description: "Vrai si le document atteste un paiement déjà reçu" }',
    },
  ];

  it('is true where the title names that kind, in its own language', async () => {
    await assertEveryWording(RECEIPT, WORDINGS, [true]);
  });

  it('is false where the title names another kind, or none', async () => {
    await assertEveryWording(INVOICE, WORDINGS, [false]);
    await assertEveryWording(LETTER, WORDINGS, [false]);
  });
});
