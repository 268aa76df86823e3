import type { FastifyReply } from 'fastify';

/**
 * Scripts and styles only as files from this service (no inline code, nothing from elsewhere);
 * no framing; no referrer leaving the site (same-origin). Every page shows account data, so none is cached.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function setSecurityHeaders(reply: FastifyReply, cacheable: boolean): void {
  reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  reply.header('x-frame-options', 'DENY');
  // Not no-referrer: with it, Chromium sends "Origin: null" on a form post, which the origin check refuses.
  reply.header('referrer-policy', 'same-origin');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  reply.header('cache-control', cacheable ? 'public, max-age=300' : 'no-store');
}
