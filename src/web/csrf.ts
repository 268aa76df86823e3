import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * A form's token is an HMAC keyed by the secret the browser holds in an HttpOnly cookie: the session
 * id once logged in, a random form secret before. Only that browser can present a matching pair, and
 * a new session (log-in, log-out) makes every older token worthless.
 */
export function csrfToken(secret: string): string {
  return createHmac('sha256', secret).update('docjson form token').digest('base64url');
}

export function isValidCsrfToken(secret: string | undefined, token: unknown): boolean {
  if (!secret || typeof token !== 'string') return false;
  const expected = Buffer.from(csrfToken(secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The browser's own word on where a post comes from. Sec-Fetch-Site is sent by every current
 * browser; Origin by nearly all on a post. Clients that send neither rely on the token alone.
 * The Origin must name this host; its scheme may be ours or https: behind a proxy that ends TLS and
 * sends no X-Forwarded-Proto we see http where the browser speaks https (an https page is never the
 * weaker origin).
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== `${request.protocol}://${request.host}` && origin !== `https://${request.host}`;
}
