import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How much of a refused body is read and thrown away so that the connection stays usable. */
export interface DrainBounds {
  /** Body bytes still to come at the refusal: at most this many keep the connection alive. */
  maxBytes: number;
  /** Time allowed to read them (or, when closing, to linger) before the socket is destroyed. */
  maxMs: number;
}

export const DEFAULT_DRAIN_BOUNDS: DrainBounds = { maxBytes: 4 * 1024 * 1024, maxMs: 5_000 };

declare module 'fastify' {
  interface FastifyRequest {
    /** The socket's bytesRead when the request began: what of the body was read is counted from it. */
    socketBytesAtStart: number;
  }
}

/**
 * An answer sent before the request body was fully read (401/402/429/503 before reading, a file over
 * the plan's limit refused while streaming) must not leave the connection in a state the client
 * cannot reuse. Left alone, the rest of the body sits unread: the multipart parser stalls on the part
 * nobody consumes, the socket stops reading, and a keep-alive client's next call on it hangs or is
 * reset.
 *
 * So, from the refusal on, the rest of the body is read and discarded, within bounds:
 * - little left (≤ maxBytes, declared by Content-Length): the answer keeps the connection alive and
 *   the rest is drained; a client that has not sent it within maxMs loses the connection.
 * - much left, or a length not declared: the answer says `Connection: close`, and the server
 *   lingers (reads and discards, for maxMs and maxBytes at most) before closing, because closing a
 *   socket with unread data sends a TCP reset that can wipe the answer from the client's buffers.
 */
export function registerEarlyRefusal(app: FastifyInstance, bounds: DrainBounds = DEFAULT_DRAIN_BOUNDS): void {
  app.decorateRequest('socketBytesAtStart', 0);
  app.addHook('onRequest', async (request) => {
    request.socketBytesAtStart = request.raw.socket?.bytesRead ?? 0;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    const socket: unknown = raw.socket;
    // Only a real connection (TCP or TLS) has a rest to drain; inject()'s stand-in has none.
    if (!(socket instanceof Socket) || socket.destroyed || raw.complete || raw.destroyed) return payload;

    const declared = Number(raw.headers['content-length']);
    const readSoFar = Math.max(0, socket.bytesRead - request.socketBytesAtStart);
    const remaining = Number.isFinite(declared) ? declared - readSoFar : Number.POSITIVE_INFINITY;
    const closing =
      remaining > bounds.maxBytes || String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';

    discardRest(raw, socket, bounds);
    if (closing) {
      reply.header('connection', 'close');
      lingerOnClose(socket, bounds.maxMs);
    }
    return payload;
  });
}

/** Takes the body from whoever was reading it (the multipart parser) and throws it away. */
function discardRest(raw: IncomingMessage, socket: Socket, bounds: DrainBounds): void {
  raw.unpipe();
  raw.removeAllListeners('data');
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > bounds.maxBytes) socket.destroy();
  });
  raw.resume();
  const timer = setTimeout(() => socket.destroy(), bounds.maxMs);
  timer.unref();
  // 'close' on the request: its body ended, or its socket is gone. Nothing is left on the socket.
  raw.once('close', () => clearTimeout(timer));
}

/**
 * Node closes a `Connection: close` response's socket as soon as the answer is flushed; with body
 * bytes still unread that close is a reset. Half-close instead (the client sees the answer and a
 * FIN), keep reading, and destroy only when the client closes or the time is up.
 */
function lingerOnClose(socket: Socket, maxMs: number): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), maxMs);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
