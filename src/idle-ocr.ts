import type { OcrEngine } from './documents/model.ts';
import { AppError } from './errors.ts';

export interface PooledOcr extends OcrEngine {
  close(): Promise<void>;
  stats?(): { live: number; busy: number; queued: number };
}

/**
 * The OCR engine (its worker threads) ended once it has had no image in hand for `idleMs`, and
 * opened again for the next one. A Tesseract worker's WebAssembly memory grows to fit the largest
 * image it has read and never shrinks, and every worker thread keeps a V8 heap of its own: an idle
 * instance used to keep all of it (see docs/operations.md for the figures). The first scan after a
 * pause pays for starting a worker again.
 */
export function closingWhenIdle(open: () => PooledOcr, idleMs: number): PooledOcr & { stats(): Stats } {
  let engine: PooledOcr | undefined = open();
  let inFlight = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const idleClose = () => {
    const idle = engine;
    engine = undefined;
    void idle?.close();
  };
  async function use<T>(work: (ocr: PooledOcr) => Promise<T>): Promise<T> {
    if (closed) throw new AppError('unavailable', { reason: 'the OCR pool is closed' });
    clearTimeout(timer);
    engine ??= open();
    inFlight++;
    try {
      return await work(engine);
    } finally {
      inFlight--;
      if (inFlight === 0) {
        timer = setTimeout(idleClose, idleMs);
        timer.unref();
      }
    }
  }

  const first = engine;
  return {
    // Read by the readers from this object: the same whichever engine is open.
    ...(first.rereadLines === undefined ? {} : { rereadLines: first.rereadLines }),
    ...(first.parallel === undefined ? {} : { parallel: first.parallel }),
    recognize: (image, options) => use((ocr) => ocr.recognize(image, options)),
    ...(first.prepare
      ? { prepare: (bytes, header, options) => use((ocr) => ocr.prepare!(bytes, header, options)) }
      : {}),
    stats: () => engine?.stats?.() ?? { live: 0, busy: 0, queued: 0 },
    async close() {
      closed = true;
      clearTimeout(timer);
      await engine?.close();
      engine = undefined;
    },
  } satisfies PooledOcr;
}

type Stats = { live: number; busy: number; queued: number };
