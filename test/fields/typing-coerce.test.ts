import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.ts';
import type { Field } from '../../src/fields/field.ts';
import { coerceScalar, guessTypingHints } from '../../src/fields/typing/index.ts';

function field(kind: Field['kind'], extra: Record<string, unknown> = {}): Field {
  return {
    kind,
    name: 'f',
    path: 'schemas.data.properties.f',
    description: '',
    required: false,
    aliases: [],
    ...extra,
  } as Field;
}

describe('coerceScalar', () => {
  it('dispatches on the field kind', () => {
    assert.equal(coerceScalar(field('string'), '  ACME \n Sdn   Bhd '), 'ACME Sdn Bhd');
    assert.equal(coerceScalar(field('string'), ' \u200b '), null);
    assert.equal(coerceScalar(field('double'), 'Total: RM 54.50'), 54.5);
    assert.equal(coerceScalar(field('integer'), '12.00'), 12);
    assert.equal(coerceScalar(field('integer'), '12.5'), null);
    assert.equal(coerceScalar(field('boolean'), '☒'), true);
    assert.equal(coerceScalar(field('date'), '3rd of March, 2024'), '2024-03-03');
    assert.equal(coerceScalar(field('datetime'), '3 March 2024 2:05 PM'), '2024-03-03T14:05:00');
    assert.equal(coerceScalar(field('enum', { values: ['Paid', 'Unpaid'] }), 'UNPAID'), 'Unpaid');
  });

  it("uses the field's date order, then the document's", () => {
    const mdy = field('date', { dateOrder: 'MDY' });
    assert.equal(coerceScalar(mdy, '03/04/2024'), '2024-03-04');
    assert.equal(coerceScalar(mdy, '03/04/2024', { dateOrder: 'DMY' }), '2024-03-04');
    assert.equal(coerceScalar(field('date'), '03/04/2024', { dateOrder: 'MDY' }), '2024-03-04');
    assert.equal(
      coerceScalar(field('datetime', { dateOrder: 'MDY' }), '03/04/2024 10:00'),
      '2024-03-04T10:00:00',
    );
  });

  it("uses the document's decimal mark for ambiguous numbers", () => {
    const hints = guessTypingHints(
      'Rechnung vom 25.03.2024. Summe 1.234,56 €, Versand 4,90 €. Anzahl: 1.500',
    );
    assert.deepEqual(hints, { dateOrder: 'DMY', decimalMark: ',' });
    assert.equal(coerceScalar(field('integer'), '1.500', hints), 1500);
    assert.equal(coerceScalar(field('double'), '1.500'), 1.5);
  });

  it('refuses container kinds', () => {
    assert.throws(() => coerceScalar(field('object', { properties: [] }), 'x'), AppError);
  });
});
