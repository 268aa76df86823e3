import type { TokenCounts } from '../engine.ts';

/**
 * Why a model gave no usable answer. The message never quotes the prompt or the answer.
 * auth: the provider refused the key (401/403); model_not_found: it has no such model (404); both
 * stay so until the service's configuration changes, so they are not retried.
 */
export type FailureReason =
  | 'unreachable'
  | 'timeout'
  | 'status'
  | 'refused'
  | 'malformed'
  | 'auth'
  | 'model_not_found';

export class ModelFailure extends Error {
  readonly reason: FailureReason;
  readonly status: number | undefined;
  /** How long the provider asked to wait (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  /** Tokens the failed exchange had used so far (the provider counts them all the same). */
  usage: TokenCounts | undefined;

  constructor(
    reason: FailureReason,
    options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(`model ${reason}${options.status ? ` (HTTP ${options.status})` : ''}`, { cause: options.cause });
    this.name = 'ModelFailure';
    this.reason = reason;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export type FailureCode = 'llm_auth_failed' | 'llm_model_not_found' | 'llm_unavailable';

/** The error code a client is given for a failure (errors.ts). */
export function failureCode(failure: ModelFailure): FailureCode {
  if (failure.reason === 'auth') return 'llm_auth_failed';
  if (failure.reason === 'model_not_found') return 'llm_model_not_found';
  return 'llm_unavailable';
}
