import { describe, it } from 'node:test';
import { assertEveryWording } from '../helpers/extract-text.ts';

/** A builder's quotation, written for this test: validity in a sentence, a deposit after a leader of dots. */
const QUOTE = `HOLLINS & REED BUILDERS LTD
8 Quarry Road, Leicester LE3 9PT

QUOTATION                                         Quote no:   Q-4471
                                                  Date:       14/03/2025
Customer: Mr Daniel Fairweather

Single-storey rear extension as per drawings.

  Subtotal ...........................................  27,300.00
  VAT 20% ............................................   5,460.00
  Total ..............................................  32,760.00
  Deposit on acceptance (25%) ........................   8,190.00

This quotation is valid until 13th June 2025. Prices include materials.
`;

describe('quotations: a quote is a document like an invoice, under its own words', () => {
  it('reads the quote number and date, the validity, the net amount and the deposit in three wordings', async () => {
    const expected = ['Q-4471', '2025-03-14', '2025-06-13', 27300, 8190];
    const wordings: Record<string, string>[] = [
      {
        quote_number: '{ type: string }',
        quote_date: '{ type: date }',
        valid_until: '{ type: date }',
        net_amount: '{ type: double }',
        deposit_amount: '{ type: double }',
      },
      {
        quoteNo: '{ type: string }',
        issued: '{ type: date }',
        expires: '{ type: date, description: date until which the quote is valid }',
        subtotal: '{ type: double }',
        deposit: '{ type: double }',
      },
      {
        angebotsnummer: '{ type: string }',
        angebotsdatum: '{ type: date }',
        bindefrist_bis: '{ type: date, description: Datum, bis zu dem das Angebot gilt }',
        summe_ohne_steuer: '{ type: double }',
        anzahlung: '{ type: double }',
      },
    ];
    await assertEveryWording(QUOTE, wordings, expected);
  });
});
