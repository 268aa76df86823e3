/**
 * Admission by pages: a process-wide budget of document pages held in memory at once. A reader asks
 * for its document's pages as soon as it knows how many there are (before reading them); the use case
 * gives them back once the response no longer needs the document. Memory follows pages read, not
 * requests, so job slots alone cannot bound it: two 480-page PDFs weigh what a hundred receipts do not.
 *
 * First come, first served: a request never overtakes one that waits before it, so a large document
 * is not starved by a stream of small ones. A document larger than the whole budget is admitted alone,
 * once nothing else holds pages (it is already bounded by MAX_PAGES), so it never waits forever.
 */
/**
 * Default of MAX_PAGES_IN_FLIGHT: one document at the default page limit (MAX_PAGES, 500), so two
 * dense 480-page PDFs are never held at once (bench/memory.ts dense: docs/measuring.md).
 */
export const DEFAULT_MAX_PAGES_IN_FLIGHT = 500;

export class PageBudget {
  readonly #max: number;
  #inFlight = 0;
  readonly #queue: Waiter[] = [];

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('the page budget must be a positive integer');
    this.#max = max;
  }

  /**
   * Resolves with the release once `pages` fit (or, for a document larger than the budget, once the
   * budget is empty); rejects with the signal's reason if it aborts first. Release is idempotent.
   */
  acquire(pages: number, signal?: AbortSignal): Promise<() => void> {
    const want = Math.max(0, Math.floor(pages));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#queue.length === 0 && this.#fits(want)) return Promise.resolve(this.#grant(want));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { pages: want, resolve, reject, signal, onAbort: () => {} };
      waiter.onAbort = () => {
        const at = this.#queue.indexOf(waiter);
        if (at < 0) return;
        this.#queue.splice(at, 1);
        reject(signal?.reason);
        // The head may have been what blocked the ones behind it.
        this.#pump();
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  /** Pages admitted and not yet released. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Requests waiting for pages. */
  get waiting(): number {
    return this.#queue.length;
  }

  get max(): number {
    return this.#max;
  }

  #fits(pages: number): boolean {
    return this.#inFlight === 0 || this.#inFlight + pages <= this.#max;
  }

  #grant(pages: number): () => void {
    this.#inFlight += pages;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight -= pages;
      this.#pump();
    };
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.#fits(this.#queue[0]!.pages)) {
      const next = this.#queue.shift()!;
      next.signal?.removeEventListener('abort', next.onAbort);
      next.resolve(this.#grant(next.pages));
    }
  }
}

interface Waiter {
  pages: number;
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * One request's hold on the budget: `admit` is what a reader calls (ReadContext.admit), `release`
 * what the use case calls in its finally. Pages admitted after the release (a read that outlived its
 * request) are given back at once.
 */
export function admission(budget: PageBudget | undefined): {
  admit?: (pages: number, signal?: AbortSignal) => Promise<void>;
  release: () => void;
} {
  if (!budget) return { release: () => {} };
  const releases: (() => void)[] = [];
  let closed = false;
  return {
    admit: async (pages, signal) => {
      const release = await budget.acquire(pages, signal);
      if (closed) release();
      else releases.push(release);
    },
    release: () => {
      closed = true;
      for (const release of releases.splice(0)) release();
    },
  };
}
