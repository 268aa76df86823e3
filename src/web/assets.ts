import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  'site.css': 'text/css; charset=utf-8',
  'site.js': 'text/javascript; charset=utf-8',
};

/** The site's only assets, read once at start and served from memory: no CDN, no network. */
export function assetRoutes(web: FastifyInstance): void {
  for (const [name, type] of Object.entries(TYPES)) {
    const body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
    web.get(`/assets/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(type).send(body),
    );
  }
}
