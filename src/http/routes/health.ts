import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../../accounts/account-store.ts';
import type { JobSlots } from '../../extraction/job-slots.ts';

export const healthResponseSchema = {
  type: 'object',
  required: ['status', 'timestamp', 'version'],
  properties: {
    status: { type: 'string', enum: ['healthy', 'unhealthy'] },
    timestamp: { type: 'string', format: 'date-time' },
    version: { type: 'string' },
  },
} as const;

/** A store that has not answered in this long cannot serve: a proxy's health check must hear so in time. */
const PING_TIMEOUT_MS = 800;

/**
 * GET /health: no key; 503 "unhealthy" when the instance cannot serve: its store does not answer
 * within PING_TIMEOUT_MS, or every job slot is held by a stuck job (so the instance admits nothing).
 */
export function healthRoute(
  app: FastifyInstance,
  deps: { store: AccountStore; jobs: Pick<JobSlots, 'health'>; version: string; now: () => Date },
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
      const healthy = deps.jobs.health().ok && (await answersWithin(deps.store.ping(), PING_TIMEOUT_MS));
      reply.code(healthy ? 200 : 503);
      return {
        status: healthy ? 'healthy' : 'unhealthy',
        timestamp: deps.now().toISOString(),
        version: deps.version,
      };
    },
  );
}

async function answersWithin(ping: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      ping.then(
        () => true as const,
        () => false as const,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
