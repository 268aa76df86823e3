import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../../accounts/account-store.ts';

export const healthResponseSchema = {
  type: 'object',
  required: ['status', 'timestamp', 'version'],
  properties: {
    status: { type: 'string', enum: ['healthy', 'unhealthy'] },
    timestamp: { type: 'string', format: 'date-time' },
    version: { type: 'string' },
  },
} as const;

/** GET /health: no key; 503 "unhealthy" when the store cannot serve. */
export function healthRoute(
  app: FastifyInstance,
  deps: { store: AccountStore; version: string; now: () => Date },
) {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the service can serve',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const healthy = await deps.store.ping().then(
        () => true,
        () => false,
      );
      reply.code(healthy ? 200 : 503);
      return {
        status: healthy ? 'healthy' : 'unhealthy',
        timestamp: deps.now().toISOString(),
        version: deps.version,
      };
    },
  );
}
