import { AppError, isAppError } from '../../errors.ts';

/** What pdf.js's exceptions for damaged files mean, in words a client can act on. */
const PARSE_FAILURES: Record<string, string> = {
  InvalidPDFException: 'the file is not a valid PDF (truncated or damaged structure)',
  FormatError: 'the PDF contains malformed data',
};

/**
 * Any failure while reading a PDF, as an AppError. pdf.js messages may quote document content,
 * so only the exception's class decides the reason given, never its message.
 */
export function pdfFailure(error: unknown): AppError {
  if (isAppError(error)) return error;
  const name = error instanceof Object && 'name' in error ? String(error.name) : '';
  if (name === 'PasswordException') return new AppError('encrypted_document', { format: 'pdf' });
  const reason = PARSE_FAILURES[name] ?? 'the PDF could not be read';
  return new AppError('corrupt_document', { format: 'pdf', reason });
}
