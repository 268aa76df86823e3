import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, type ErrorItem } from '../../src/errors.ts';
import type { Field, FieldKind } from '../../src/fields/field.ts';
import { CONFIG_LIMITS, parseFieldConfig } from '../../src/fields/parse-config.ts';

const P = 'schemas.data.properties';

/** Our own shape: `properties` lines are indented under schemas.data.properties. */
function native(...properties: string[]): string {
  const body = properties.map((line) => `      ${line}`).join('\n');
  return `schemas:\n  data:\n    type: object\n    properties:\n${body}\n`;
}

function field(kind: FieldKind, name: string, path: string, extra: Record<string, unknown> = {}): Field {
  return { name, path, description: '', required: false, aliases: [], kind, ...extra } as Field;
}

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** n copies of an anchored list of 99 scalars: each alias expands to exactly 100 nodes. */
function aliasHeavy(aliasUses: number): string {
  const shared = `shared: &s [${Array.from({ length: 99 }, (_, i) => i).join(', ')}]`;
  const uses = `reused: [${Array.from({ length: aliasUses }, () => '*s').join(', ')}]`;
  return `${shared}\n${uses}\n${native('a: {type: string}')}`;
}

function billionLaughs(): string {
  const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  const names = 'abcdefghij';
  for (let i = 1; i < names.length; i++) {
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(', ')}]`,
    );
  }
  return `${lines.join('\n')}\n${native('a: {type: string}')}`;
}

function nestedObjects(depth: number): string {
  const lines: string[] = [];
  for (let level = 1; level < depth; level++) {
    const pad = '    '.repeat(level - 1);
    lines.push(`${pad}l${level}:`, `${pad}  type: object`, `${pad}  properties:`);
  }
  lines.push(`${'    '.repeat(depth - 1)}l${depth}: {type: string}`);
  return native(...lines);
}

function nestedPath(depth: number): string {
  const steps = Array.from({ length: depth }, (_, i) => `l${i + 1}`);
  return `${P}.${steps.join('.properties.')}`;
}

function flatFields(count: number): string {
  return native(...Array.from({ length: count }, (_, i) => `f${i + 1}: {type: string}`));
}

function padTo(text: string, size: number): string {
  return `${text}#${'x'.repeat(size - bytes(text).length - 1)}`;
}

function capture(source: string | Uint8Array): AppError {
  try {
    parseFieldConfig(source);
  } catch (error) {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected parseFieldConfig to throw');
}

function errorsOf(error: AppError): ErrorItem[] {
  return (error.details.errors ?? []) as ErrorItem[];
}

interface ValidCase {
  name: string;
  source: string | Uint8Array;
  fields: Field[];
}

const invoiceExample = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string, description: "The invoice number" }
      total: { type: double, description: "Grand total", required: true }
      issued: { type: date, description: "...", date_format: "DD/MM/YYYY" }
      status: { type: enum, values: [paid, unpaid] }
      items:
        type: array
        items:
          type: object
          properties: { description: {type: string}, amount: {type: number} }
      customer: { type: object, properties: { name: {type: string} } }
`;

const jsonSchemaYaml = `$schema: https://json-schema.org/draft/2020-12/schema
title: Invoice
type: object
required: [number, issued]
properties:
  number: {type: string, description: Invoice number}
  issued: {type: string, format: date}
  created: {type: string, format: date-time}
  total: {type: number}
  count: {type: integer}
  paid: {type: boolean}
  status: {type: string, enum: [paid, unpaid]}
  note: {type: [string, "null"]}
  lines:
    type: array
    items:
      type: object
      required: [amount]
      properties:
        amount: {type: number}
        sku: {type: string}
`;

const jsonSchemaJson = JSON.stringify(
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['vendor'],
    properties: {
      vendor: { type: 'object', properties: { name: { type: 'string' }, vat: { type: ['string', 'null'] } } },
      currency: { enum: ['EUR', 'USD', null] },
      due: { type: 'string', format: 'date', date_format: 'MM/DD/YYYY' },
      amounts: { type: 'array', items: { type: 'number' } },
    },
  },
  null,
  '\t',
);

const validCases: ValidCase[] = [
  {
    name: 'the interface example',
    source: invoiceExample,
    fields: [
      field('string', 'invoice_number', `${P}.invoice_number`, { description: 'The invoice number' }),
      field('double', 'total', `${P}.total`, { description: 'Grand total', required: true }),
      field('date', 'issued', `${P}.issued`, { description: '...', dateOrder: 'DMY' }),
      field('enum', 'status', `${P}.status`, { values: ['paid', 'unpaid'] }),
      field('array', 'items', `${P}.items`, {
        items: field('object', 'items', `${P}.items.items`, {
          properties: [
            field('string', 'description', `${P}.items.items.properties.description`),
            field('double', 'amount', `${P}.items.items.properties.amount`),
          ],
        }),
      }),
      field('object', 'customer', `${P}.customer`, {
        properties: [field('string', 'name', `${P}.customer.properties.name`)],
      }),
    ],
  },
  {
    name: 'every type word and alias, in any case',
    source: native(
      's1: {type: string}',
      's2: {type: TEXT}',
      'd1: {type: double}',
      'd2: {type: Number}',
      'd3: {type: float}',
      'd4: {type: decimal}',
      'i1: {type: integer}',
      'i2: {type: int}',
      'b1: {type: boolean}',
      'b2: {type: bool}',
      't1: {type: date}',
      't2: {type: datetime}',
      't3: {type: date-time}',
      't4: {type: date_time}',
      't5: {type: DateTime}',
      'e1: {type: enum, values: [a, b]}',
      'e2: {type: ENUM, enum: [c]}',
      'a1: {type: array, items: {type: string}}',
      'o1: {type: Object, properties: {x: {type: int}}}',
    ),
    fields: [
      field('string', 's1', `${P}.s1`),
      field('string', 's2', `${P}.s2`),
      field('double', 'd1', `${P}.d1`),
      field('double', 'd2', `${P}.d2`),
      field('double', 'd3', `${P}.d3`),
      field('double', 'd4', `${P}.d4`),
      field('integer', 'i1', `${P}.i1`),
      field('integer', 'i2', `${P}.i2`),
      field('boolean', 'b1', `${P}.b1`),
      field('boolean', 'b2', `${P}.b2`),
      field('date', 't1', `${P}.t1`),
      field('datetime', 't2', `${P}.t2`),
      field('datetime', 't3', `${P}.t3`),
      field('datetime', 't4', `${P}.t4`),
      field('datetime', 't5', `${P}.t5`),
      field('enum', 'e1', `${P}.e1`, { values: ['a', 'b'] }),
      field('enum', 'e2', `${P}.e2`, { values: ['c'] }),
      field('array', 'a1', `${P}.a1`, { items: field('string', 'a1', `${P}.a1.items`) }),
      field('object', 'o1', `${P}.o1`, { properties: [field('integer', 'x', `${P}.o1.properties.x`)] }),
    ],
  },
  {
    name: 'type inferred from properties, items, values and enum',
    source: native(
      'o: {properties: {x: {type: string}}}',
      'a: {items: {type: int}}',
      'v: {values: [x]}',
      'e: {enum: [y]}',
    ),
    fields: [
      field('object', 'o', `${P}.o`, { properties: [field('string', 'x', `${P}.o.properties.x`)] }),
      field('array', 'a', `${P}.a`, { items: field('integer', 'a', `${P}.a.items`) }),
      field('enum', 'v', `${P}.v`, { values: ['x'] }),
      field('enum', 'e', `${P}.e`, { values: ['y'] }),
    ],
  },
  {
    name: 'enum values kept as the text written; an explicit null is dropped',
    source: native(`code: {type: enum, values: [1, 01, 1.0, true, 0x1F, "Paid", 'x y', ~]}`),
    fields: [
      field('enum', 'code', `${P}.code`, { values: ['1', '01', '1.0', 'true', '0x1F', 'Paid', 'x y'] }),
    ],
  },
  {
    name: 'description (after a JSON Schema title), required and aliases read; unknown keys ignored',
    source: native(
      'total:',
      '  type: double',
      '  description: Grand total incl. VAT',
      '  required: true',
      '  aliases: [Total due, Amount payable, 2024]',
      '  example: 12.5',
      '  title: Total',
      '  default: 0',
      '  $comment: internal',
      '  x-anything: {nested: [1, 2]}',
      'ref: {type: string, aliases: Ref., required: false, description: 42}',
    ),
    fields: [
      field('double', 'total', `${P}.total`, {
        description: 'Total: Grand total incl. VAT',
        required: true,
        aliases: ['Total due', 'Amount payable', '2024'],
      }),
      field('string', 'ref', `${P}.ref`, { aliases: ['Ref.'], description: '42' }),
    ],
  },
  {
    name: 'date_format hints give the day/month/year order',
    source: native(
      'a: {type: date, date_format: DD/MM/YYYY}',
      'b: {type: date, date_format: MM-DD-YY}',
      'c: {type: date, date_format: YYYY.MM.DD}',
      'd: {type: date, date_format: day-first}',
      'e: {type: date, date_format: month-first}',
      'f: {type: date, date_format: "%m/%d/%Y"}',
      'g: {type: datetime, date_format: "dd.MM.yyyy HH:mm"}',
      'h: {type: date, date_format: D MMMM YYYY}',
      'i: {type: date, date_format: "MMM d, yyyy"}',
      'j: {type: date, date_format: dd/mm/yyyy}',
      'k: {type: datetime, date_format: Year First}',
      'l: {type: date}',
    ),
    fields: [
      field('date', 'a', `${P}.a`, { dateOrder: 'DMY' }),
      field('date', 'b', `${P}.b`, { dateOrder: 'MDY' }),
      field('date', 'c', `${P}.c`, { dateOrder: 'YMD' }),
      field('date', 'd', `${P}.d`, { dateOrder: 'DMY' }),
      field('date', 'e', `${P}.e`, { dateOrder: 'MDY' }),
      field('date', 'f', `${P}.f`, { dateOrder: 'MDY' }),
      field('datetime', 'g', `${P}.g`, { dateOrder: 'DMY' }),
      field('date', 'h', `${P}.h`, { dateOrder: 'DMY' }),
      field('date', 'i', `${P}.i`, { dateOrder: 'MDY' }),
      field('date', 'j', `${P}.j`, { dateOrder: 'DMY' }),
      field('datetime', 'k', `${P}.k`, { dateOrder: 'YMD' }),
      field('date', 'l', `${P}.l`),
    ],
  },
  {
    name: 'arrays of objects, arrays of arrays, objects in objects',
    source: native(
      'lines:',
      '  type: array',
      '  items:',
      '    type: object',
      '    properties:',
      '      tags: {type: array, items: {type: string}}',
      '      meta:',
      '        type: object',
      '        properties:',
      '          qty: {type: int}',
      'grid: {type: array, items: {type: array, items: {type: double}}}',
    ),
    fields: [
      field('array', 'lines', `${P}.lines`, {
        items: field('object', 'lines', `${P}.lines.items`, {
          properties: [
            field('array', 'tags', `${P}.lines.items.properties.tags`, {
              items: field('string', 'tags', `${P}.lines.items.properties.tags.items`),
            }),
            field('object', 'meta', `${P}.lines.items.properties.meta`, {
              properties: [field('integer', 'qty', `${P}.lines.items.properties.meta.properties.qty`)],
            }),
          ],
        }),
      }),
      field('array', 'grid', `${P}.grid`, {
        items: field('array', 'grid', `${P}.grid.items`, {
          items: field('double', 'grid', `${P}.grid.items.items`),
        }),
      }),
    ],
  },
  {
    name: 'nesting exactly 5 levels deep',
    source: nestedObjects(5),
    fields: [
      field('object', 'l1', nestedPath(1), {
        properties: [
          field('object', 'l2', nestedPath(2), {
            properties: [
              field('object', 'l3', nestedPath(3), {
                properties: [
                  field('object', 'l4', nestedPath(4), {
                    properties: [field('string', 'l5', nestedPath(5))],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
  },
  {
    name: 'field order kept as written',
    source: native('zeta: {type: string}', 'alpha: {type: string}', 'Mid: {type: string}', '10: {type: int}'),
    fields: [
      field('string', 'zeta', `${P}.zeta`),
      field('string', 'alpha', `${P}.alpha`),
      field('string', 'Mid', `${P}.Mid`),
      field('integer', '10', `${P}.10`),
    ],
  },
  {
    name: 'YAML anchors reuse one definition under several names',
    source: `schemas:
  shared:
    money: &money {type: double, description: Amount}
  data:
    properties:
      total: *money
      tax: *money
`,
    fields: [
      field('double', 'total', `${P}.total`, { description: 'Amount' }),
      field('double', 'tax', `${P}.tax`, { description: 'Amount' }),
    ],
  },
  {
    name: 'JSON Schema written in YAML',
    source: jsonSchemaYaml,
    fields: [
      field('string', 'number', 'properties.number', { description: 'Invoice number', required: true }),
      field('date', 'issued', 'properties.issued', { required: true }),
      field('datetime', 'created', 'properties.created'),
      field('double', 'total', 'properties.total'),
      field('integer', 'count', 'properties.count'),
      field('boolean', 'paid', 'properties.paid'),
      field('enum', 'status', 'properties.status', { values: ['paid', 'unpaid'] }),
      field('string', 'note', 'properties.note'),
      field('array', 'lines', 'properties.lines', {
        items: field('object', 'lines', 'properties.lines.items', {
          properties: [
            field('double', 'amount', 'properties.lines.items.properties.amount', { required: true }),
            field('string', 'sku', 'properties.lines.items.properties.sku'),
          ],
        }),
      }),
    ],
  },
  {
    name: 'JSON Schema as JSON text, sent as bytes',
    source: bytes(jsonSchemaJson),
    fields: [
      field('object', 'vendor', 'properties.vendor', {
        required: true,
        properties: [
          field('string', 'name', 'properties.vendor.properties.name'),
          field('string', 'vat', 'properties.vendor.properties.vat'),
        ],
      }),
      field('enum', 'currency', 'properties.currency', { values: ['EUR', 'USD'] }),
      field('date', 'due', 'properties.due', { dateOrder: 'MDY' }),
      field('array', 'amounts', 'properties.amounts', {
        items: field('double', 'amounts', 'properties.amounts.items'),
      }),
    ],
  },
  {
    name: 'schemas.data written in JSON Schema style, required in both styles',
    source: `schemas:
  data:
    type: object
    required: [a, c]
    properties:
      a: {type: string, format: date-time}
      b: {type: number, required: true}
      c: {type: integer, required: true}
      d: {type: boolean, required: false}
`,
    fields: [
      field('datetime', 'a', `${P}.a`, { required: true }),
      field('double', 'b', `${P}.b`, { required: true }),
      field('integer', 'c', `${P}.c`, { required: true }),
      field('boolean', 'd', `${P}.d`),
    ],
  },
  {
    name: 'bytes with a byte-order mark and CRLF line ends',
    source: bytes(`\uFEFF${native('a: {type: string}').replaceAll('\n', '\r\n')}`),
    fields: [field('string', 'a', `${P}.a`)],
  },
];

describe('parseFieldConfig: valid configurations', () => {
  for (const testCase of validCases) {
    it(testCase.name, () => {
      assert.deepStrictEqual(parseFieldConfig(testCase.source), { fields: testCase.fields });
    });
  }

  it('accepts exactly 200 fields', () => {
    assert.equal(parseFieldConfig(flatFields(200)).fields.length, 200);
  });

  it('accepts aliases expanding to exactly 10,000 nodes', () => {
    assert.deepStrictEqual(parseFieldConfig(aliasHeavy(100)).fields, [field('string', 'a', `${P}.a`)]);
  });

  it(`accepts a file of exactly ${CONFIG_LIMITS.maxBytes} bytes`, () => {
    const source = padTo(native('a: {type: string}'), CONFIG_LIMITS.maxBytes);
    assert.equal(bytes(source).length, CONFIG_LIMITS.maxBytes);
    assert.equal(parseFieldConfig(source).fields.length, 1);
  });
});

interface InvalidCase {
  name: string;
  source: string | Uint8Array;
  code: 'invalid_yaml' | 'invalid_config';
  paths: string[];
}

const severalProblems = native(
  'a: {type: money}',
  'b: {description: no type}',
  'c: {type: enum}',
  'd: {type: array}',
  'e: {type: object}',
  'f: {type: string, description: [x]}',
  'g: {type: string, required: maybe}',
  'h: {type: string, aliases: {a: b}}',
  'i: {type: date, date_format: soon}',
  'j: {type: string, date_format: DD/MM/YYYY}',
  'k: {type: enum, values: [x, x, [y], ""]}',
  'l: string',
  'm: {type: [string, int]}',
  'n: {$ref: "#/$defs/x"}',
  'o: {type: object, properties: {p: {type: nope}}}',
);

const invalidCases: InvalidCase[] = [
  {
    name: 'several problems in one file, reported together in order',
    source: severalProblems,
    code: 'invalid_config',
    paths: [
      `${P}.a.type`,
      `${P}.b.type`,
      `${P}.c.values`,
      `${P}.d.items`,
      `${P}.e.properties`,
      `${P}.f.description`,
      `${P}.g.required`,
      `${P}.h.aliases`,
      `${P}.i.date_format`,
      `${P}.j.date_format`,
      `${P}.k.values.1`,
      `${P}.k.values.2`,
      `${P}.k.values.3`,
      `${P}.l`,
      `${P}.m.type`,
      `${P}.n.type`,
      `${P}.o.properties.p.type`,
    ],
  },
  {
    name: 'required list naming a field that does not exist',
    source: 'schemas:\n  data:\n    required: [a, b]\n    properties:\n      a: {type: string}\n',
    code: 'invalid_config',
    paths: ['schemas.data.required.1'],
  },
  {
    name: 'JSON Schema required list naming a missing nested field',
    source:
      '{"properties": {"o": {"type": "object", "required": ["zz"], "properties": {"x": {"type": "string"}}}}}',
    code: 'invalid_config',
    paths: ['properties.o.required.0'],
  },
  {
    name: 'field names: empty, too long, reserved, duplicated as text, not text',
    source: native(
      '"": {type: string}',
      `${'n'.repeat(129)}: {type: string}`,
      `${'n'.repeat(128)}: {type: string}`,
      '__proto__: {type: string}',
      'constructor: {type: string}',
      'prototype: {type: string}',
      '1: {type: string}',
      '"1": {type: string}',
      '? [a, b]',
      ': {type: string}',
    ),
    code: 'invalid_config',
    paths: [
      `${P}.`,
      `${P}.${'n'.repeat(129)}`,
      `${P}.__proto__`,
      `${P}.constructor`,
      `${P}.prototype`,
      `${P}.1`,
      `${P}.?`,
    ],
  },
  { name: 'root is a list', source: '- a\n- b\n', code: 'invalid_config', paths: [''] },
  { name: 'root is a scalar', source: 'just text\n', code: 'invalid_config', paths: [''] },
  {
    name: 'neither schemas.data nor JSON Schema',
    source: 'fields: [a, b]\n',
    code: 'invalid_config',
    paths: [''],
  },
  {
    name: 'schemas is not a mapping',
    source: 'schemas: [data]\n',
    code: 'invalid_config',
    paths: ['schemas'],
  },
  {
    name: 'schemas without data',
    source: 'schemas:\n  other: {}\n',
    code: 'invalid_config',
    paths: ['schemas.data'],
  },
  {
    name: 'schemas.data of another type than object',
    source: 'schemas:\n  data:\n    type: array\n    properties:\n      a: {type: string}\n',
    code: 'invalid_config',
    paths: ['schemas.data.type'],
  },
  {
    name: 'schemas.data without properties',
    source: 'schemas:\n  data:\n    type: object\n',
    code: 'invalid_config',
    paths: ['schemas.data.properties'],
  },
  {
    name: 'schemas.data with empty properties',
    source: 'schemas:\n  data:\n    properties: {}\n',
    code: 'invalid_config',
    paths: ['schemas.data.properties'],
  },
  {
    name: 'JSON Schema root that is not an object',
    source:
      '{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", "items": {"type": "string"}}',
    code: 'invalid_config',
    paths: ['type', 'properties'],
  },
  { name: 'objects nested 6 deep', source: nestedObjects(6), code: 'invalid_config', paths: [nestedPath(6)] },
  {
    name: 'arrays nested 6 deep (items count as a level)',
    source: native(
      'a: {type: array, items: {type: array, items: {type: array, items: {type: array, items: {type: array, items: {type: string}}}}}}',
    ),
    code: 'invalid_config',
    paths: [`${P}.a.items.items.items.items.items`],
  },
  { name: '201 fields', source: flatFields(201), code: 'invalid_config', paths: [`${P}.f201`] },
  {
    name: '201 fields counting nested ones',
    source: native(
      'o:',
      '  type: object',
      '  properties:',
      ...Array.from({ length: 200 }, (_, i) => `    f${i + 1}: {type: int}`),
    ),
    code: 'invalid_config',
    paths: [`${P}.o.properties.f200`],
  },
  {
    name: 'duplicate keys',
    source: native('a: {type: string}', 'b: {type: string, type: int}', 'a: {type: int}'),
    code: 'invalid_yaml',
    paths: [`${P}.b.type`, `${P}.a`],
  },
  {
    name: 'alias to an undefined anchor',
    source: native('a: *nowhere'),
    code: 'invalid_yaml',
    paths: [`${P}.a`],
  },
  {
    name: 'custom and YAML 1.1 tags',
    source: native(
      'a: {type: string, example: !!js/function "function () {}"}',
      'b: !custom {type: string}',
      'c: {type: string, example: !!binary aGVsbG8=}',
      'd: {type: string, example: !!set {x: null}}',
    ),
    code: 'invalid_yaml',
    paths: [`${P}.a.example`, `${P}.b`, `${P}.c.example`, `${P}.d.example`],
  },
  {
    name: 'a %YAML 1.1 directive does not bring back 1.1 tags',
    source: `%YAML 1.1\n---\n${native('a: {type: date, example: !!timestamp 2001-12-14}')}`,
    code: 'invalid_yaml',
    paths: [`${P}.a.example`],
  },
  { name: 'several YAML documents', source: 'a: 1\n---\nb: 2\n', code: 'invalid_yaml', paths: [''] },
  { name: 'billion laughs', source: billionLaughs(), code: 'invalid_config', paths: ['e.0.2.0.6.7'] },
  {
    name: 'aliases expanding to 10,100 nodes',
    source: aliasHeavy(101),
    code: 'invalid_config',
    paths: ['reused.100'],
  },
  {
    name: 'YAML nested deeper than 100 levels',
    source: `x: ${'['.repeat(150)}${']'.repeat(150)}\n${native('a: {type: string}')}`,
    code: 'invalid_config',
    paths: [`x${'.0'.repeat(100)}`],
  },
  {
    name: 'YAML nested deeply enough to exhaust the parser',
    source: `x: ${'['.repeat(3000)}${']'.repeat(3000)}\n`,
    code: 'invalid_yaml',
    paths: [`x${'.0'.repeat(100)}`],
  },
  {
    name: 'bytes that are not UTF-8',
    source: Uint8Array.from([...bytes('schemas:\n  data: '), 0xff, 0xfe, 0x0a]),
    code: 'invalid_yaml',
    paths: [''],
  },
  { name: 'a string with a lone surrogate', source: `a: "\uD800"\n`, code: 'invalid_yaml', paths: [''] },
  { name: 'empty string', source: '', code: 'invalid_config', paths: [''] },
  { name: 'empty bytes', source: new Uint8Array(0), code: 'invalid_config', paths: [''] },
  { name: 'only whitespace', source: '  \n\n\t\n', code: 'invalid_config', paths: [''] },
  { name: 'only comments', source: '# fields to come\n', code: 'invalid_config', paths: [''] },
];

describe('parseFieldConfig: invalid configurations', () => {
  for (const testCase of invalidCases) {
    it(testCase.name, () => {
      const error = capture(testCase.source);
      assert.equal(error.code, testCase.code);
      assert.deepStrictEqual(
        errorsOf(error).map((item) => item.path),
        testCase.paths,
      );
      for (const item of errorsOf(error)) assert.match(item.message, /^[A-Z$].*\.$/);
    });
  }

  it('points at the line and column of each config problem', () => {
    const errors = errorsOf(capture(severalProblems));
    assert.deepStrictEqual(errors[0], {
      path: `${P}.a.type`,
      message:
        'Unknown type "money"; use one of string, double, integer, boolean, date, datetime, enum, array, object.',
      line: 5,
      column: 17,
    });
    assert.deepStrictEqual(
      errors.slice(1, 4).map(({ line, column }) => [line, column]),
      [
        [6, 10],
        [7, 10],
        [8, 10],
      ],
    );
  });

  it('reports every syntax error at once with its line and column', () => {
    const source = [
      'schemas:',
      '  data:',
      '    properties:',
      '      a:',
      '        type: string',
      '         description: bad',
      '      b: @x',
    ].join('\n');
    const error = capture(source);
    assert.equal(error.code, 'invalid_yaml');
    assert.deepStrictEqual(
      errorsOf(error).map(({ line, column }) => [line, column]),
      [
        [5, 15],
        [5, 15],
        [7, 10],
      ],
    );
    assert.equal(errorsOf(error)[2]?.path, `${P}.b`);
  });

  it('rejects an oversized file before parsing, with the sizes', () => {
    const error = capture(`${padTo(native('a: {type: string}'), CONFIG_LIMITS.maxBytes)}x`);
    assert.equal(error.code, 'invalid_config');
    assert.equal(error.details.limit_bytes, 262_144);
    assert.equal(error.details.received_bytes, 262_145);
  });

  it('measures the size of a string in UTF-8 bytes, not characters', () => {
    const source = `a: "${'é'.repeat(131_070)}"\n`;
    assert.ok(source.length < CONFIG_LIMITS.maxBytes);
    const error = capture(source);
    assert.equal(error.code, 'invalid_config');
    assert.equal(error.details.received_bytes, bytes(source).length);
  });

  it('rejects oversized garbage as too large, not as bad YAML', () => {
    const error = capture(new Uint8Array(CONFIG_LIMITS.maxBytes + 1).fill(0xff));
    assert.equal(error.code, 'invalid_config');
    assert.equal(error.details.received_bytes, CONFIG_LIMITS.maxBytes + 1);
  });

  it('never repeats configuration values in messages, apart from a type word', () => {
    const secret = 'ACME-SECRET-4711';
    const source = native(
      `a: {type: "${secret} money"}`,
      `b: {type: string, description: [${secret}], aliases: {${secret}: 1}, required: ${secret}}`,
      `c: {type: enum, values: [${secret}, ${secret}]}`,
      `d: {type: date, date_format: ${secret}}`,
      `e: {type: string, date_format: ${secret}}`,
      `f: ${secret}`,
    );
    const errors = errorsOf(capture(source));
    assert.ok(errors.length >= 8);
    for (const item of errors) assert.ok(!item.message.includes(secret), item.message);
    const yamlErrors = errorsOf(capture(`a: !${secret} x\nb: *${secret}\n`));
    for (const item of yamlErrors) assert.ok(!item.message.includes(secret), item.message);
  });
});
