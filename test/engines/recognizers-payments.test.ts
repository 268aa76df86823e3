import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPaymentMethods } from '../../src/engines/recognizers/index.ts';

const values = (text: string) => findPaymentMethods(text).map((s) => s.value);

describe('payment methods', () => {
  it('names a method however a receipt or an invoice writes it', () => {
    assert.deepEqual(values('VISA TEND 16.45'), ['Visa']);
    assert.deepEqual(values('Paid by BACS to account ending 4471'), ['Bank transfer']);
    assert.deepEqual(values('Règlement : carte bancaire'), ['Credit card']);
    assert.deepEqual(values('Zahlung per Überweisung'), ['Bank transfer']);
    assert.deepEqual(values('Pagado en efectivo'), ['Cash']);
    assert.deepEqual(values('AMEX ****1002'), ['American Express']);
  });

  it('short words count only in capitals, and never inside another word', () => {
    assert.deepEqual(values('CB 12,00'), ['Credit card']);
    assert.deepEqual(values('the bar was open, the pin was lost'), []);
    assert.deepEqual(values('Cashier: DANA'), []);
    assert.deepEqual(values('visakhapatnam'), []);
  });
});
