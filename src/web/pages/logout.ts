import type { FastifyInstance } from 'fastify';
import { redirect } from '../respond.ts';
import { endSession } from '../sessions.ts';
import type { WebsiteDeps } from '../website-deps.ts';

export function logoutRoute(web: FastifyInstance, deps: WebsiteDeps): void {
  web.post('/logout', { schema: { hide: true } }, async (request, reply) => {
    if (request.webSession) await endSession(deps.store, request.webSession, reply, deps.secureCookies);
    return redirect(reply, '/');
  });
}
