import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { xlsxReader } from '../../src/documents/xlsx/xlsx-reader.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';
import { assertEachName, extractText } from '../helpers/extract-text.ts';

/** An expense claim as a spreadsheet exports it: a header block of labelled cells over the entries. */
const CLAIM = `NORTHGATE ANALYTICS LTD
Employee Expense Claim Form
Employee name\tAmira Haddad\tPayroll number\tNA-00417
Department\tClient Services\tCost centre\tCS210
Date submitted\t02/04/2025\tApproved by\tOliver Brannigan
Claim period from\t01/03/2025\tto\t31/03/2025

Date         Category     Description                              Amount £
04/03/2025   Rail         Return rail ticket Leeds–Manchester         64.20
11/03/2025   Hotel        Hotel, 1 night, Birmingham                 106.80
26/03/2025   Stationery   Flip chart pads                             22.49

Total claimed\t193.49
Less advance received\t50.00
Amount due to employee\t143.49
`;

const cases: [string, [string, string][], unknown][] = [
  [
    "the claim period's end, in a cell beyond the 'to' after its start",
    [
      ['period_end', '{ type: date }'],
      ['claimPeriodTo', '{ type: date }'],
      ['date_fin_periode', '{ type: date }'],
    ],
    '2025-03-31',
  ],
  [
    "the claim period's start",
    [
      ['period_start', '{ type: date }'],
      ['claimPeriodFrom', '{ type: date }'],
    ],
    '2025-03-01',
  ],
  [
    'the approver',
    [
      ['approver_name', '{ type: string, description: Name of the manager who approved the claim }'],
      ['authorisedBy', '{ type: string }'],
      ['valideur', '{ type: string }'],
      ['genehmigt_von', '{ type: string }'],
    ],
    'Oliver Brannigan',
  ],
  [
    'the department, not the cost centre beside it',
    [
      ['department', '{ type: string }'],
      ['abteilung', '{ type: string }'],
      ['departamento', '{ type: string }'],
    ],
    'Client Services',
  ],
  [
    'the cost centre',
    [
      ['cost_centre', '{ type: string }'],
      ['kostenstelle', '{ type: string }'],
    ],
    'CS210',
  ],
  [
    'the date the claim was submitted',
    [
      ['submission_date', '{ type: date }'],
      ['dateSubmitted', '{ type: date }'],
      ['date_depot', '{ type: date }'],
    ],
    '2025-04-02',
  ],
  [
    'the advance already received, not the total',
    [
      ['amount_advanced', '{ type: double }'],
      ['advanceAlreadyReceived', '{ type: double }'],
      ['avance_percue', '{ type: double }'],
    ],
    50,
  ],
  [
    'the total claimed, before the advance is taken off',
    [
      ['total_claimed', '{ type: double, description: Total amount claimed }'],
      [
        'montant_total',
        "{ type: double, description: Montant total des frais déclarés, avant déduction de l'avance }",
      ],
    ],
    193.49,
  ],
];

describe('expense claims, each field in several wordings', () => {
  for (const [title, wordings, expected] of cases)
    it(title, async () => {
      await assertEachName(CLAIM, wordings, expected);
    });

  it("reads the entries' dates whatever word for the kind of entry their names carry", async () => {
    for (const [list, date, description, amount] of [
      ['entries', 'date', 'description', 'amount'],
      ['expenseLines', 'expenseDate', 'details', 'lineAmount'],
      ['lignes_de_frais', 'date_depense', 'libelle', 'montant'],
    ] as const) {
      const data = await extractText(CLAIM, {
        [list]: `{ type: array, items: { type: object, properties: { ${date}: { type: date }, ${description}: { type: string }, ${amount}: { type: double } } } }`,
      });
      const rows = data[list] as Record<string, unknown>[];
      assert.deepEqual(
        rows.map((row) => [row[date], row[amount]]),
        [
          ['2025-03-04', 64.2],
          ['2025-03-11', 106.8],
          ['2025-03-26', 22.49],
        ],
        list,
      );
    }
  });
});

describe('a travel-expense report in German', () => {
  it('takes "Summe Reisekosten" for the total claimed, a claim being the document', async () => {
    const report = `Brenner & Voss Anlagenbau GmbH
Reisekostenabrechnung
Name\tKessler\tVorname\tTobias
Summe Reisekosten\t511,80
abzüglich erhaltener Vorschuss\t– 250,00
Auszahlungsbetrag\t261,80 €
`;
    await assertEachName(
      report,
      [
        ['total_claimed', '{ type: double, description: Total amount claimed }'],
        ['grandTotal', '{ type: double }'],
      ],
      511.8,
    );
  });
});

describe('the entries of a travel-expense report and how many there are', () => {
  const report = `Brenner & Voss Anlagenbau GmbH
Reisekostenabrechnung
Aufstellung der Kosten
Datum        Beleg-Nr.   Art der Ausgabe                              Betrag EUR
10.03.2025   1           Fahrtkosten Pkw Stuttgart–Ludwigshafen            38,40
10.03.2025   2           Übernachtung Hotel Rheinblick, 3 Nächte          327,00
12.03.2025   3           Parkgebühren Parkhaus Walzmühle                   24,00
13.03.2025   4           Fahrtkosten Pkw Ludwigshafen–Stuttgart            38,40
Summe Reisekosten                                                         427,80
Kasse 07.03.2025                                                          250,00
Auszahlungsbetrag                                                         177,80
Brenner & Voss Anlagenbau GmbH · Amtsgericht Stuttgart HRB 734512 · Registered No. 09876543
`;

  it('ends the entries at their total: the advance deducted and the payout below it are no entries', async () => {
    const data = await extractText(report, {
      entries:
        '{ type: array, items: { type: object, properties: { date: { type: date }, amount: { type: double } } } }',
      number_of_entries: '{ type: integer, description: Number of expense line items in the claim }',
    });
    assert.deepEqual(
      (data.entries as { amount: number }[]).map((e) => e.amount),
      [38.4, 327, 24, 38.4],
    );
    assert.equal(data.number_of_entries, 4);
  });
});

describe('the entries of an expense sheet', () => {
  it('end at their total: the advance deducted and the payout under it are no entries', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Claim');
    for (const row of [
      ['Reisekostenabrechnung'],
      ['Datum', 'Beleg-Nr.', 'Art der Ausgabe', 'Betrag EUR'],
      ['10.03.2025', 1, 'Fahrtkosten Pkw Stuttgart–Ludwigshafen', 38.4],
      ['10.03.2025', 2, 'Übernachtung Hotel Rheinblick, 3 Nächte', 327],
      ['12.03.2025', 3, 'Parkgebühren Parkhaus Walzmühle', 24],
      ['Summe Reisekosten', null, null, 389.4],
      ['abzüglich erhaltener Vorschuss (Kasse, 07.03.2025)', null, null, 250],
      ['Auszahlungsbetrag', null, null, 139.4],
    ])
      sheet.addRow(row);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const doc = await xlsxReader.read(bytes, { limits: DEFAULT_READ_LIMITS, fileName: 'claim.xlsx' });
    const yaml = `schemas:
  data:
    type: object
    properties:
      entries: { type: array, items: { type: object, properties: { description: { type: string }, amount: { type: double } } } }
      number_of_entries: { type: integer, description: Number of expense line items in the claim }
`;
    const { data } = await new LocalEngine().extract(doc, parseFieldConfig(yaml).fields);
    assert.deepEqual(
      (data.entries as { amount: number }[]).map((e) => e.amount),
      [38.4, 327, 24],
    );
    assert.equal(data.number_of_entries, 3);
  });
});

describe("the date a claim was submitted, on its signatures' lines", () => {
  it('is the date on the line of the one who submits or signs, not the approver’s below', async () => {
    const form = (opening: string) => `NORTHGATE ANALYTICS LTD
Expense claim
Tour Period\t2025-02-17\tTo\t2025-02-21
Date\tParticulars\tAmount
2025-02-17\tTaxi to airport\t742.00
Total\t742.00
${opening}\tAnanya Raghunathan\tDate:\t2025-02-24
Approved by (HOD):\tVenkatesh Iyer\tDate:\t2025-02-25
`;
    for (const opening of [
      'Submitted by:',
      'Signed (employee)',
      'Employee signature:',
      'Signature du salarié :',
    ])
      await assertEachName(
        form(opening),
        [
          ['submission_date', '{ type: date, description: Date the employee signed or submitted the claim }'],
          ['date_submitted', '{ type: date }'],
        ],
        '2025-02-24',
      );
  });
});
