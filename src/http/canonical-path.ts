import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * One spelling per route. The router decodes percent-escapes before it matches, so `/%6Detrics` was
 * answered as /metrics, past any proxy rule written for `/metrics`. A route without parameters is
 * written in plain characters, so a path that reaches one through an escape is another spelling of
 * it: 404, as an unknown path is.
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || route.includes(':') || route.includes('*')) return;
    if (request.url.split('?', 1)[0]!.includes('%')) throw new AppError('not_found');
  });
}
