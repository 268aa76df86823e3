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
