/**
 * Reads a ZIP archive's central directory. Only the directory is trusted for entry names and
 * compressed sizes; declared uncompressed sizes are reported but never relied on (they can lie).
 */
import { AppError } from '../../errors.ts';

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate; anything else is refused when read. */
  method: number;
  /** CRC-32 of the uncompressed content, checked after inflation. */
  crc32: number;
  compressedSize: number;
  /** As declared by the archive: informative only. */
  declaredSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
  encrypted: boolean;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

interface DirectoryBounds {
  entryCount: number;
  offset: number;
}

function corrupt(reason: string): AppError {
  return new AppError('corrupt_document', { reason });
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(data: DataView, at: number): number {
  const value = data.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt('zip64 value out of range');
  return Number(value);
}

function findEndOfDirectory(data: DataView): number {
  const last = data.byteLength - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at--) {
    if (data.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw corrupt('no zip end-of-directory record');
}

function zip64Bounds(data: DataView, eocd: number): DirectoryBounds {
  const locator = eocd - 20;
  if (locator < 0 || data.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) {
    throw corrupt('zip64 locator missing');
  }
  const record = u64(data, locator + 8);
  if (record + 56 > data.byteLength || data.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) {
    throw corrupt('zip64 end-of-directory record missing');
  }
  return { entryCount: u64(data, record + 32), offset: u64(data, record + 48) };
}

function directoryBounds(data: DataView): DirectoryBounds {
  const eocd = findEndOfDirectory(data);
  const entryCount = data.getUint16(eocd + 10, true);
  const offset = data.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || offset === 0xffffffff) return zip64Bounds(data, eocd);
  return { entryCount, offset };
}

/** Zip64 keeps the real values in extra field 0x0001, in a fixed order, only for saturated fields. */
function applyZip64Extra(data: DataView, start: number, end: number, entry: ZipEntry): void {
  let at = start;
  while (at + 4 <= end) {
    const id = data.getUint16(at, true);
    const size = data.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const fieldEnd = Math.min(field + size, end);
      const take = (): number => {
        if (field + 8 > fieldEnd) throw corrupt('zip64 extra field too short');
        const value = u64(data, field);
        field += 8;
        return value;
      };
      if (entry.declaredSize === 0xffffffff) entry.declaredSize = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localOffset === 0xffffffff) entry.localOffset = take();
      return;
    }
    at += 4 + size;
  }
}

function decodeName(raw: Uint8Array, utf8: boolean): string {
  // Names flagged as not UTF-8 are CP437 in theory; office producers only write ASCII there.
  return new TextDecoder(utf8 ? 'utf-8' : 'latin1').decode(raw);
}

function readEntry(bytes: Uint8Array, data: DataView, at: number): { entry: ZipEntry; next: number } {
  if (at + 46 > data.byteLength || data.getUint32(at, true) !== CENTRAL_SIGNATURE) {
    throw corrupt('bad central directory entry');
  }
  const flags = data.getUint16(at + 8, true);
  const nameLength = data.getUint16(at + 28, true);
  const extraLength = data.getUint16(at + 30, true);
  const commentLength = data.getUint16(at + 32, true);
  const nameStart = at + 46;
  const extraStart = nameStart + nameLength;
  const next = extraStart + extraLength + commentLength;
  if (next > data.byteLength) throw corrupt('central directory entry overruns the archive');
  const entry: ZipEntry = {
    name: decodeName(bytes.subarray(nameStart, extraStart), (flags & 0x0800) !== 0),
    method: data.getUint16(at + 10, true),
    crc32: data.getUint32(at + 16, true),
    compressedSize: data.getUint32(at + 20, true),
    declaredSize: data.getUint32(at + 24, true),
    localOffset: data.getUint32(at + 42, true),
    encrypted: (flags & 0x0001) !== 0,
  };
  applyZip64Extra(data, extraStart, extraStart + extraLength, entry);
  return { entry, next };
}

/**
 * Lists the archive's entries from its central directory. Throws corrupt_document when the bytes
 * are not a readable ZIP, and document_too_complex past `maxEntries`.
 */
export function readDirectory(bytes: Uint8Array, maxEntries = Number.POSITIVE_INFINITY): ZipEntry[] {
  if (bytes.byteLength < EOCD_SIZE) throw corrupt('too short for a zip archive');
  const data = view(bytes);
  const bounds = directoryBounds(data);
  if (bounds.entryCount > maxEntries) {
    throw new AppError('document_too_complex', { limit_entries: maxEntries });
  }
  const entries: ZipEntry[] = [];
  let at = bounds.offset;
  for (let i = 0; i < bounds.entryCount; i++) {
    const { entry, next } = readEntry(bytes, data, at);
    entries.push(entry);
    at = next;
  }
  return entries;
}
