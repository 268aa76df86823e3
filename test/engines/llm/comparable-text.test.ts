import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparableText } from '../../../src/engines/llm/comparable-text.ts';

describe('comparableText: one reading for the ways of writing the same value', () => {
  it('ignores case, punctuation and spacing', () => {
    assert.equal(comparableText('  NO.53,JALAN   BESAR! '), 'no 53 jalan besar');
  });

  it('reads "&" as "and" and dotted initials as one word', () => {
    assert.equal(
      comparableText('Leonard Green & Partners, L.P.'),
      comparableText('Leonard Green and Partners LP'),
    );
    assert.equal(comparableText('Z Capital Partners L.L.C.'), comparableText('Z Capital Partners LLC'));
    assert.equal(comparableText('W&L Enterprises'), comparableText('W and L Enterprises'));
    // A name's initial followed by a space is a word of its own, not joined to the next.
    assert.equal(comparableText('St. Denis J. Villere'), 'st denis j villere');
  });

  it('writes a legal form abbreviated', () => {
    assert.equal(comparableText('Coupa Software Incorporated'), comparableText('Coupa Software Inc.'));
    assert.equal(comparableText('WYNN RESORTS, LIMITED'), comparableText('Wynn Resorts Ltd.'));
    assert.equal(comparableText('Villere & Company'), comparableText('Villere and Co.'));
  });

  it('writes counts in digits', () => {
    assert.equal(comparableText('for a period of two years'), 'for a period of 2 years');
    assert.equal(comparableText('thirty-six (36) months'), '36 36 months');
    assert.equal(comparableText('twenty four months'), '24 months');
    assert.equal(comparableText('twenty months'), '20 months');
  });

  it('keeps apart what reads differently', () => {
    assert.notEqual(comparableText('3 years'), comparableText('3 months'));
    assert.notEqual(comparableText('Partners LP'), comparableText('Partners LLP'));
    assert.notEqual(comparableText('BERJUNTAI'), comparableText('BERIUNTAI'));
  });
});
