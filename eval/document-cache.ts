/**
 * Read documents kept on disk between eval runs (opt-in: --cache DIR), because OCR costs seconds a
 * receipt and tuning the engine means running the same corpus many times. An entry is only valid for
 * the reader that made it: the key covers the file's bytes and name, every file of src/documents/,
 * the read limits and the versions of the packages the readers call, so any change reads afresh.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Document, OcrEngine, OcrResult, ReadLimits } from '../src/documents/model.ts';
import { nativeTesseractVersion } from '../src/documents/ocr/native-tesseract.ts';
import { packWords } from '../src/documents/pdf/packed-words.ts';
import { NotExactError, parseExact, stringifyExact } from './exact-json.ts';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const READERS = join(REPOSITORY, 'src', 'documents');
const READER_PACKAGES = [
  'pdfjs-dist',
  'tesseract.js',
  '@tesseract.js-data/eng',
  '@napi-rs/canvas',
  'fflate',
  'exceljs',
];

/** What a recognition depends on besides the image. */
const OCR_PACKAGES = ['tesseract.js', '@tesseract.js-data/eng'];

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

export class DocumentCache {
  readonly dir: string;
  /**
   * Where recognitions are remembered: apart from the documents, keyed by the OCR engine alone, since
   * a recognition depends on the image's bytes and the engine, not on the rest of the readers'
   * code. A change to the readers reads every document afresh but repeats no OCR of an unchanged image.
   */
  readonly ocrDir: string;
  private refused = false;

  /** Throws when DIR lies inside the repository: cached corpus text must never be committed. */
  constructor(dir: string, limits: ReadLimits) {
    const root = realpathSync(REPOSITORY);
    const target = realExisting(resolve(dir));
    const inside = relative(root, target);
    if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
      throw new Error(`--cache ${dir}: inside the repository (${root}); use a folder outside it`);
    }
    this.dir = join(resolve(dir), readerHash(limits).slice(0, 16));
    this.ocrDir = join(resolve(dir), `ocr-${ocrHash().slice(0, 16)}`);
    mkdirSync(this.dir, { recursive: true });
  }

  key(bytes: Uint8Array, fileName: string): string {
    return sha256(`${sha256(bytes)}\n${fileName}`);
  }

  get(key: string): Document | undefined {
    const document = readExact(join(this.dir, `${key}.json`)) as Document | undefined;
    return document && repack(document);
  }

  put(key: string, document: Document, warn: (line: string) => void): void {
    const refusal = writeExact(join(this.dir, `${key}.json`), structuredClone(document));
    if (refusal === undefined) return;
    if (!this.refused) warn(`  cache: a document cannot be stored exactly (${refusal}); not cached`);
    this.refused = true;
  }
}

/** A file's value, or undefined when it is absent, torn or foreign (a miss: the next write replaces it). */
function readExact(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return parseExact(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Writes `value` to `file` aside then renamed, so that a run reading meanwhile never sees half a
 * file; a value JSON cannot hold exactly is not written, and why is returned.
 */
function writeExact(file: string, value: unknown): string | undefined {
  let text: string;
  try {
    text = stringifyExact(value);
  } catch (error) {
    if (error instanceof NotExactError) return error.message;
    throw error;
  }
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
  return undefined;
}

/**
 * The OCR engine with each recognition kept on disk beside the documents, keyed by the image's
 * bytes and threshold: a photograph whose doubtful lines are read again per wording
 * (ReadContext.secondReading) is not cached whole, and its readings are then repeated from here.
 */
export function rememberingOcr(cache: DocumentCache, ocr: OcrEngine): OcrEngine {
  const dir = cache.ocrDir;
  mkdirSync(dir, { recursive: true });
  const recognize: OcrEngine['recognize'] = async (image, options = {}) => {
    const file = join(dir, `${sha256(`${sha256(image)}\n${options.threshold ?? 'global'}`)}.json`);
    const remembered = readExact(file) as OcrResult | undefined;
    if (remembered) return remembered;
    const result = await ocr.recognize(image, options);
    writeExact(file, result); // one JSON cannot hold exactly is answered, not remembered
    return result;
  };
  return new Proxy(ocr, {
    get(target, property) {
      if (property === 'recognize') return recognize;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A text page keeps its words packed behind a symbol (src/documents/pdf/packed-words.ts), which JSON
 * cannot hold: the cache stores the words as plain arrays (structuredClone reads them out) and packs
 * them again on the way back, as the reader does, so the engine sees what a fresh read gives it.
 */
function repack(document: Document): Document {
  for (const page of document.pages) {
    if (page.source === 'pdf-text') page.lines = packWords(page.lines);
  }
  return document;
}

/** The real path of the deepest existing ancestor, so that a symbolic link cannot hide the repository. */
function realExisting(path: string): string {
  let existing = path;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return join(realpathSync(existing), relative(existing, path));
}

const packageVersion = (name: string) => {
  const manifest = join(REPOSITORY, 'node_modules', name, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : '-';
};

/** The same scan reads differently through the WASM pool and the tesseract binary, and by version. */
const ocrBackend = () =>
  process.env.OCR_BACKEND === 'native' ? `native ${nativeTesseractVersion() ?? '-'}` : 'wasm';

function ocrHash(): string {
  const versions = OCR_PACKAGES.map((name) => `${name}@${packageVersion(name)}\n`).join('');
  return sha256(`${versions}ocr ${ocrBackend()}\n`);
}

function readerHash(limits: ReadLimits): string {
  const hash = createHash('sha256');
  for (const file of listFiles(READERS)) {
    hash.update(`${relative(READERS, file)}\n`);
    hash.update(sha256(readFileSync(file)));
  }
  for (const name of READER_PACKAGES) hash.update(`${name}@${packageVersion(name)}\n`);
  // The time limit only decides whether a read fails, and failures are not cached.
  const { timeoutMs: _, ...shaping } = limits;
  hash.update(JSON.stringify(shaping));
  hash.update(`ocr ${ocrBackend()}\n`);
  return hash.digest('hex');
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
