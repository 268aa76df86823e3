import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractText } from '../helpers/extract-text.ts';

const PAYSLIP = `HARBOURSIDE LOGISTICS LTD                                   PAYSLIP
Unit 3, Dockside Park, Southampton SO14 3JJ

Employee: Aisha Rahman                      Employee No: 10482
Pay period: 01/10/2025 - 31/10/2025         Pay date: 28/10/2025

Payments                         This period        Year to date
Basic salary                        3,250.00           22,750.00
Overtime                              210.00              980.00
Gross Pay                           3,460.00           23,730.00

Deductions
Income Tax                            496.80            3,402.60
National Insurance                    186.40            1,290.20
Pension                               103.80              711.90
Total Deductions                      787.00            5,404.70

Net Pay                             2,673.00           18,325.30
`;

describe('payslips: a pack of concepts, no branch', () => {
  it('reads gross, deductions, income tax and net pay for the period, not the year to date', async () => {
    const data = await extractText(PAYSLIP, {
      employer_name: '{ type: string }',
      emp_name: '{ type: string, description: employee full name }',
      emp_id: '{ type: string }',
      period_from: '{ type: date }',
      period_to: '{ type: date }',
      pay_dt: '{ type: date }',
      gross_pay: '{ type: double }',
      total_deductions: '{ type: double }',
      tax_withheld: '{ type: double, description: income tax withheld this period }',
      net_amt: '{ type: double, description: net pay }',
      currency: '{ type: string }',
    });
    assert.deepEqual(data, {
      employer_name: 'HARBOURSIDE LOGISTICS LTD',
      emp_name: 'Aisha Rahman',
      emp_id: '10482',
      period_from: '2025-10-01',
      period_to: '2025-10-31',
      pay_dt: '2025-10-28',
      gross_pay: 3460,
      total_deductions: 787,
      tax_withheld: 496.8,
      net_amt: 2673,
      currency: 'GBP',
    });
  });
});

/** The employee named only by the address block a payslip is sent to, beside the period's dates. */
const ADDRESSED = `Kessler Haustechnik GmbH · Ringstraße 9 · 90402 Nürnberg

Frau                                         Entgeltabrechnung
Lena Hoffmann                                für April 2025
Lindenweg 14
90409 Nürnberg                               Druckdatum 25.04.2025

Pers.-Nr.  Steuerklasse  Krankenkasse
00871      1             TK
`;

/** A bare "Name" label, beside an employer whose name ends in "Name". */
const NAME_LABEL = `NORTHGATE JOINERY LTD
Employer Name: Northgate Joinery Ltd

Employee No.   00417                     Payment Date   28/03/2025
Name           Thomas Albright           Tax Code       1257L
`;

describe('payslips: income tax by its local names', () => {
  it('reads "PAYE Tax" as the income tax withheld, however the field is worded', async () => {
    const slip = PAYSLIP.replace(
      'Income Tax                            496.80',
      'PAYE Tax                              496.80',
    );
    const data = await extractText(slip, {
      income_tax: '{ type: double }',
      incomeTax: '{ type: double, description: income tax withheld this period }',
      tax_withheld: '{ type: double, description: tax deducted at source }',
    });
    assert.deepEqual(Object.values(data), [496.8, 496.8, 496.8]);
  });
});

describe('payslips: the employee without a label that names the employee', () => {
  const wordings = {
    employee_name: '{ type: string }',
    empName: '{ type: string }',
    name_mitarbeiter: '{ type: string, description: Vor- und Nachname des Mitarbeiters }',
    worker: '{ type: string, description: the person the payslip is for }',
  };

  it('is the name heading the addressee block, less its courtesy title, in every wording', async () => {
    const data = await extractText(ADDRESSED, wordings);
    assert.deepEqual(Object.values(data), Array(4).fill('Lena Hoffmann'));
  });

  it('is the value of a bare "Name" label, not the employer', async () => {
    const data = await extractText(NAME_LABEL, wordings);
    assert.deepEqual(Object.values(data), Array(4).fill('Thomas Albright'));
  });

  it('is not the firm heading a block of the page', async () => {
    const data = await extractText(
      `BULLETIN DE PAIE\n\nÉDITIONS DU PETIT MOULIN SAS                 Mme Camille ROUSSEAU\n14 rue Sainte-Catherine                      27 montée de la Grande-Côte\n69001 LYON                                   69001 LYON\n`,
      { employee_name: '{ type: string }' },
    );
    assert.equal(data.employee_name, 'Camille ROUSSEAU');
  });
});
