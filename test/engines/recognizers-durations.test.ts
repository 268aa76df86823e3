import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findDurations } from '../../src/engines/recognizers/index.ts';

function found(text: string): [string, string][] {
  return findDurations(text).map((s) => [s.text, s.value]);
}

describe('findDurations', () => {
  const cases: [string, string, string][] = [
    ['for a term of two (2) years from the date', 'two (2) years', '2 years'],
    ['shall remain in force for one year', 'one year', '1 year'],
    ['during twelve (12) months after termination', 'twelve (12) months', '12 months'],
    ['a period of thirty-six months', 'thirty-six months', '36 months'],
    ['for a period of 5 yrs from signing', '5 yrs', '5 years'],
    ['payment within 90 days of invoice', '90 days', '90 days'],
    ['eighteen months following the Effective Date', 'eighteen months', '18 months'],
    ['a twelve-month term', 'twelve-month', '12 months'],
    ['a 24-hour notice', '24-hour', '24 hours'],
    ['for a period of Two years', 'Two years', '2 years'],
    ['thirty six (36) months', 'thirty six (36) months', '36 months'],
    ['an additional year', 'an additional year', '1 year'],
    ['for a year thereafter', 'a year', '1 year'],
    ['within 30 business days', '30 business days', '30 days'],
    ['THE TERM IS FIVE (5) YEARS', 'FIVE (5) YEARS', '5 years'],
    ['ninety (90) days', 'ninety (90) days', '90 days'],
    ['3 (three) weeks', '3 (three) weeks', '3 weeks'],
    ['1.5 years', '1.5 years', '1.5 years'],
    ['a 12 month period', '12 month', '12 months'],
  ];
  for (const [text, span, value] of cases) {
    it(`reads "${span}" as ${value}`, () => assert.deepEqual(found(text), [[span, value]]));
  }

  const none: string[] = [
    'the fiscal year 2020',
    'each calendar year',
    'Invoice 2019 years',
    'one of the parties',
    'a period of time',
    'Section 2 Term',
    'zero days',
    'constructor years and toString months',
  ];
  for (const text of none) {
    it(`finds no duration in "${text}"`, () => assert.deepEqual(found(text), []));
  }

  it('finds several durations in order', () => {
    const values = findDurations('two (2) years, then 6 months, then a week').map((s) => s.value);
    assert.deepEqual(values, ['2 years', '6 months', '1 week']);
  });
});
