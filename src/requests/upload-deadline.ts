import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { clientGone } from './client-left.ts';

/** How long an upload may take: at most `idleMs` without a byte, at most `totalMs` in all. */
export interface UploadDeadline {
  idleMs: number;
  totalMs: number;
}

export const DEFAULT_UPLOAD_DEADLINE: UploadDeadline = { idleMs: 15_000, totalMs: 120_000 };

/**
 * Runs `read` (a multipart parse of the request's body) so that it ends on every path: a client that
 * left (before or during the read) rejects it at once, and one that stalls or dawdles past the
 * deadline gets 408 upload_timeout. The parser only hears of a close that happens after it starts:
 * one that came before would leave it waiting for ever, and the request holding its place.
 */
export async function withinUploadDeadline<T>(
  request: FastifyRequest,
  deadline: UploadDeadline,
  read: () => Promise<T>,
): Promise<T> {
  const raw = request.raw;
  if (raw.destroyed || raw.socket?.destroyed) throw clientGone();
  const stop = Promise.withResolvers<never>();
  const total = setTimeout(
    () => stop.reject(new AppError('upload_timeout', { limit_ms: deadline.totalMs })),
    deadline.totalMs,
  );
  let idle: NodeJS.Timeout | undefined;
  const onData = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => stop.reject(new AppError('upload_timeout', { idle_limit_ms: deadline.idleMs })),
      deadline.idleMs,
    );
  };
  const onClose = () => {
    if (!raw.complete) stop.reject(clientGone());
  };
  onData();
  raw.on('data', onData);
  raw.once('close', onClose);
  const reading = read();
  // Once the race is lost the parser still ends (the socket closes), and its error is nobody's.
  reading.catch(() => {});
  try {
    return await Promise.race([reading, stop.promise]);
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    raw.off('data', onData);
    raw.off('close', onClose);
  }
}
