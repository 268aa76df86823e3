import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { errorBody } from '../requests/error-body.ts';
import { describeFault } from '../requests/log-safe.ts';
import { toAppError } from '../requests/to-app-error.ts';

/** Where a person in a browser gets an HTML page instead (the website's 404 and 405). */
export interface HtmlErrorPages {
  wants(request: FastifyRequest): boolean;
  send(request: FastifyRequest, reply: FastifyReply, allowed: string[] | undefined): FastifyReply;
}

import { modelUseOutcome, setModelHeaders } from './model-headers.ts';

/** One error handler and one not-found handler for every route: every failure has the same body. */
export function registerErrorHandling(
  app: FastifyInstance,
  knownPaths: Map<string, Set<string>>,
  pages?: HtmlErrorPages,
): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500 && appError.code === 'internal_error') {
      request.log.error({ fault: describeFault(error) }, 'request failed');
    } else if (
      (appError.code === 'unavailable' || appError.code.startsWith('llm_')) &&
      appError.cause !== undefined
    ) {
      request.log.warn(
        { fault: describeFault(error), reason: appError.details.reason },
        'a dependency cannot serve the call',
      );
    }
    return sendError(reply, request, appError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const methods = knownPaths.get(path);
    const allowed = methods && !methods.has(request.method) ? [...methods] : undefined;
    if (pages?.wants(request)) return pages.send(request, reply, allowed);
    if (methods && !methods.has(request.method)) {
      reply.header('allow', [...methods].join(', '));
      return sendError(reply, request, new AppError('method_not_allowed', { allowed_methods: [...methods] }));
    }
    return sendError(reply, request, new AppError('not_found'));
  });
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  if (error.modelUse) {
    // A failed model's tokens are counted by its provider all the same: shown and recorded.
    const use = modelUseOutcome(error.modelUse);
    setModelHeaders(reply, use);
    if (request.logContext) Object.assign(request.logContext, use.usage);
  }
  // Serialised here, not by the route's response schemas: an error can come from any hook of any route.
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(error, request.id)));
}
