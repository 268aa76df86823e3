import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The only facts a request's log line may carry: its shape, never its content. */
export interface LogContext {
  accountId?: string;
  format?: string;
  bytes?: number;
  pages?: number;
  /** Tokens a language model used for the call (llm, hybrid): counts, never content. */
  inputTokens?: number;
  outputTokens?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    logContext: LogContext;
    startedAt: number;
  }
}

/** The status a request is logged with when its client closed the connection before the answer. */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * One line per request, at info level, written when the response is done, or when the client hung
 * up first: Fastify then runs no onResponse hook (nothing was sent), and the request is logged as 499,
 * a client's doing, not a fault. `onEnd` sees every line once, with its request.
 */
export function registerRequestLog(
  app: FastifyInstance,
  onEnd?: (line: RequestLogLine, request: FastifyRequest) => Promise<void> | void,
): void {
  const ended = new WeakSet<FastifyRequest>();
  const end = async (request: FastifyRequest, status: number) => {
    if (ended.has(request)) return;
    ended.add(request);
    const line: RequestLogLine = {
      route: request.routeOptions.url ?? 'unknown',
      method: request.method,
      status,
      durationMs: Math.round((performance.now() - request.startedAt) * 10) / 10,
      ...request.logContext,
    };
    request.log.info(line, 'request');
    await onEnd?.(line, request);
  };
  app.decorateRequest('logContext', null as unknown as LogContext);
  app.decorateRequest('startedAt', 0);
  app.addHook('onRequest', async (request, reply) => {
    request.logContext = {};
    request.startedAt = performance.now();
    reply.header('x-request-id', request.id);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) void end(request, CLIENT_CLOSED_STATUS);
    });
  });
  app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
}

export interface RequestLogLine extends LogContext {
  route: string;
  method: string;
  status: number;
  durationMs: number;
}
