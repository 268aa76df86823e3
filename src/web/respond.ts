import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfToken } from './csrf.ts';
import { type Html, html } from './html.ts';
import { layout, type PageFrame } from './views/layout.ts';

/** The statuses the pages answer with; the API's own come from src/errors.ts. */
export const PAGE_STATUS = {
  ok: 200,
  seeOther: 303,
  badForm: 400,
  wrongLogin: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  throttled: 429,
} as const;

export interface SiteOptions {
  docs: boolean;
  secureCookies: boolean;
}

export function sendPage(reply: FastifyReply, status: number, document: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(document);
}

export function redirect(reply: FastifyReply, to: string): FastifyReply {
  return reply.code(PAGE_STATUS.seeOther).header('location', to).send();
}

/** The frame of a page for whoever asks: the navigation and Log out form when logged in. */
export function frameFor(request: FastifyRequest, site: SiteOptions, title: string, path: string): PageFrame {
  const session = request.webSession;
  return {
    title,
    path,
    docs: site.docs,
    ...(session ? { user: { email: session.account.email, csrf: csrfToken(session.id) } } : {}),
  };
}

/** The token field every state-changing form carries. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

/**
 * The page a form was sent from, to go back to: the route's `formPage` (a post-only path such as
 * /keys/:id/revoke has no page of its own), else the path itself.
 */
export function formPageOf(request: FastifyRequest): string {
  return request.routeOptions.config.formPage ?? request.url.split('?')[0] ?? '/';
}

/** A refused post changes nothing and says why in words a person can act on. */
export function refuseForm(request: FastifyRequest, reply: FastifyReply, site: SiteOptions): FastifyReply {
  const body = html`<h1>This form was not accepted</h1>
<p>It has expired, or it was sent from another site. Nothing was changed.</p>
<p><a href="${formPageOf(request)}">Open the page again</a> and send the form from there.</p>`;
  return sendPage(reply, PAGE_STATUS.forbidden, layout(frameFor(request, site, 'Form refused', ''), body));
}

/** 404 and 405 for a person in a browser: what happened, and the way back. */
export function missingPage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: SiteOptions,
  allowed: string[] | undefined,
): FastifyReply {
  const home = html`<p><a href="/">Back to the home page</a></p>`;
  if (allowed) {
    reply.header('allow', allowed.join(', '));
    const body = html`<h1>This address is not a page</h1>
<p>It is used by a form, and opening it does nothing. Go back to the page you came from and use the form there.</p>
${home}`;
    return sendPage(
      reply,
      PAGE_STATUS.methodNotAllowed,
      layout(frameFor(request, site, 'Not a page', ''), body),
    );
  }
  const body = html`<h1>Page not found</h1>
<p>There is no page at this address. It may have been mistyped, or the page may have moved.</p>
${home}`;
  return sendPage(reply, PAGE_STATUS.notFound, layout(frameFor(request, site, 'Page not found', ''), body));
}

/** Route-level onRequest for the pages of a logged-in user: a visitor is sent to log in. */
export async function mustBeLoggedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.webSession) return redirect(reply, '/login');
}
