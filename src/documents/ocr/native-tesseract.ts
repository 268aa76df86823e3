import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppError } from '../../errors.ts';
import type { BBox, OcrResult, OcrThreshold, Word } from '../model.ts';
import { lowerProcess } from './background-priority.ts';
import {
  DEFAULT_OCR_PARAMETERS,
  englishModelPath,
  imageSize,
  type TesseractPool,
  thresholdParameters,
} from './tesseract-pool.ts';
import { WaitingLine } from './waiting-line.ts';

export interface NativeTesseractOptions {
  /** Processes run at once; each runs on one thread (OMP_THREAD_LIMIT=1). Defaults to the cores. */
  size?: number;
  /** Tesseract parameters, as for the WASM pool; tessedit_pageseg_mode becomes --psm. */
  parameters?: Record<string, string>;
  /** The executable; `tesseract` on PATH unless told. */
  command?: string;
}

/** Text a process may print before it is taken for a runaway and killed: far above any page's TSV. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/**
 * The major version of the `tesseract` on PATH (or `command`), or undefined when there is none or it
 * does not answer `--version` within 5 s. Versions before 5 print it on stderr, so both are read.
 */
export function nativeTesseractVersion(command = 'tesseract'): number | undefined {
  const run = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 5_000 });
  if (run.error || run.status !== 0) return undefined;
  const match = /tesseract\s+v?(\d+)\./i.exec(`${run.stdout}\n${run.stderr}`);
  return match ? Number(match[1]) : undefined;
}

/** Whether a tesseract of version 4 or later answers: OCR_BACKEND=native needs one. */
export function hasNativeTesseract(command = 'tesseract'): boolean {
  return (nativeTesseractVersion(command) ?? 0) >= 4;
}

export type OcrBackendSetting = 'auto' | 'wasm' | 'native';

/**
 * What OCR_BACKEND resolves to: `native` is the binary when a tesseract ≥ 4 answers on PATH, else
 * undefined (the caller refuses to start). `auto` is the WASM pool for now: with the same model,
 * engine and page segmentation, Debian's tesseract 5.3 reads the SROIE receipts differently from
 * tesseract.js 7 and the fields came out worse (sroie, first 50 tuning receipts, minimum over the
 * wordings: 71.8% native against 74.4% WASM), and it was no faster per receipt on 2 busy cores.
 */
export function resolveOcrBackend(
  setting: OcrBackendSetting,
  probe: () => boolean = hasNativeTesseract,
): 'wasm' | 'native' | undefined {
  if (setting !== 'native') return 'wasm';
  return probe() ? 'native' : undefined;
}

interface Job {
  image: Uint8Array;
  signal: AbortSignal | undefined;
  threshold: OcrThreshold;
  resolve(result: OcrResult): void;
  reject(error: unknown): void;
}

/**
 * The OcrEngine of the WASM pool, run by Debian's `tesseract` executable: one process per image,
 * the image through stdin and TSV back on stdout (nothing of the document on disk), the same model
 * file (the package's, unpacked once), engine, page segmentation and parameters as the pool, one
 * thread per process and at most `size` processes at once; others wait in one FIFO queue.
 */
export function createNativeTesseract(options: NativeTesseractOptions = {}): TesseractPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const command = options.command ?? 'tesseract';
  const parameters = { ...DEFAULT_OCR_PARAMETERS, ...options.parameters };
  const queue = new WaitingLine<Job>();
  const running = new Set<ChildProcess>();
  let modelDir: Promise<string> | undefined;
  let created = 0;
  let busy = 0;
  let closed = false;

  function dispatch(): void {
    while (queue.length > 0 && busy < size) {
      const job = queue.shift()!;
      busy++;
      void run(job).finally(() => {
        busy--;
        dispatch();
      });
    }
  }

  async function run(job: Job): Promise<void> {
    try {
      modelDir ??= unpackModel();
      const dir = await modelDir;
      job.signal?.throwIfAborted();
      if (closed) throw new AppError('unavailable', { reason: 'the OCR pool is closed' });
      created++;
      const args = cliArguments({ ...parameters, ...thresholdParameters(job.threshold) });
      const tsv = await runProcess(command, [...args, '--tessdata-dir', dir], job, running);
      job.resolve(parseTesseractTsv(tsv, imageSize(job.image)));
    } catch (error) {
      job.reject(error);
    }
  }

  return {
    // A program started per doubtful line would cost more than the page's whole reading.
    rereadLines: false,
    parallel: size,
    recognize(image, { signal, threshold = 'global' } = {}) {
      if (closed) return Promise.reject(new AppError('unavailable', { reason: 'the OCR pool is closed' }));
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (!isImage(image)) {
        // Bytes that are no image would be read by the CLI as a list of file names: never pass them.
        return Promise.reject(
          new AppError('corrupt_document', { reason: 'the image data cannot be decoded' }),
        );
      }
      return new Promise<OcrResult>((resolve, reject) => {
        const job: Job = { image, signal, threshold, resolve, reject };
        queue.push(job);
        dispatch();
      });
    },

    async close() {
      closed = true;
      queue.rejectAll(() => new AppError('unavailable', { reason: 'the OCR pool is closed' }));
      for (const child of running) child.kill('SIGKILL');
    },

    stats() {
      return { created, live: running.size, busy, queued: queue.length };
    },
  };
}

/** The pool's parameters as CLI arguments: LSTM engine, English, --psm, the rest as -c, TSV out. */
function cliArguments(parameters: Record<string, string>): string[] {
  const { tessedit_pageseg_mode: psm = '6', ...rest } = parameters;
  const args = ['stdin', 'stdout', '-l', 'eng', '--oem', '1', '--psm', psm];
  for (const [name, value] of Object.entries(rest)) args.push('-c', `${name}=${value}`);
  args.push('-c', 'tessedit_create_tsv=1');
  return args;
}

function runProcess(command: string, args: string[], job: Job, running: Set<ChildProcess>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    lowerProcess(child.pid);
    running.add(child);
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: unknown;
    const kill = (reason: unknown) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => kill(job.signal?.reason);
    job.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT_BYTES) kill(new Error('tesseract: output beyond 32 MB'));
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4096) err += chunk.toString('utf8');
    });
    // The process may exit before reading all of stdin (a refused image): EPIPE is no news then.
    child.stdin.on('error', () => {});
    child.on('error', (error) => kill(new Error(`tesseract: ${error.message}`, { cause: error })));
    child.on('close', (code, signal) => {
      running.delete(child);
      job.signal?.removeEventListener('abort', onAbort);
      if (failure !== undefined) reject(failure);
      else if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(processError(err, code, signal));
    });
    child.stdin.end(job.image);
  });
}

/** Leptonica's refusal of the bytes means a damaged image, as with the WASM pool. */
function processError(stderr: string, code: number | null, signal: NodeJS.Signals | null): Error {
  if (/pixRead|cannot be read|attempting to read image|Unsupported image type/i.test(stderr)) {
    return new AppError('corrupt_document', { reason: 'the image data cannot be decoded' });
  }
  const tail = stderr.trim().split('\n').slice(-2).join(' | ').slice(0, 300);
  return new Error(`tesseract: exit ${code ?? signal}${tail ? `: ${tail}` : ''}`);
}

/** PNG, JPEG or binary PPM/PGM: what the readers hand over (image-preprocess.ts, render-page.ts). */
function isImage(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return true;
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return true;
  return (
    bytes[0] === 0x50 && (bytes[1] === 0x35 || bytes[1] === 0x36) && /\s/.test(String.fromCharCode(bytes[2]!))
  );
}

/**
 * The package's model (the one the WASM pool loads) unpacked where the CLI can read it, once per
 * machine: a folder named by the model's hash under the temporary directory, written then renamed.
 */
async function unpackModel(): Promise<string> {
  const gz = readFileSync(join(englishModelPath(), 'eng.traineddata.gz'));
  const hash = createHash('sha256').update(gz).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `docjson-tessdata-${hash}`);
  const file = join(dir, 'eng.traineddata');
  if (existsSync(file)) return dir;
  await mkdir(dir, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await writeFile(partial, gunzipSync(gz));
  await rename(partial, file);
  return dir;
}

type OcrLine = OcrResult['lines'][number];

/**
 * Tesseract's TSV (level, page, block, paragraph, line, word, left, top, width, height, conf, text)
 * as the WASM pool's result: lines of words in the order printed, boxes in pixels with x1 = left +
 * width, confidence 0–100 → 0–1; empty words and lines without words are dropped. The page row
 * (level 1) gives the size; `fallbackSize` when it is missing.
 */
export function parseTesseractTsv(tsv: string, fallbackSize: { width: number; height: number }): OcrResult {
  let size = fallbackSize;
  const lines: OcrLine[] = [];
  let current: { key: string; bbox: BBox; words: Word[] } | undefined;
  const flush = () => {
    if (current && current.words.length > 0) {
      lines.push({
        text: current.words.map((w) => w.text).join(' '),
        bbox: current.bbox,
        words: current.words,
      });
    }
    current = undefined;
  };
  for (const row of tsv.split('\n')) {
    const cells = row.replace(/\r$/, '').split('\t');
    if (cells.length < 11 || !/^\d+$/.test(cells[0]!)) continue; // the header, or a blank line
    const [level, page, block, paragraph, line] = cells.slice(0, 5);
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [number, number, number, number];
    const bbox: BBox = { x0: left, y0: top, x1: left + width, y1: top + height };
    const key = `${page}.${block}.${paragraph}.${line}`;
    if (level === '1') {
      size = { width, height };
    } else if (level === '4') {
      flush();
      current = { key, bbox, words: [] };
    } else if (level === '5') {
      const text = cells.slice(11).join('\t').trim();
      if (text === '') continue;
      if (current?.key !== key) {
        flush();
        current = { key, bbox, words: [] };
      }
      current.words.push({ text, bbox, confidence: clamp01(Number(cells[10]) / 100) });
    }
  }
  flush();
  return { width: size.width, height: size.height, lines };
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
