/** The contract of POST /api/v1/generate, beside its handler; the OpenAPI document is built from it. */

export const generateQuerySchema = {
  type: 'object',
  properties: {
    evidence: {
      type: 'boolean',
      default: false,
      description: 'Add an `evidence` object: per field its confidence, page, box/cell/paragraph and text.',
    },
  },
  additionalProperties: false,
} as const;

export interface GenerateQuery {
  evidence: boolean;
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
