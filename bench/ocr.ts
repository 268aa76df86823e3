/**
 * Milliseconds per image of our JPEG/PNG reader (decode, resize, tesseract.js in a worker thread)
 * against the native `tesseract` CLI (Debian's tesseract-ocr) on the very same prepared PNG,
 * sequentially, one thread each (OMP_THREAD_LIMIT=1), page segmentation and engine as ours.
 *   node bench/ocr.ts [DIR] [LIMIT]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { readImageHeader } from '../src/documents/image/image-header.ts';
import { jpegReader, pngReader } from '../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS } from '../src/documents/model.ts';
import { prepareForOcr } from '../src/documents/ocr/image-preprocess.ts';
import { createTesseractPool, DEFAULT_OCR_PARAMETERS } from '../src/documents/ocr/tesseract-pool.ts';

const DEFAULT_DIR = '/work/shared/corpus/sroie/docs';

export interface OcrBench {
  images: number;
  /** Our reader end to end: header, decode, resize, PNG encode, OCR, conversion to points. */
  readerMs: number;
  /** tesseract.js recognition alone on the prepared PNG (warm worker). */
  tesseractJsMs: number;
  /** Native CLI on the same PNG with the same model file as ours; absent when not installed. */
  nativeSameModelMs?: number;
  /** Native CLI with the model Debian ships (tessdata_fast); absent when not installed. */
  nativeDebianModelMs?: number;
  /** Process start and model load of the CLI alone (a blank image), included in the figures above. */
  nativeStartupMs?: number;
  /** tesseract.js ms / native ms with the same model: how many times slower the WebAssembly build is. */
  ratio?: number;
  /** The same with the CLI's start-up taken out: WebAssembly against native recognition alone. */
  ratioWithoutStartup?: number;
}

const hasTesseract = () => spawnSync('tesseract', ['--version']).status === 0;

const isImage = (name: string) => /\.(jpe?g|png)$/i.test(name);

/** The model file tesseract.js uses, unpacked where the CLI can read it. It is a model, no document. */
function unpackOurModel(): { dir: string; remove(): void } {
  const require = createRequire(import.meta.url);
  const gz = join(
    dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
    'eng.traineddata.gz',
  );
  const dir = mkdtempSync(join(tmpdir(), 'docjson-tessdata-'));
  writeFileSync(join(dir, 'eng.traineddata'), gunzipSync(readFileSync(gz)));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One CLI run, image on stdin and TSV (words with boxes, as ours) on stdout: nothing on disk. */
function runNative(image: Uint8Array, tessdataDir?: string): number {
  const psm = DEFAULT_OCR_PARAMETERS.tessedit_pageseg_mode ?? '6';
  const args = ['stdin', 'stdout', '-l', 'eng', '--oem', '1', '--psm', psm];
  if (tessdataDir) args.push('--tessdata-dir', tessdataDir);
  const start = performance.now();
  const run = spawnSync('tesseract', [...args, 'tsv'], {
    input: image,
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`tesseract failed: ${run.stderr.toString().slice(0, 200)}`);
  return ms;
}

const mean = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));

export async function benchOcr(dir: string = DEFAULT_DIR, limit?: number): Promise<OcrBench> {
  const names = (await readdir(dir)).filter(isImage).sort();
  const paths = names.slice(0, limit ?? names.length).map((name) => join(dir, name));
  const pool = createTesseractPool({ size: 1 });
  const reader: number[] = [];
  const recognise: number[] = [];
  const prepared: Uint8Array[] = [];
  try {
    for (const path of paths) {
      const bytes = new Uint8Array(await readFile(path));
      const png = /\.png$/i.test(path);
      const image = await prepareForOcr(bytes, readImageHeader(bytes, png ? 'png' : 'jpeg'));
      prepared.push(image.image);
      if (reader.length === 0) await pool.recognize(image.image); // warm the worker up, untimed
      let start = performance.now();
      await (png ? pngReader : jpegReader).read(bytes, { limits: DEFAULT_READ_LIMITS, ocr: pool });
      reader.push(performance.now() - start);
      start = performance.now();
      await pool.recognize(image.image);
      recognise.push(performance.now() - start);
    }
  } finally {
    await pool.close();
  }
  const result: OcrBench = { images: paths.length, readerMs: mean(reader), tesseractJsMs: mean(recognise) };
  console.log(
    `ocr: ${paths.length} images; reader ${result.readerMs} ms/image, tesseract.js ${result.tesseractJsMs} ms/image`,
  );
  if (!hasTesseract()) {
    console.log('native tesseract: not installed (apt-get install tesseract-ocr to compare)');
    return result;
  }
  const model = unpackOurModel();
  try {
    result.nativeStartupMs = Math.round(runNative(blankPng(), model.dir));
    result.nativeSameModelMs = mean(prepared.map((image) => runNative(image, model.dir)));
    result.nativeDebianModelMs = mean(prepared.map((image) => runNative(image)));
  } finally {
    model.remove();
  }
  result.ratio = Math.round((result.tesseractJsMs / result.nativeSameModelMs) * 100) / 100;
  const nativeAlone = result.nativeSameModelMs - result.nativeStartupMs;
  result.ratioWithoutStartup = Math.round((result.tesseractJsMs / nativeAlone) * 100) / 100;
  console.log(
    `native tesseract (OMP_THREAD_LIMIT=1): same model ${result.nativeSameModelMs} ms/image,`,
    `Debian model ${result.nativeDebianModelMs} ms/image, start-up ${result.nativeStartupMs} ms;`,
    `tesseract.js / native ${result.ratio} (${result.ratioWithoutStartup} without the start-up)`,
  );
  return result;
}

/** A blank page, to time the CLI's start-up and model load alone. */
function blankPng(): Uint8Array {
  const canvas = createCanvas(64, 64);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 64, 64);
  return canvas.encodeSync('png');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, limit] = process.argv.slice(2);
  await benchOcr(dir || DEFAULT_DIR, limit ? Number(limit) : undefined);
}
