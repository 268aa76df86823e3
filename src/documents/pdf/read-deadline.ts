import { AppError } from '../../errors.ts';
import type { ReadContext } from '../model.ts';

/** The time guard of one read: the caller's signal joined with the document's own time limit. */
export interface ReadDeadline {
  readonly signal: AbortSignal;
  /** Throws when the read must stop; called between pages. */
  check(): void;
  /** Settles with `work`, or rejects as soon as the read must stop. */
  race<T>(work: Promise<T>): Promise<T>;
}

export function readDeadline(context: ReadContext): ReadDeadline {
  const timeout = AbortSignal.timeout(context.limits.timeoutMs);
  const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
  const failure = () =>
    timeout.aborted
      ? new AppError('document_too_complex', { limit_ms: context.limits.timeoutMs })
      : new AppError('unavailable', { reason: 'request aborted' });
  const check = () => {
    if (signal.aborted) throw failure();
  };
  const race = <T>(work: Promise<T>): Promise<T> => {
    check();
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(failure());
      signal.addEventListener('abort', stop, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    });
  };
  return { signal, check, race };
}
