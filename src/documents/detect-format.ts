import { AppError } from '../errors.ts';
import { ACCEPTED_FORMATS, type DocumentFormat } from './model.ts';
import { decodeText } from './text/decode-text.ts';
import { isCompoundFile, isEncryptedOffice } from './zip/encrypted-office.ts';
import { zipKind } from './zip/zip-archive.ts';

const startsWith = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);

/**
 * The format, from the bytes alone; an OOXML package by its part names, without inflating it. The one
 * gate of formats and encryption: readers are reached only through it (read-document.ts), so none of
 * them checks again (a PDF's password is pdf.js's to find, in pdf-errors.ts).
 */
export function detectFormat(bytes: Uint8Array): DocumentFormat {
  if (bytes.length === 0) throw new AppError('empty_file');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    const kind = zipKind(bytes);
    if (kind) return kind;
    throw unsupported('a zip archive that is neither DOCX nor XLSX');
  }
  if (isCompoundFile(bytes)) {
    // Office stores a password-protected DOCX/XLSX as an OLE container with an EncryptionInfo stream.
    if (isEncryptedOffice(bytes)) throw new AppError('encrypted_document');
    throw unsupported('a legacy Office file (.doc/.xls); save it as DOCX or XLSX');
  }
  if (decodeText(bytes.subarray(0, 64 * 1024)) !== null && decodeText(bytes) !== null) return 'text';
  throw unsupported();
}

function unsupported(detected?: string): AppError {
  return new AppError('unsupported_format', {
    accepted_formats: [...ACCEPTED_FORMATS],
    ...(detected ? { detected } : {}),
  });
}
