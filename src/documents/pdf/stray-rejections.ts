/**
 * pdf.js runs its worker code on the main thread in Node, and on some damaged files it leaves a
 * promise behind that rejects after the reader has already answered (and destroyed the document):
 * nobody can catch it, and Node's default is to crash on it. Such a rejection is pdf.js's own
 * bookkeeping, not a fault of the request (which already got its 400), so the server ignores it;
 * any other unhandled rejection is still a bug and still fatal.
 */
export function isStrayPdfRejection(reason: unknown): boolean {
  if (!(reason instanceof Error) && (typeof reason !== 'object' || reason === null)) return false;
  const stack = String((reason as { stack?: unknown }).stack ?? '');
  // pdf.js's exceptions carry the stack of their class's definition, inside the package.
  return /[/\\]pdfjs-dist[/\\]/.test(stack);
}

/** The error's class name, never its message: pdf.js messages may quote the document. */
export function rejectionName(reason: unknown): string {
  return reason instanceof Error || (typeof reason === 'object' && reason !== null && 'name' in reason)
    ? String((reason as { name: unknown }).name)
    : typeof reason;
}
