import type { FastifyInstance } from 'fastify';

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

/** One line per request, written when the response is done. */
export function registerRequestLog(app: FastifyInstance, onCall?: (line: RequestLogLine) => void): void {
  app.decorateRequest('logContext', null as unknown as LogContext);
  app.decorateRequest('startedAt', 0);
  app.addHook('onRequest', async (request, reply) => {
    request.logContext = {};
    request.startedAt = performance.now();
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const line: RequestLogLine = {
      route: request.routeOptions.url ?? 'unknown',
      method: request.method,
      status: reply.statusCode,
      durationMs: Math.round((performance.now() - request.startedAt) * 10) / 10,
      ...request.logContext,
    };
    request.log.info(line, 'request');
    onCall?.(line);
  });
}

export interface RequestLogLine extends LogContext {
  route: string;
  method: string;
  status: number;
  durationMs: number;
}
