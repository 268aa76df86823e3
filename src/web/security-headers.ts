import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';

/**
 * The site's headers, set by @fastify/helmet on every answer of the service (pages, error pages, the
 * API's JSON alike): scripts and styles only as files from this service (no inline code, nothing from
 * elsewhere); no framing; no referrer leaving the site. HSTS only where the browser speaks HTTPS.
 */
export function siteHelmet(options: { https: boolean }): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // Not no-referrer: with it, Chromium sends "Origin: null" on a form post, which the origin check refuses.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.https ? { maxAge: 180 * 24 * 60 * 60 } : false,
  };
}

/**
 * The API docs page (swagger-ui) draws with inline styles and its own scripts: its policy allows
 * those, from this service only; the other headers are the site's.
 */
export const DOCS_HELMET = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'object-src': ["'none'"],
    },
  },
};

/** What helmet does not cover: every page shows account data, so none is cached; no device APIs. */
export function setSecurityHeaders(reply: FastifyReply, cacheable: boolean): void {
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  reply.header('cache-control', cacheable ? 'public, max-age=300' : 'no-store');
}
