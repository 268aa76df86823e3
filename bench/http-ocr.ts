import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveOcrBackend } from '../src/documents/ocr/native-tesseract.ts';
import { DEFAULT_OCR_PARAMETERS } from '../src/documents/ocr/tesseract-pool.ts';
import { postDocument, startBenchApp } from './bench-app.ts';
import { RECEIPT_FIELDS } from './corpus-fields.ts';

export interface HttpOcrBench {
  images: number;
  /** What OCR_BACKEND=auto chooses (wasm: see resolveOcrBackend). */
  defaultBackend: 'wasm' | 'native';
  /** Milliseconds per image through /api/v1/generate, one request at a time, per backend measured. */
  msPerImage: Partial<Record<'wasm' | 'native', number>>;
  /** `tesseract FILE stdout --psm 6 tsv` with OMP_THREAD_LIMIT=1 on the same files (Debian's model). */
  nativeCliMsPerImage?: number;
}

/** Receipts through the whole HTTP path (upload, decode, prepare, OCR, extract, charge) beside the CLI. */
export async function benchHttpOcr(dir: string, limit = 8): Promise<HttpOcrBench> {
  const files = readdirSync(dir)
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort()
    .slice(0, limit)
    .map((f) => join(dir, f));
  const defaultBackend = resolveOcrBackend('auto') ?? 'wasm';
  const hasNative = resolveOcrBackend('native') === 'native';
  const result: HttpOcrBench = { images: files.length, defaultBackend, msPerImage: {} };
  // The default first, then the other backend when this machine has it.
  const other = defaultBackend === 'native' ? 'wasm' : hasNative ? 'native' : undefined;
  const backends: ('wasm' | 'native')[] = other ? [defaultBackend, other] : [defaultBackend];
  for (const backend of backends) {
    const app = await startBenchApp({ ocrBackend: backend });
    try {
      await postDocument(app.url, app.key, readFileSync(files[0]!), 'warm.jpg', RECEIPT_FIELDS);
      const t0 = performance.now();
      for (const f of files)
        await postDocument(app.url, app.key, readFileSync(f), 'receipt.jpg', RECEIPT_FIELDS);
      result.msPerImage[backend] = (performance.now() - t0) / files.length;
    } finally {
      await app.close();
    }
  }
  if (hasNative) {
    const psm = DEFAULT_OCR_PARAMETERS.tessedit_pageseg_mode ?? '6';
    const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
    const t0 = performance.now();
    for (const f of files) {
      const run = spawnSync('tesseract', [f, 'stdout', '--psm', psm, 'tsv'], { env, stdio: 'ignore' });
      if (run.status !== 0) throw new Error(`tesseract failed on ${f}`);
    }
    result.nativeCliMsPerImage = (performance.now() - t0) / files.length;
  }
  return result;
}
