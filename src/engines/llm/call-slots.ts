/** At most `size` model calls in flight across all requests (LLM_MAX_CONCURRENCY); the rest wait in order. */
export class CallSlots {
  readonly #size: number;
  #busy = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#size = size;
  }

  async run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.#acquire(signal);
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #acquire(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.#busy < this.#size) {
      this.#busy++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        this.#busy++;
        resolve();
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(grant);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(signal.reason);
      };
      this.#waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  #release(): void {
    this.#busy--;
    this.#waiting.shift()?.();
  }
}
