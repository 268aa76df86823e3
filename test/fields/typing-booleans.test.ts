import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseBoolean } from '../../src/fields/typing/index.ts';

const TRUE = [
  'yes',
  'Y',
  'true',
  '1',
  'x',
  'X',
  'checked',
  'on',
  'oui',
  'ja',
  'sí',
  'si',
  '☑',
  '☒',
  '✔',
  '✓',
  '✅',
  '✔️',
  '[x]',
];
const FALSE = ['no', 'N', 'false', '0', 'unchecked', 'off', 'non', 'nein', '☐', '✘', '✗', '❌', '[ ]', '( )'];

describe('parseBoolean', () => {
  for (const text of TRUE)
    it(`${JSON.stringify(text)} -> true`, () => assert.equal(parseBoolean(text), true));
  for (const text of FALSE)
    it(`${JSON.stringify(text)} -> false`, () => assert.equal(parseBoolean(text), false));

  it('returns null for text that says neither or both', () => {
    for (const text of ['', '  ', 'maybe', 'N/A', 'Yes/No', 'Policy No. 5', '2']) {
      assert.equal(parseBoolean(text), null, text);
    }
  });

  it('reads a value after its label', () => {
    assert.equal(parseBoolean('Smoker: Yes'), true);
    assert.equal(parseBoolean('Signed: no.'), false);
  });

  it('reads the ticked box of a yes/no pair', () => {
    assert.equal(parseBoolean('☒ Yes ☐ No'), true);
    assert.equal(parseBoolean('☐ Yes ☒ No'), false);
    assert.equal(parseBoolean('Yes ☒  No ☐'), true);
    assert.equal(parseBoolean('Yes ☐  No ☒'), false);
    assert.equal(parseBoolean('☐ Yes ☐ No'), null);
    assert.equal(parseBoolean('☐ I accept the terms'), false);
    assert.equal(parseBoolean('☑ I accept the terms'), true);
  });

  it('recognises any casing and padding of the vocabulary', () => {
    const word = fc.constantFrom(
      ...TRUE.map((w) => [w, true] as const),
      ...FALSE.map((w) => [w, false] as const),
    );
    fc.assert(
      fc.property(word, fc.boolean(), fc.constantFrom('', ' ', '\t', ' \n'), ([text, value], upper, pad) => {
        const cased = upper ? text.toUpperCase() : text.toLowerCase();
        assert.equal(parseBoolean(pad + cased + pad), value, cased);
      }),
    );
  });

  it('never throws and returns only true, false or null', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        assert.ok([true, false, null].includes(parseBoolean(text)));
      }),
      { numRuns: 1000 },
    );
  });
});
