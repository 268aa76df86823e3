import { type StoreFault, storeFault } from '../accounts/store-faults.ts';
import { AppError, type ErrorCode, isAppError } from '../errors.ts';

/** Fastify's and its plugins' own error codes, mapped onto ours. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'malformed_request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'file_too_large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'malformed_request',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_PARTS_LIMIT: 'unexpected_part',
  FST_FILES_LIMIT: 'unexpected_part',
  FST_FIELDS_LIMIT: 'unexpected_part',
  FST_PROTO_VIOLATION: 'malformed_request',
  FST_ERR_VALIDATION: 'malformed_request',
};

interface FrameworkError {
  code?: string;
  statusCode?: number;
  validation?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[];
  validationContext?: string;
}

/** What a client is told of a store fault, and when to retry: a full disk is not freed in seconds. */
const STORE_FAULTS: Record<StoreFault, { reason: string; retryAfter: number }> = {
  'cannot write': { reason: 'the account store cannot write', retryAfter: 30 },
  unreachable: { reason: 'a dependency is unreachable', retryAfter: 5 },
  'timed out': { reason: 'a dependency did not answer in time', retryAfter: 5 },
};

/**
 * Any thrown value to an AppError. Messages of foreign errors are never passed on: they may quote
 * the request (a JSON parser echoes its input).
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const e = (error ?? {}) as FrameworkError;
  const code = e.code ? FRAMEWORK_CODES[e.code] : undefined;
  if (code === 'malformed_request' && e.validation) {
    return new AppError('malformed_request', {
      errors: e.validation.map((v) => ({
        path: `${e.validationContext ?? 'request'}${v.instancePath?.replace(/\//g, '.') ?? ''}`,
        message: v.message ?? 'is invalid',
      })),
    });
  }
  if (code) return new AppError(code);
  const fault = storeFault(error);
  if (fault) {
    const { reason, retryAfter } = STORE_FAULTS[fault];
    return new AppError('unavailable', { reason }, { retryAfter, cause: error });
  }
  // The framework marks the client errors it raises with a 4xx status.
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError('malformed_request');
  }
  return new AppError('internal_error', {}, { cause: error });
}
