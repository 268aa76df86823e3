import { AppError } from '../errors.ts';

export interface JobSlotsOptions {
  /** Documents processed at once (MAX_CONCURRENT_JOBS). */
  maxRunning: number;
  /** Requests admitted beyond those: uploads being read and documents waiting (MAX_QUEUED_JOBS). */
  maxQueued: number;
  /** Upload bytes held in memory by admitted requests, all together; one larger upload runs alone. */
  maxBytes?: number;
  /** A slot held longer than this belongs to a job that ignored its time limit: it counts as stuck. */
  stuckAfterMs?: number;
  now?: () => number;
}

type State = 'admitted' | 'waiting' | 'running' | 'released';

/**
 * A request's place from admission to the end of its response: first while its body is read (no
 * slot is held, so a slow upload delays nobody), then waiting for a slot, then running. `release`
 * is idempotent and may be called from any of these states, by whichever path ends the request first.
 */
export interface JobTicket {
  /** Waits for a slot; rejects when `signal` aborts first, and the ticket leaves the line. */
  run(signal?: AbortSignal): Promise<void>;
  release(): void;
}

/**
 * Bounds the requests an instance holds (bodies in memory, documents processed) so that past its
 * bounds a caller gets 503 overloaded at once rather than waiting without end.
 */
export class JobSlots {
  readonly #maxRunning: number;
  readonly #maxAdmitted: number;
  readonly #maxBytes: number;
  readonly #stuckAfterMs: number;
  readonly #now: () => number;
  readonly #line: (() => void)[] = [];
  readonly #runningSince = new Set<{ since: number }>();
  #admitted = 0;
  #bytes = 0;

  constructor(options: JobSlotsOptions) {
    this.#maxRunning = options.maxRunning;
    this.#maxAdmitted = options.maxRunning + options.maxQueued;
    this.#maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.#stuckAfterMs = options.stuckAfterMs ?? Number.POSITIVE_INFINITY;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Admits a request whose upload is about `bytes` long, or refuses it with 503 overloaded. */
  admit(bytes: number): JobTicket {
    const overBytes = this.#bytes > 0 && this.#bytes + bytes > this.#maxBytes;
    if (this.#admitted >= this.#maxAdmitted || overBytes) {
      throw new AppError('overloaded', { running: this.running, queued: this.queued }, { retryAfter: 5 });
    }
    this.#admitted++;
    this.#bytes += bytes;
    return this.#ticket(bytes);
  }

  #ticket(bytes: number): JobTicket {
    let state: State = 'admitted';
    const slot = { since: 0 };
    let leaveLine: (() => void) | undefined;
    const start = () => {
      state = 'running';
      slot.since = this.#now();
      this.#runningSince.add(slot);
    };
    return {
      run: (signal) => {
        if (state !== 'admitted') return Promise.reject(new Error(`a ticket cannot run when ${state}`));
        signal?.throwIfAborted();
        if (this.#runningSince.size < this.#maxRunning) {
          start();
          return Promise.resolve();
        }
        state = 'waiting';
        return new Promise<void>((resolve, reject) => {
          const turn = () => {
            signal?.removeEventListener('abort', onAbort);
            start();
            resolve();
          };
          const onAbort = () => {
            leaveLine?.();
            reject(signal?.reason);
          };
          leaveLine = () => {
            const at = this.#line.indexOf(turn);
            if (at >= 0) this.#line.splice(at, 1);
            signal?.removeEventListener('abort', onAbort);
          };
          this.#line.push(turn);
          signal?.addEventListener('abort', onAbort, { once: true });
        });
      },
      release: () => {
        if (state === 'released') return;
        if (state === 'waiting') leaveLine?.();
        if (state === 'running') {
          this.#runningSince.delete(slot);
          // The slot passes straight to the next in line, never to a request that has left it.
          this.#line.shift()?.();
        }
        state = 'released';
        this.#admitted--;
        this.#bytes -= bytes;
      },
    };
  }

  /** Whether the instance can still do work: false when every slot is held by a stuck job. */
  health(): { ok: true } | { ok: false; reason: string } {
    const now = this.#now();
    let stuck = 0;
    for (const slot of this.#runningSince) if (now - slot.since > this.#stuckAfterMs) stuck++;
    if (stuck >= this.#maxRunning) return { ok: false, reason: 'every job slot is held by a stuck job' };
    return { ok: true };
  }

  get running(): number {
    return this.#runningSince.size;
  }

  get queued(): number {
    return this.#line.length;
  }

  /** Requests admitted and not yet ended: reading, waiting or running. */
  get admitted(): number {
    return this.#admitted;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get max(): number {
    return this.#maxRunning;
  }
}
