import { AppError, isAppError } from '../errors.ts';
import { detectFormat } from './detect-format.ts';
import type { Document, DocumentFormat, DocumentReader, ReadContext } from './model.ts';

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
    const timeout = AbortSignal.timeout(context.limits.timeoutMs);
    const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
    let fail = () => {};
    const timedOut = new Promise<never>((_, reject) => {
      fail = () =>
        reject(
          timeout.aborted
            ? new AppError('document_too_complex', { limit_ms: context.limits.timeoutMs })
            : new AppError('unavailable', { reason: 'request aborted' }),
        );
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    });
    try {
      return await Promise.race([reader.read(bytes, { ...context, signal }), timedOut]);
    } catch (error) {
      if (isAppError(error)) throw error;
      onReaderFault(format, error);
      throw new AppError('corrupt_document', { format });
    } finally {
      // The time limit's signal lives until it fires (minutes): a listener left on it would keep
      // this read, and everything its reader allocated, alive until then.
      signal.removeEventListener('abort', fail);
    }
  };
}
