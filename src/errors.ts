/**
 * The one closed registry of error codes. Nothing else in the code picks an HTTP status:
 * every failure is an AppError built from a code listed here.
 */
export const errorRegistry = {
  malformed_request: { status: 400, message: 'The request is not a valid multipart/form-data upload.' },
  unsupported_format: {
    status: 400,
    message: 'The document is not in an accepted format (PDF, JPEG, PNG, DOCX, XLSX or text).',
  },
  file_too_large: { status: 400, message: "The document is larger than your plan's size limit." },
  empty_file: { status: 400, message: 'The document is empty (zero bytes).' },
  corrupt_document: { status: 400, message: 'The document is damaged and cannot be read.' },
  encrypted_document: {
    status: 400,
    message: 'The document is password-protected; upload an unprotected copy.',
  },
  document_too_complex: {
    status: 400,
    message: 'The document exceeds a processing limit (pages, pixels or uncompressed size).',
  },
  // 400 as the other document guards were (the time limit was one of them, under document_too_complex).
  document_timeout: {
    status: 400,
    message:
      'The document could not be read within the time limit (details.limit_ms); send fewer pages or a smaller scan.',
  },
  engine_not_configured: {
    status: 400,
    message:
      'This service has no language model configured, so engine=llm and engine=hybrid are not available; use engine=local.',
  },
  missing_api_key: { status: 401, message: 'Send your API key in the X-API-KEY header.' },
  invalid_api_key: { status: 401, message: 'The API key is unknown or has been revoked.' },
  invalid_metrics_token: {
    status: 401,
    message: 'Send the metrics token in the Authorization header: "Bearer <token>".',
  },
  subscription_expired: {
    status: 402,
    message: 'Your subscription has expired; renew it to continue.',
  },
  insufficient_credit: {
    status: 402,
    message: 'Your credit does not cover this document; add credit to continue.',
  },
  not_found: { status: 404, message: 'There is no such endpoint.' },
  method_not_allowed: { status: 405, message: 'This endpoint does not accept that method.' },
  missing_part: {
    status: 422,
    message: 'The request must carry both the "file" and the "yaml_file" parts.',
  },
  unexpected_part: {
    status: 422,
    message: 'The request carries a part other than one "file" and one "yaml_file".',
  },
  idempotency_key_reused: {
    status: 422,
    message:
      'This Idempotency-Key was used in the last 24 hours with a different request; use a new key for a new request.',
  },
  idempotency_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed; retry once it has finished.',
  },
  upload_timeout: {
    status: 408,
    message: 'The upload was not received in time (too slow, or stalled); send it again.',
  },
  invalid_yaml: { status: 422, message: 'The YAML configuration does not parse.' },
  invalid_config: {
    status: 422,
    message: 'The YAML configuration is not a valid field configuration.',
  },
  rate_limited: { status: 429, message: 'Too many requests; retry after the delay given.' },
  client_closed: {
    status: 499,
    message: 'The client closed the connection before the answer; nothing was charged.',
  },
  llm_auth_failed: {
    status: 502,
    message:
      "The language model's provider refused this service's key (LLM_API_KEY); retrying will not help until the operator fixes it. engine=local still works.",
  },
  llm_model_not_found: {
    status: 502,
    message:
      "The language model's provider has no model named as this service is configured (LLM_MODEL); retrying will not help until the operator fixes it. engine=local still works.",
  },
  llm_unavailable: {
    status: 503,
    message:
      'The language model did not answer in time or at all; retry after the delay given, or use engine=local.',
  },
  internal_error: { status: 500, message: 'The service failed to process the request.' },
  unavailable: { status: 503, message: 'The service is temporarily unavailable; retry shortly.' },
  overloaded: { status: 503, message: 'The service is busy; retry after the delay given.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorRegistry;

/** One problem in a request, located by a path (a YAML path, a part name). */
export interface ErrorItem {
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type ErrorDetails = { errors?: ErrorItem[] } & Record<string, unknown>;

/** A language model's part in a call (llm, hybrid): which model, and the tokens it used. */
export interface ModelUse {
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails;
  /** Seconds, sent as Retry-After. */
  readonly retryAfter: number | undefined;
  /** A failed model's tokens, sent and recorded as a successful call's are. */
  readonly modelUse: ModelUse | undefined;

  constructor(
    code: ErrorCode,
    details: ErrorDetails = {},
    options: { message?: string; retryAfter?: number; cause?: unknown; modelUse?: ModelUse } = {},
  ) {
    super(options.message ?? errorRegistry[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorRegistry[code].status;
    this.details = details;
    this.retryAfter = options.retryAfter;
    this.modelUse = options.modelUse;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
