import { AppError } from '../errors.ts';

/**
 * The time guard of one document's reading, made once (read-document.ts) and handed to its reader
 * in the context: the caller's signal joined with the document's own time limit.
 */
export interface ReadDeadline {
  readonly signal: AbortSignal;
  /** Throws when the read must stop; called between pages. */
  check(): void;
  /** Settles with `work`, or rejects as soon as the read must stop. */
  race<T>(work: Promise<T>): Promise<T>;
  /**
   * Whether optional passes (the second and third readings of a scan's doubtful lines) still fit:
   * while less than SPARE_SHARE of the time limit is spent. Past it the rest of the document gets
   * only its first readings, so that it ends a little less well read rather than not at all.
   */
  hasSpareTime(): boolean;
}

/**
 * Half the limit: a scan's optional passes cost about twice its first readings, so a document that
 * has used half its time on full readings has the other half for first readings of the pages left.
 */
export const SPARE_SHARE = 0.5;

export function readDeadline(
  limitMs: number,
  outer?: AbortSignal,
  now: () => number = () => performance.now(),
): ReadDeadline {
  const started = now();
  const timeout = AbortSignal.timeout(limitMs);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  const failure = () =>
    timeout.aborted
      ? new AppError('document_timeout', { limit_ms: limitMs })
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
  const hasSpareTime = () => !signal.aborted && now() - started < SPARE_SHARE * limitMs;
  return { signal, check, race, hasSpareTime };
}

/** The reading's guard from its context, or, for a reader called on its own, one of its own. */
export function deadlineOf(context: {
  limits: { timeoutMs: number };
  signal?: AbortSignal;
  deadline?: ReadDeadline;
}): ReadDeadline {
  return context.deadline ?? readDeadline(context.limits.timeoutMs, context.signal);
}
