import type { FastifyReply, FastifyRequest } from 'fastify';

/** The website's cookies, parsed and written by @fastify/cookie (registered in the website's scope). */

/** Our values are base64url (or an API key's base 62); anything else is not one of ours. */
const OUR_VALUE = /^[A-Za-z0-9_-]{1,128}$/;

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies?.[name];
  return value !== undefined && OUR_VALUE.test(value) ? value : undefined;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  /** Only sent to this path and below; the whole site without it. */
  path?: string;
}

/** HttpOnly and SameSite=Lax always: no script reads them, and no cross-site post carries them. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.setCookie(name, value, {
    path: options.path ?? '/',
    maxAge: options.maxAge,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
}
