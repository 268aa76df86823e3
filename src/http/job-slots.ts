import { AppError } from '../errors.ts';

/**
 * Bounds the documents processed at once (memory and CPU), with a short queue behind them;
 * past the queue a caller gets 503 overloaded at once rather than waiting without end.
 */
export class JobSlots {
  readonly #max: number;
  readonly #maxQueued: number;
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(max: number, maxQueued: number) {
    this.#max = max;
    this.#maxQueued = maxQueued;
  }

  async acquire(): Promise<() => void> {
    if (this.#running >= this.#max) {
      if (this.#queue.length >= this.#maxQueued) {
        throw new AppError(
          'overloaded',
          { running: this.#running, queued: this.#queue.length },
          { retryAfter: 5 },
        );
      }
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#running++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      if (next) next();
      else this.#running--;
    };
  }

  get running(): number {
    return this.#running;
  }

  get queued(): number {
    return this.#queue.length;
  }

  get max(): number {
    return this.#max;
  }
}
