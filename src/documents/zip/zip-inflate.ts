/**
 * Inflates one entry in small steps, counting the bytes it really produces, so that a zip bomb
 * is stopped as soon as the running total passes the budget instead of after it was allocated.
 */
import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';
import { AppError, isAppError } from '../../errors.ts';
import type { ZipEntry } from './zip-directory.ts';

/** Deflate expands at most ~1032:1, so one step yields at most ~17 MB before the next check. */
const STEP = 16 * 1024;
const LOCAL_SIGNATURE = 0x04034b50;

/** Bytes inflated so far across one archive, against its limit. */
export interface InflateBudget {
  used: number;
  readonly limit: number;
}

/** Receives each inflated chunk in order; `keep` collects them, a scanner may only look. */
export type ChunkSink = (chunk: Uint8Array) => void;

function tooLarge(budget: InflateBudget): AppError {
  return new AppError('document_too_complex', { limit_uncompressed_bytes: budget.limit });
}

function charge(budget: InflateBudget, size: number): void {
  budget.used += size;
  if (budget.used > budget.limit) throw tooLarge(budget);
}

/** The entry's compressed bytes, located through its local header. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || data.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw new AppError('corrupt_document', { reason: 'bad local header' });
  }
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.byteLength)
    throw new AppError('corrupt_document', { reason: 'entry overruns the archive' });
  return bytes.subarray(start, end);
}

function inflateSteps(compressed: Uint8Array, budget: InflateBudget, sink: ChunkSink): void {
  const inflater = new Inflate((chunk) => {
    charge(budget, chunk.length);
    if (chunk.length > 0) sink(chunk);
  });
  if (compressed.length === 0) {
    inflater.push(compressed, true);
    return;
  }
  for (let at = 0; at < compressed.length; at += STEP) {
    const end = Math.min(at + STEP, compressed.length);
    inflater.push(compressed.subarray(at, end), end === compressed.length);
  }
}

function inflateChecked(compressed: Uint8Array, budget: InflateBudget, sink: ChunkSink): void {
  try {
    inflateSteps(compressed, budget, sink);
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('corrupt_document', { reason: 'bad deflate stream' }, { cause: error });
  }
}

/**
 * Streams one entry's real content into `sink`, charging the budget as it goes. The CRC is checked
 * at the end: damaged deflate data often still inflates, to garbage.
 */
export function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  sink: ChunkSink,
): void {
  if (entry.encrypted) throw new AppError('encrypted_document');
  const compressed = entryData(bytes, entry);
  let crc = 0;
  const checkedSink: ChunkSink = (chunk) => {
    crc = crc32(chunk, crc);
    sink(chunk);
  };
  if (entry.method === 0) {
    charge(budget, compressed.length);
    checkedSink(compressed);
  } else if (entry.method === 8) {
    inflateChecked(compressed, budget, checkedSink);
  } else {
    throw new AppError('corrupt_document', { reason: `unsupported zip compression method ${entry.method}` });
  }
  if (crc >>> 0 !== entry.crc32)
    throw new AppError('corrupt_document', { reason: `checksum mismatch in ${entry.name}` });
}

/** Joins chunks into one array (a single chunk is returned as is). */
export function concatChunks(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
