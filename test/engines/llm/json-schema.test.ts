import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerSchema } from '../../../src/engines/llm/json-schema.ts';
import { parseFieldConfig } from '../../../src/fields/parse-config.ts';

const yaml = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string, description: The invoice number, aliases: ["Invoice #"] }
      invoice_date: { type: date, description: Date of issue }
      total: { type: double, description: Total amount due }
      quantity: { type: integer }
      paid: { type: boolean }
      status: { type: enum, values: [paid, unpaid] }
      customer:
        type: object
        properties:
          name: { type: string }
      items:
        type: array
        items:
          type: object
          properties:
            description: { type: string }
            amount: { type: double }
      tags: { type: array, items: { type: string } }
`;

describe('answer schema derived from the field tree', () => {
  it('gives every type, enum, nested object, array of objects, nullability and description', () => {
    const { fields } = parseFieldConfig(new TextEncoder().encode(yaml));
    const schema = answerSchema(fields);
    assert.deepEqual(schema, {
      type: 'object',
      properties: {
        invoice_number: {
          type: ['string', 'null'],
          description: 'The invoice number. May be labelled: Invoice #.',
        },
        invoice_date: { type: ['string', 'null'], description: 'Date of issue. Date as YYYY-MM-DD.' },
        total: { type: ['number', 'null'], description: 'Total amount due' },
        quantity: { type: ['integer', 'null'] },
        paid: { type: ['boolean', 'null'] },
        status: { type: ['string', 'null'], enum: ['paid', 'unpaid', null] },
        customer: {
          type: ['object', 'null'],
          properties: { name: { type: ['string', 'null'] } },
          required: ['name'],
          additionalProperties: false,
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              description: { type: ['string', 'null'] },
              amount: { type: ['number', 'null'] },
            },
            required: ['description', 'amount'],
            additionalProperties: false,
          },
        },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: [
        'invoice_number',
        'invoice_date',
        'total',
        'quantity',
        'paid',
        'status',
        'customer',
        'items',
        'tags',
      ],
      additionalProperties: false,
    });
  });
});
