/** A job that waits its turn, and is told when it will not get one. */
export interface WaitingJob {
  signal?: AbortSignal | undefined;
  reject(reason: unknown): void;
}

/**
 * Jobs waiting for a worker, first in first out. A job whose caller gives up while it waits leaves
 * the line, rejected with its signal's reason; a job taken out stops listening to its signal.
 */
export class WaitingLine<J extends WaitingJob> {
  readonly #jobs: J[] = [];
  readonly #leavers = new Map<J, () => void>();

  get length(): number {
    return this.#jobs.length;
  }

  push(job: J): void {
    const { signal } = job;
    if (signal) {
      const leave = () => {
        const at = this.#jobs.indexOf(job);
        if (at < 0) return;
        this.#jobs.splice(at, 1);
        this.#leavers.delete(job);
        job.reject(signal.reason);
      };
      this.#leavers.set(job, leave);
      signal.addEventListener('abort', leave, { once: true });
    }
    this.#jobs.push(job);
  }

  shift(): J | undefined {
    const job = this.#jobs.shift();
    if (job) this.#forget(job);
    return job;
  }

  /** Rejects every waiting job (the pool is closing). */
  rejectAll(reason: () => unknown): void {
    for (const job of this.#jobs.splice(0)) {
      this.#forget(job);
      job.reject(reason());
    }
  }

  #forget(job: J): void {
    const leave = this.#leavers.get(job);
    if (!leave) return;
    job.signal?.removeEventListener('abort', leave);
    this.#leavers.delete(job);
  }
}
