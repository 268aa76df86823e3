import type { AppError } from '../errors.ts';

export interface ErrorBody {
  status: 'error';
  code: string;
  message: string;
  details: Record<string, unknown> & { request_id: string };
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return {
    status: 'error',
    code: error.code,
    message: error.message,
    details: { request_id: requestId, ...error.details },
  };
}

/** The JSON Schema of every error response, for the OpenAPI document and response serialisation. */
export const errorBodySchema = {
  $id: 'ErrorBody',
  type: 'object',
  required: ['status', 'code', 'message', 'details'],
  properties: {
    status: { type: 'string', enum: ['error'] },
    code: { type: 'string' },
    message: { type: 'string' },
    details: {
      type: 'object',
      required: ['request_id'],
      additionalProperties: true,
      properties: {
        request_id: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: {
              path: { type: 'string' },
              message: { type: 'string' },
              line: { type: 'integer' },
              column: { type: 'integer' },
            },
          },
        },
      },
    },
  },
} as const;
