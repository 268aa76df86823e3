import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker as NodeWorker } from 'node:worker_threads';
import Tesseract from 'tesseract.js';
import { AppError } from '../../errors.ts';
import { readImageHeader } from '../image/image-header.ts';
import type { OcrEngine, OcrResult, OcrThreshold } from '../model.ts';
import { ppmSize } from './ppm.ts';
import { ocrResultFromBlocks } from './tesseract-result.ts';
import { WaitingLine } from './waiting-line.ts';

export interface TesseractPoolOptions {
  /** Worker threads at most; each holds one Tesseract instance. Defaults to the cores. */
  size?: number;
  /** Tesseract parameters set once on every worker (page segmentation mode and the like). */
  parameters?: Record<string, string>;
}

export interface TesseractPool extends OcrEngine {
  close(): Promise<void>;
  /** For tests and health: how many workers were ever started, how many live, how many jobs wait. */
  stats(): { created: number; live: number; busy: number; queued: number };
}

/**
 * Page segmentation 6 (one uniform block of text) read the SROIE receipts best: modes 3 (automatic)
 * and 4 (one column) lost totals, 11 (sparse text) lost everything. preserve_interword_spaces and
 * user_defined_dpi changed nothing there, so they are left alone. Figures: eval/ocr-recall.ts.
 */
export const DEFAULT_OCR_PARAMETERS: Record<string, string> = {
  tessedit_pageseg_mode: '6',
  // Tesseract prints warnings ("Image too small to scale") through its debug channel; inside the
  // worker's in-memory file system /dev/null swallows them, so nothing reaches our logs.
  debug_file: '/dev/null',
};

/** Tesseract's thresholding_method: 0 Otsu over the page (its default), 2 Sauvola's local one. */
export function thresholdParameters(threshold: OcrThreshold): Record<string, string> {
  return { thresholding_method: threshold === 'local' ? '2' : '0' };
}

interface Job {
  image: Uint8Array;
  signal: AbortSignal | undefined;
  threshold: OcrThreshold;
  resolve(result: OcrResult): void;
  reject(error: unknown): void;
}

interface Slot {
  ready: Promise<Tesseract.Worker>;
  busy: boolean;
  /** The thresholding the worker is set to. */
  threshold: OcrThreshold;
  /** Rejects if the worker thread dies or is ended, so that the job it held fails instead of hanging. */
  crashed: Promise<never>;
  fail(error: unknown): void;
}

/** tesseract.js's worker script, run at background priority. */
const TESSERACT_WORKER = fileURLToPath(new URL('./tesseract-worker.ts', import.meta.url));

/** The LSTM-only model shipped by @tesseract.js-data/eng, read from node_modules: no CDN, no cache. */
export function englishModelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * A fixed-size pool of Tesseract worker threads, started on first need and reused; jobs wait in
 * one FIFO queue. Recognition runs off the main thread, so the event loop keeps serving requests.
 */
export function createTesseractPool(options: TesseractPoolOptions = {}): TesseractPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const parameters = { ...DEFAULT_OCR_PARAMETERS, ...options.parameters };
  const langPath = englishModelPath();
  const queue = new WaitingLine<Job>();
  const slots = new Set<Slot>();
  let created = 0;
  let closed = false;

  function startWorker(): Slot {
    created++;
    let crash: (error: unknown) => void = () => {};
    const crashed = new Promise<never>((_, reject) => {
      crash = reject;
    });
    crashed.catch(() => {});
    const ready = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath,
      workerPath: TESSERACT_WORKER,
      gzip: true,
      cacheMethod: 'none', // never read or write a traineddata cache in the working directory
      // Without a handler tesseract.js rethrows a worker's failure where nobody can catch it.
      errorHandler: () => {},
    }).then(async (worker) => {
      // An 'error' event without a listener would take the whole process down.
      threadOf(worker)?.on('error', (error) => {
        slots.delete(slot);
        crash(error);
      });
      await worker.setParameters(parameters);
      return worker;
    });
    const slot: Slot = { ready, busy: false, threshold: 'global', crashed, fail: (error) => crash(error) };
    slots.add(slot);
    ready.catch(() => slots.delete(slot));
    return slot;
  }

  function idleSlot(): Slot | undefined {
    for (const slot of slots) if (!slot.busy) return slot;
    return slots.size < size ? startWorker() : undefined;
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const slot = idleSlot();
      if (!slot) return;
      const job = queue.shift()!;
      void run(slot, job);
    }
  }

  async function run(slot: Slot, job: Job): Promise<void> {
    slot.busy = true;
    let onAbort: (() => void) | undefined;
    try {
      const worker = await Promise.race([slot.ready, slot.crashed]);
      job.signal?.throwIfAborted();
      if (slot.threshold !== job.threshold) {
        await Promise.race([worker.setParameters(thresholdParameters(job.threshold)), slot.crashed]);
        slot.threshold = job.threshold;
      }
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => {
          // Tesseract cannot stop mid-page: end the thread; a fresh one starts for the next job.
          slots.delete(slot);
          void worker.terminate();
          reject(job.signal?.reason);
        };
        job.signal?.addEventListener('abort', onAbort, { once: true });
      });
      const recognised = worker.recognize(imageLike(job.image), {}, { text: false, blocks: true });
      recognised.catch(() => {}); // a worker ended by abort or close may still reject later
      const { data } = await Promise.race([recognised, aborted, slot.crashed]);
      job.resolve(ocrResultFromBlocks(data.blocks ?? [], imageSize(job.image)));
    } catch (error) {
      job.reject(recognitionError(error, job));
    } finally {
      if (onAbort) job.signal?.removeEventListener('abort', onAbort);
      slot.busy = false;
      dispatch();
    }
  }

  return {
    parallel: size,
    recognize(image, { signal, threshold = 'global' } = {}) {
      if (closed) return Promise.reject(new AppError('unavailable', { reason: 'the OCR pool is closed' }));
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<OcrResult>((resolve, reject) => {
        const job: Job = { image, signal, threshold, resolve, reject };
        queue.push(job);
        dispatch();
      });
    },

    async close() {
      closed = true;
      queue.rejectAll(() => new AppError('unavailable', { reason: 'the OCR pool is closed' }));
      const workers = [...slots].map((slot) => {
        slot.fail(new AppError('unavailable', { reason: 'the OCR pool is closed' }));
        return slot.ready.then((worker) => worker.terminate()).catch(() => {});
      });
      slots.clear();
      await Promise.all(workers);
    },

    stats() {
      const busy = [...slots].filter((slot) => slot.busy).length;
      return { created, live: slots.size, busy, queued: queue.length };
    },
  };
}

/**
 * The image as tesseract.js takes it. It copies a Buffer into a Uint8Array of its own and posts that
 * (a second copy), both on the main thread; a whole SharedArrayBuffer (a prepared PPM, ppm.ts) it
 * only wraps in a view, and posting shares it: the OCR worker reads the very bytes prepared.
 */
function imageLike(image: Uint8Array): Tesseract.ImageLike {
  const whole = image.byteOffset === 0 && image.byteLength === image.buffer.byteLength;
  if (image.buffer instanceof SharedArrayBuffer && whole) return image.buffer as unknown as Buffer;
  return Buffer.from(image.buffer, image.byteOffset, image.byteLength);
}

/** tesseract.js keeps the Node worker thread it runs in, untyped, on the worker object. */
function threadOf(worker: Tesseract.Worker): NodeWorker | undefined {
  return (worker as unknown as { worker?: NodeWorker }).worker;
}

/** tesseract.js rejects with bare strings; Leptonica's refusal of the bytes means a damaged image. */
function recognitionError(error: unknown, job: Job): unknown {
  if (error instanceof Error || (job.signal?.aborted && error === job.signal.reason)) return error;
  if (/attempting to read image/i.test(String(error))) {
    return new AppError('corrupt_document', { reason: 'the image data cannot be decoded' });
  }
  return new Error(`tesseract: ${error}`);
}

/** Tesseract's output omits the page size; the header has it (0×0 for a format it does not know). */
export function imageSize(image: Uint8Array): { width: number; height: number } {
  const ppm = ppmSize(image);
  if (ppm) return ppm;
  const format =
    image[0] === 0x89 && image[1] === 0x50 ? 'png' : image[0] === 0xff && image[1] === 0xd8 ? 'jpeg' : null;
  if (!format) return { width: 0, height: 0 };
  const { width, height } = readImageHeader(image, format);
  return { width, height };
}
