import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findDateSpans, parseDate } from '../../src/fields/typing/index.ts';

describe('legal date forms', () => {
  const cases: [string, string | null][] = [
    ['dated this 6th day of January, 2012', '2012-01-06'],
    ['on this 18th day of April 2001', '2001-04-18'],
    ['made as of the 1st day of May, 2013', '2013-05-01'],
    ['this 31st day of February, 2013', null],
    ['as of this __ day of March, 2014', null],
  ];
  for (const [text, expected] of cases) {
    it(`reads "${text}"`, () => {
      assert.equal(parseDate(text), expected);
      assert.deepEqual(
        findDateSpans(text).map((s) => s.value),
        expected ? [expected] : [],
      );
    });
  }
});
