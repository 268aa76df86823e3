/** The contract of POST /api/v1/generate, beside its handler; the OpenAPI document is built from it. */

export const generateQuerySchema = {
  type: 'object',
  properties: {
    evidence: {
      type: 'boolean',
      default: false,
      description: 'Add an `evidence` object: per field its confidence, page, box/cell/paragraph and text.',
    },
    engine: {
      type: 'string',
      enum: ['local', 'llm', 'hybrid'],
      description:
        'Which engine extracts: `local` (offline rules), `llm` (the language model the operator configured), ' +
        '`hybrid` (local first, the model only for fields found with low confidence). Without it: the ' +
        "service's default. `llm`/`hybrid` without a configured model → 400 `engine_not_configured`.",
    },
  },
  additionalProperties: false,
} as const;

export interface GenerateQuery {
  evidence: boolean;
  engine?: 'local' | 'llm' | 'hybrid';
}

export const generateSuccessSchema = {
  type: 'object',
  required: ['execution_time', 'status', 'data'],
  properties: {
    execution_time: {
      type: 'number',
      description: 'Seconds from the first byte of the request to the response.',
    },
    status: { type: 'string', enum: ['success'] },
    data: {
      type: 'object',
      additionalProperties: true,
      description: 'The configured fields, in their order.',
    },
    evidence: { type: 'object', additionalProperties: true },
  },
} as const;

/** multipart/form-data is read as a stream by the handler, so it is documented here, not validated. */
export const generateRequestBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file', 'yaml_file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description: 'PDF, JPEG, PNG, DOCX, XLSX or text document',
          },
          yaml_file: { type: 'string', format: 'binary', description: 'YAML field configuration' },
        },
      },
    },
  },
} as const;

/** Documents the optional header; its rules are checked by the route, to answer with a clear message. */
export const generateHeadersSchema = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description:
        '1 to 255 printable ASCII characters, unique per request. Retried with the same key and the same ' +
        'request within 24 hours, the call answers as the first did without a second charge ' +
        '(`Idempotent-Replayed: true`); the same key with another request → 422 `idempotency_key_reused`; ' +
        'while the first is still running → 409 `idempotency_in_progress`.',
    },
  },
} as const;
