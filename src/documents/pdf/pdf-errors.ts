import { AppError, isAppError } from '../../errors.ts';

/** Exception names pdf.js uses for damaged or unreadable files. */
const PARSE_FAILURES = new Set([
  'InvalidPDFException',
  'FormatError',
  'UnknownErrorException',
  'ResponseException',
]);

/**
 * Any failure while reading a PDF, as an AppError. pdf.js messages may quote document content,
 * so only the exception's class name is kept, never its message.
 */
export function pdfFailure(error: unknown): AppError {
  if (isAppError(error)) return error;
  const name = error instanceof Object && 'name' in error ? String(error.name) : '';
  if (name === 'PasswordException') return new AppError('encrypted_document', { format: 'pdf' });
  const reason = PARSE_FAILURES.has(name) ? name : 'unreadable';
  return new AppError('corrupt_document', { format: 'pdf', reason });
}
