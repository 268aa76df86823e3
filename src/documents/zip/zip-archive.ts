/**
 * Safe access to the ZIP containers of DOCX and XLSX: entry and size limits are enforced on what
 * is really inflated, never on what the archive declares.
 */
import { AppError } from '../../errors.ts';
import type { ReadLimits } from '../model.ts';
import { readDirectory, type ZipEntry } from './zip-directory.ts';
import { concatChunks, type InflateBudget, inflateEntry } from './zip-inflate.ts';

export type { ZipEntry } from './zip-directory.ts';

type ZipLimits = Pick<ReadLimits, 'maxZipEntries' | 'maxUncompressedBytes'>;

/** Entries of the archive (directories included), from its central directory. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] {
  return readDirectory(bytes);
}

function isDirectory(entry: ZipEntry): boolean {
  return entry.name.endsWith('/');
}

function checkedEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const entries = readDirectory(bytes, limits.maxZipEntries);
  if (entries.length > limits.maxZipEntries) {
    throw new AppError('document_too_complex', { limit_entries: limits.maxZipEntries });
  }
  return entries;
}

/**
 * Inflates the wanted entries (all files by default) into memory. The uncompressed limit applies
 * to the sum of what is really inflated; the entry limit to the whole archive.
 */
export function readZip(
  bytes: Uint8Array,
  limits: ZipLimits,
  wanted: (name: string) => boolean = () => true,
): Map<string, Uint8Array> {
  const budget: InflateBudget = { used: 0, limit: limits.maxUncompressedBytes };
  const files = new Map<string, Uint8Array>();
  for (const entry of checkedEntries(bytes, limits)) {
    if (isDirectory(entry) || !wanted(entry.name)) continue;
    const chunks: Uint8Array[] = [];
    inflateEntry(bytes, entry, budget, (chunk) => chunks.push(chunk));
    files.set(entry.name, chunks.length === 0 ? new Uint8Array(0) : concatChunks(chunks));
  }
  return files;
}

/**
 * Inflates every file without keeping it, to prove the archive fits the limits before a library
 * that trusts it (exceljs) unpacks it. `inspect` sees each entry's chunks in order, e.g. to count.
 * Returns the total of inflated bytes.
 */
export function measureZip(
  bytes: Uint8Array,
  limits: ZipLimits,
  inspect?: (name: string, chunk: Uint8Array) => void,
): number {
  const budget: InflateBudget = { used: 0, limit: limits.maxUncompressedBytes };
  for (const entry of checkedEntries(bytes, limits)) {
    if (isDirectory(entry)) continue;
    inflateEntry(bytes, entry, budget, (chunk) => inspect?.(entry.name, chunk));
  }
  return budget.used;
}

/**
 * Which office format a ZIP holds, from entry names alone (cheap enough for format sniffing).
 * Part names are case-insensitive in OPC, hence the lower-casing.
 */
export function zipKind(bytes: Uint8Array): 'docx' | 'xlsx' | null {
  let names: Set<string>;
  try {
    names = new Set(readDirectory(bytes).map((entry) => entry.name.toLowerCase()));
  } catch {
    return null;
  }
  if (!names.has('[content_types].xml')) return null;
  if (names.has('word/document.xml')) return 'docx';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  return null;
}
