import type { TokenCounts } from '../engine.ts';

/** Why a model gave no usable answer. The message never quotes the prompt or the answer. */
export type FailureReason = 'unreachable' | 'timeout' | 'status' | 'refused' | 'malformed';

export class ModelFailure extends Error {
  readonly reason: FailureReason;
  readonly status: number | undefined;
  /** Tokens the failed exchange had used so far (the provider counts them all the same). */
  usage: TokenCounts | undefined;

  constructor(reason: FailureReason, options: { status?: number; cause?: unknown } = {}) {
    super(`model ${reason}${options.status ? ` (HTTP ${options.status})` : ''}`, { cause: options.cause });
    this.name = 'ModelFailure';
    this.reason = reason;
    this.status = options.status;
  }
}
