import type { Field } from '../../fields/field.ts';

export type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of the answer, derived from the field tree, in the subset that OpenAI's strict
 * structured outputs and Anthropic's tool input schemas both accept: every property listed in
 * `required`, no additional properties, and "absent" written as a nullable type (an array: []).
 */
export function answerSchema(fields: Field[]): JsonSchema {
  return objectSchema(fields, false, '');
}

function objectSchema(fields: Field[], nullable: boolean, description: string): JsonSchema {
  return {
    type: nullable ? ['object', 'null'] : 'object',
    ...(description ? { description } : {}),
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    required: fields.map((f) => f.name),
    additionalProperties: false,
  };
}

function fieldSchema(field: Field): JsonSchema {
  const description = describe(field);
  switch (field.kind) {
    case 'object':
      return objectSchema(field.properties, true, description);
    case 'array':
      return {
        type: 'array',
        ...(description ? { description } : {}),
        items: itemSchema(field.items),
      };
    case 'enum':
      return { type: ['string', 'null'], enum: [...field.values, null], ...withDescription(description) };
    default:
      return { type: [JSON_TYPE[field.kind], 'null'], ...withDescription(description) };
  }
}

/** Items of a list are never null: an absent item is simply not listed. */
function itemSchema(field: Field): JsonSchema {
  const schema = fieldSchema(field);
  const type = schema.type;
  if (Array.isArray(type)) schema.type = type.filter((t) => t !== 'null').at(0);
  if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((v) => v !== null);
  return schema;
}

const JSON_TYPE = {
  string: 'string',
  double: 'number',
  integer: 'integer',
  boolean: 'boolean',
  date: 'string',
  datetime: 'string',
} as const;

/** The client's description, with the output format where the JSON type alone does not say it. */
function describe(field: Field): string {
  const format =
    field.kind === 'date'
      ? 'Date as YYYY-MM-DD.'
      : field.kind === 'datetime'
        ? 'Date and time as ISO 8601, with the offset when the document gives one.'
        : '';
  const aliases = field.aliases.length > 0 ? `May be labelled: ${field.aliases.join(', ')}.` : '';
  const more = [format, aliases].filter(Boolean);
  const own =
    more.length > 0 && field.description && !/[.!?]$/.test(field.description)
      ? `${field.description}.`
      : field.description;
  return [own, ...more].filter(Boolean).join(' ');
}

function withDescription(description: string): JsonSchema {
  return description ? { description } : {};
}
