import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findLocations } from '../../src/engines/recognizers/index.ts';

function found(text: string): [string, string][] {
  return findLocations(text).map((s) => [s.text, s.value]);
}

describe('findLocations', () => {
  const cases: [string, [string, string][]][] = [
    ['governed by the laws of the State of New York.', [['State of New York', 'New York']]],
    ['construed under the laws of Delaware', [['Delaware', 'Delaware']]],
    ['the Commonwealth of Massachusetts', [['Commonwealth of Massachusetts', 'Massachusetts']]],
    ['Foster Lane, Brookvale, CA 94404', [['CA', 'California']]],
    ['PO Box 12, Bend, OR 97701-1234', [['OR', 'Oregon']]],
    ['Austin, TX.', [['TX', 'Texas']]],
    [
      'organized under the laws of the British Virgin Islands',
      [['British Virgin Islands', 'British Virgin Islands']],
    ],
    [
      'offices in the U.K. and the U.S.A.',
      [
        ['U.K.', 'United Kingdom'],
        ['U.S.A.', 'United States'],
      ],
    ],
    ['the courts of England and Wales', [['England and Wales', 'England and Wales']]],
    ['our Washington, D.C. office', [['Washington, D.C.', 'District of Columbia']]],
    ['a branch in Jordan', [['Jordan', 'Jordan']]],
    [
      '47400 Petaling Jaya, Selangor Darul Ehsan, Malaysia',
      [
        ['Selangor Darul Ehsan', 'Selangor'],
        ['Malaysia', 'Malaysia'],
      ],
    ],
    ['the Russian Federation', [['Russian Federation', 'Russia']]],
    ['the Province of Ontario', [['Province of Ontario', 'Ontario']]],
    ['UNDER THE LAWS OF THE STATE OF CALIFORNIA', [['STATE OF CALIFORNIA', 'California']]],
  ];
  for (const [text, expected] of cases) {
    it(`finds ${expected.map((e) => e[1]).join(' + ')} in "${text}"`, () =>
      assert.deepEqual(found(text), expected));
  }

  const none: string[] = [
    'Jordan Smith signed for the buyer.',
    'please ship to new york',
    'IN WITNESS WHEREOF',
    'LET US KNOW OR CALL ME',
    'the turkey and the china were delivered',
    'Victoria Adams, Manager',
    'Item CA 12.50',
  ];
  for (const text of none) {
    it(`finds no place in "${text}"`, () => assert.deepEqual(found(text), []));
  }

  it('is surest with "State of" and unsure of an ambiguous name', () => {
    const [prefixed] = findLocations('the State of Georgia');
    const [cued] = findLocations('offices in Georgia');
    assert.ok(prefixed && cued);
    assert.equal(prefixed.value, 'Georgia');
    assert.ok(prefixed.confidence > cued.confidence);
  });
});
