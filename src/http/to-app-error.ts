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

/** Socket errors, and PostgreSQL's connection-exception class (08…) and shutdown codes (57P01–57P03). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** The database cannot be reached (down, restarting, network cut): the call may succeed later. */
function isStoreUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isStoreUnreachable);
  return CONNECTION_MESSAGES.test(error.message);
}

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
  if (isStoreUnreachable(error)) {
    return new AppError(
      'unavailable',
      { reason: 'a dependency is unreachable' },
      { retryAfter: 5, cause: error },
    );
  }
  // The framework marks the client errors it raises with a 4xx status.
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError('malformed_request');
  }
  return new AppError('internal_error', {}, { cause: error });
}
