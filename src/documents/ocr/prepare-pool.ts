import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode, type ErrorDetails } from '../../errors.ts';
import type { ImageHeader } from '../image/image-header.ts';
import type { OcrEngine } from '../model.ts';
import type { PreprocessOptions } from './image-preprocess.ts';
import type { PreparedImage, ShadedEdges } from './prepared-image.ts';
import { WaitingLine } from './waiting-line.ts';

/** A message to prepare-worker.ts; `bytes` owns its buffer, which is transferred. */
export interface PrepareRequest {
  id: number;
  bytes: Uint8Array;
  header: ImageHeader;
  options: PreprocessOptions | undefined;
}

/** prepare-worker.ts's answer: the PPM (in a shared buffer, ppm.ts) or the error to rethrow. */
export type PrepareReply =
  | { id: number; image: Uint8Array; scale: number; edges?: ShadedEdges }
  | { id: number; error: { code: ErrorCode; details: ErrorDetails } | { message: string } };

export interface PreparePool {
  /** prepareForOcr (image-preprocess.ts) on a worker thread: same arguments, same bytes out. */
  prepare(
    bytes: Uint8Array,
    header: ImageHeader,
    options?: { signal?: AbortSignal | undefined; preprocess?: PreprocessOptions },
  ): Promise<PreparedImage>;
  close(): Promise<void>;
  /** For tests: workers ever started, live now, busy now, jobs waiting. */
  stats(): { created: number; live: number; busy: number; queued: number };
}

interface Job {
  request: Omit<PrepareRequest, 'id'>;
  signal: AbortSignal | undefined;
  resolve(prepared: PreparedImage): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

const WORKER = new URL('./prepare-worker.ts', import.meta.url);
const closedError = () => new AppError('unavailable', { reason: 'the image preparation pool is closed' });

/**
 * Image preparation (decode, scale, clear dark margins, PPM: about 125 ms of synchronous canvas work
 * per receipt) on a fixed-size pool of worker threads, started on first need, so that the event loop
 * keeps answering while images are prepared. The upload is copied once into a buffer of its own and
 * transferred (the caller keeps its bytes); the PPM comes back shared, never copied. An idle
 * worker does not keep the process alive; close() ends them all.
 */
export function createPreparePool(options: { size?: number } = {}): PreparePool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const queue = new WaitingLine<Job>();
  const slots = new Set<Slot>();
  let created = 0;
  let nextId = 0;
  let closed = false;

  function startWorker(): Slot {
    created++;
    const slot: Slot = { worker: new Worker(WORKER), job: undefined };
    slot.worker.unref();
    slots.add(slot);
    const lost = (error: unknown) => {
      if (!slots.delete(slot)) return;
      const job = slot.job;
      slot.job = undefined;
      job?.reject(error);
      dispatch();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => lost(new Error(`image preparation worker exited (${code})`)));
    return slot;
  }

  function idleSlot(): Slot | undefined {
    for (const slot of slots) if (!slot.job) return slot;
    return slots.size < size ? startWorker() : undefined;
  }

  function dispatch(): void {
    while (queue.length > 0 && !closed) {
      const slot = idleSlot();
      if (!slot) return;
      const job = queue.shift()!;
      run(slot, job);
    }
  }

  function run(slot: Slot, job: Job): void {
    const id = nextId++;
    slot.job = job;
    slot.worker.ref(); // a job in flight keeps the process alive, as any pending I/O does
    const finish = () => {
      job.signal?.removeEventListener('abort', onAbort);
      slot.worker.off('message', onMessage);
      slot.job = undefined;
      slot.worker.unref();
    };
    const onAbort = () => {
      // Canvas work cannot stop midway: end the thread; a fresh one starts for the next job.
      finish();
      slots.delete(slot);
      void slot.worker.terminate();
      job.reject(job.signal?.reason);
      dispatch();
    };
    const onMessage = (reply: PrepareReply) => {
      if (reply.id !== id) return;
      finish();
      if ('image' in reply)
        job.resolve({
          image: reply.image,
          scale: reply.scale,
          ...(reply.edges ? { edges: reply.edges } : {}),
        });
      else if ('code' in reply.error) job.reject(new AppError(reply.error.code, reply.error.details));
      else job.reject(new Error(`image preparation: ${reply.error.message}`));
      dispatch();
    };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    slot.worker.on('message', onMessage);
    const request: PrepareRequest = { id, ...job.request };
    slot.worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  }

  return {
    prepare(bytes, header, { signal, preprocess } = {}) {
      if (closed) return Promise.reject(closedError());
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<PreparedImage>((resolve, reject) => {
        // A copy with a buffer of its own: transferring the caller's would detach its bytes (or the
        // whole pooled buffer they are a view of). A compressed upload is small; the PPM is not.
        const request = { bytes: new Uint8Array(bytes), header, options: preprocess };
        const job: Job = { request, signal, resolve, reject };
        queue.push(job);
        dispatch();
      });
    },

    async close() {
      closed = true;
      queue.rejectAll(closedError);
      const ending = [...slots].map((slot) => {
        const job = slot.job;
        slot.job = undefined;
        job?.reject(closedError());
        return slot.worker.terminate();
      });
      slots.clear();
      await Promise.all(ending);
    },

    stats() {
      const busy = [...slots].filter((slot) => slot.job).length;
      return { created, live: slots.size, busy, queued: queue.length };
    },
  };
}

/**
 * An OCR engine whose images are prepared on `pool` (see OcrEngine.prepare); recognition, stats and
 * closing go to the engine, and close() ends the pool too.
 */
export function withPreparePool<E extends OcrEngine & { close(): Promise<void> }>(
  engine: E,
  pool: PreparePool,
): E & Required<Pick<OcrEngine, 'prepare'>> {
  // Object.create: recognize, stats (read by the metrics) and the rest are the engine's own.
  return Object.assign(Object.create(engine) as E, {
    prepare: pool.prepare,
    async close() {
      await Promise.all([engine.close(), pool.close()]);
    },
  });
}
