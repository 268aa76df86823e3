import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { matchEnum } from '../../src/fields/typing/index.ts';

const STATUS = ['Paid', 'Unpaid', 'Pending', 'Not paid'];

describe('matchEnum', () => {
  it('matches exactly, ignoring case, accents and punctuation', () => {
    assert.equal(matchEnum('PAID', STATUS), 'Paid');
    assert.equal(matchEnum('  pending ', STATUS), 'Pending');
    assert.equal(matchEnum('Café', ['cafe', 'bar']), 'cafe');
    assert.equal(matchEnum('credit_card', ['Credit Card', 'Cash']), 'Credit Card');
  });

  it('finds a value written as words inside the text', () => {
    assert.equal(matchEnum('Status: unpaid', STATUS), 'Unpaid');
    assert.equal(matchEnum('This invoice is not paid yet', STATUS), 'Not paid');
    assert.equal(matchEnum('Status: paid (not overdue)', ['Paid', 'Overdue']), 'Paid');
    assert.equal(matchEnum('Payment by cash only', ['Credit Card', 'Cash']), 'Cash');
    assert.equal(matchEnum('Rating 3 of 5', ['1', '2', '3', '4', '5']), '3');
  });

  it('prefers the option after a ticked box', () => {
    assert.equal(matchEnum('☐ Paid ☒ Unpaid ☐ Pending', STATUS), 'Unpaid');
    assert.equal(matchEnum('Paid ☐ Pending ☑', ['Paid', 'Pending']), 'Paid');
  });

  it('expands a unique abbreviation', () => {
    assert.equal(matchEnum('M', ['Male', 'Female']), 'Male');
    assert.equal(matchEnum('F', ['Male', 'Female']), 'Female');
    assert.equal(matchEnum('P', STATUS), null); // Paid or Pending
  });

  it('tolerates typos but not unrelated text', () => {
    assert.equal(matchEnum('Pendng', STATUS), 'Pending');
    assert.equal(matchEnum('Status: Pnding approval', STATUS), 'Pending');
    assert.equal(matchEnum('xyz', STATUS), null);
    assert.equal(matchEnum('USB', ['USD', 'EUR']), null);
    assert.equal(matchEnum('', STATUS), null);
    assert.equal(matchEnum('paid', []), null);
  });

  it('returns the value exactly as written in values', () => {
    const values = fc.uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(values, fc.string({ unit: 'grapheme', maxLength: 60 }), (vals, text) => {
        const result = matchEnum(text, vals);
        assert.ok(result === null || vals.includes(result));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds each value again from a re-cased, padded copy of it', () => {
    const word = fc.stringMatching(/^[a-z][a-z ]{0,10}[a-z]$/);
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 6 }), fc.nat(), (vals, n) => {
        const keys = vals.map((v) => v.replace(/ +/g, ' '));
        fc.pre(new Set(keys).size === keys.length);
        const value = vals[n % vals.length]!;
        assert.equal(matchEnum(`  ${value.toUpperCase()} `, vals), value);
      }),
      { numRuns: 500 },
    );
  });
});
