import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { generateRequestBody } from './routes/generate-schema.ts';

/** OpenAPI 3.1 at /openapi.json, generated from the route schemas, and a docs page at /docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  /** The docs page's own header policy (helmet's route config): swagger-ui draws with inline styles. */
  docsHelmet?: object,
): Promise<void> {
  if (docsHelmet) {
    app.addHook('onRoute', (route) => {
      if (route.url === '/docs' || route.url.startsWith('/docs/')) {
        route.config = { ...(route.config ?? {}), helmet: docsHelmet } as typeof route.config;
      }
    });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'docjson',
        version,
        description: 'Typed JSON fields from PDF, images, DOCX, XLSX and text documents.',
      },
      components: {
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' } },
      },
    },
    transformObject: (documentObject) => {
      const spec =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      const post = (spec.paths as Record<string, Record<string, Record<string, unknown>>> | undefined)?.[
        '/api/v1/generate'
      ]?.post;
      if (post) post.requestBody = generateRequestBody;
      return spec;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
