import { AppError, isAppError } from '../errors.ts';
import { detectFormat } from './detect-format.ts';
import type { Document, DocumentFormat, DocumentReader, ReadContext } from './model.ts';
import { readDeadline } from './read-deadline.ts';

export type ReaderRegistry = Partial<Record<DocumentFormat, DocumentReader>>;

export type ReadDocument = (bytes: Uint8Array, context: ReadContext) => Promise<Document>;

/**
 * Chooses the reader by sniffed bytes and runs it under the time guard. A failure that is not one of
 * ours is a decoder choking on malformed input: the document is corrupt, not the service broken.
 */
export function createDocumentReading(
  readers: ReaderRegistry,
  onReaderFault: (format: DocumentFormat, error: unknown) => void = () => {},
): ReadDocument {
  return async (bytes, context) => {
    const format = detectFormat(bytes);
    const reader = readers[format];
    if (!reader)
      throw new AppError('unsupported_format', { detected: format, reason: 'not enabled on this server' });
    // The one time guard of this reading: the reader races its own steps against it too.
    const deadline = readDeadline(context.limits.timeoutMs, context.signal);
    try {
      return await deadline.race(reader.read(bytes, { ...context, signal: deadline.signal, deadline }));
    } catch (error) {
      if (isAppError(error)) throw error;
      onReaderFault(format, error);
      throw new AppError('corrupt_document', { format });
    }
  };
}
