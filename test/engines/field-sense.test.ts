import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { understand } from '../../src/engines/local/field-sense.ts';
import type { Field } from '../../src/fields/field.ts';

const field = (name: string, kind: Field['kind'], description = ''): Field =>
  ({ name, path: name, description, required: false, aliases: [], kind }) as Field;

const conceptOf = (name: string, kind: Field['kind'], description = '') =>
  understand(field(name, kind, description)).concept?.id ?? null;

describe('field sense: a name read as a phrase', () => {
  it('takes the head of the name for what the value is, and its modifier for whose it is', () => {
    for (const name of ['vendor_address', 'store_location', 'shop_address', 'merchantAddress']) {
      const sense = understand(field(name, 'string'));
      assert.equal(sense.concept?.id, 'address', name);
      assert.equal(sense.owner?.id, 'seller', name);
    }
    const buyer = understand(field('customer_email', 'string'));
    assert.equal(buyer.concept?.id, 'email');
    assert.equal(buyer.owner?.id, 'buyer');
  });

  it('reads a generic head narrowed by the entity it names: store_name is the seller', () => {
    assert.equal(conceptOf('store_name', 'string'), 'seller');
    assert.equal(conceptOf('vendor', 'string'), 'seller');
    assert.equal(conceptOf('issuer', 'string'), 'seller');
    assert.equal(conceptOf('client', 'string'), 'buyer');
  });

  it('turns to the description when the name names nothing it knows', () => {
    const bought = understand(field('bought_on', 'date', 'The day the goods were bought'));
    assert.equal(bought.concept?.id, 'date');
    assert.equal(bought.from, 'description');
    assert.equal(conceptOf('commencement', 'date', 'When the NDA comes into effect'), 'effective_date');
    const signers = {
      ...field('signed_by', 'array', 'Who signs the agreement'),
      items: field('x', 'string'),
    };
    assert.equal(understand(signers as Field).concept?.id, 'party');
    assert.equal(conceptOf('issuer', 'string', 'Who issued the receipt'), 'seller');
    assert.equal(conceptOf('obligation_length', 'string', 'Duration of the obligations'), 'term');
  });

  it('lets a description narrow a generic concept: the date from which an agreement is in force', () => {
    assert.equal(
      conceptOf('agreement_date', 'date', 'Date from which the agreement is in force'),
      'effective_date',
    );
    assert.equal(conceptOf('date', 'date', 'Date printed on the receipt'), 'date');
    assert.equal(conceptOf('due', 'date', 'Date by which payment is due'), 'due_date');
  });

  it('keeps words it does not know as qualifiers the document must say', () => {
    const sense = understand(field('shipment_date', 'date', 'When the goods are shipped'));
    assert.equal(sense.concept?.id, 'date');
    assert.deepEqual(sense.qualifiers, ['shipment']);
    assert.deepEqual(understand(field('receipt_date', 'date')).qualifiers, []);
  });

  it('chooses by the declared type where a word names two things: VAT number or VAT amount', () => {
    assert.equal(conceptOf('seller_vat', 'string'), 'vat_number');
    assert.equal(conceptOf('vat', 'double'), 'tax');
    assert.equal(conceptOf('line_count', 'integer', 'Number of distinct line items'), 'count');
    assert.equal(conceptOf('items', 'integer', 'Number of distinct line items'), 'count');
  });

  it('does not pretend to understand a field whose head it does not know', () => {
    const sense = understand(field('logo_colour', 'string', 'Colour of the company logo'));
    assert.equal(sense.from, 'none');
    assert.equal(sense.concept, null);
  });

  it('falls back on the declared type alone, and says so', () => {
    const sense = understand(field('xq7', 'date'));
    assert.equal(sense.from, 'type');
    assert.equal(sense.family, 'date');
  });
});
