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

/** A refused post changes nothing and says why in words a person can act on. */
export function refuseForm(request: FastifyRequest, reply: FastifyReply, site: SiteOptions): FastifyReply {
  const body = html`<h1>This form was not accepted</h1>
<p>It has expired, or it was sent from another site. Nothing was changed.</p>
<p><a href="${request.url.split('?')[0]}">Open the page again</a> and send the form from there.</p>`;
  return sendPage(reply, PAGE_STATUS.forbidden, layout(frameFor(request, site, 'Form refused', ''), body));
}

/** Route-level onRequest for the pages of a logged-in user: a visitor is sent to log in. */
export async function mustBeLoggedIn(request: FastifyRequest, reply: FastifyReply) {
  if (!request.webSession) return redirect(reply, '/login');
}
