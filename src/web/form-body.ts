import type { FastifyInstance } from 'fastify';

/** Forms are small: an e-mail, a password, a key name and a token. */
const FORM_BODY_LIMIT = 16 * 1024;

export type FormBody = Record<string, string>;

/** application/x-www-form-urlencoded, for the pages' own forms (the playground posts multipart). */
export function acceptForms(web: FastifyInstance): void {
  web.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

export function field(body: unknown, name: string): string {
  const value = (body as FormBody | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}
