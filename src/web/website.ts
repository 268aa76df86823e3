import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeFault } from '../requests/log-safe.ts';
import { toAppError } from '../requests/to-app-error.ts';
import { assetRoutes } from './assets.ts';
import { isCrossSite, isValidCsrfToken } from './csrf.ts';
import { acceptForms, field } from './form-body.ts';
import { html } from './html.ts';
import { accountPages } from './pages/account.ts';
import { homePage } from './pages/home.ts';
import { keysPages } from './pages/keys.ts';
import { loginPages } from './pages/login.ts';
import { logoutRoute } from './pages/logout.ts';
import { passwordResetPages } from './pages/password-reset.ts';
import { playgroundPages } from './pages/playground.ts';
import { signupPages } from './pages/signup.ts';
import { usagePage } from './pages/usage.ts';
import { frameFor, missingPage, refuseForm, type SiteOptions, sendPage } from './respond.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { loadSession, postSecret } from './sessions.ts';
import { layout } from './views/layout.ts';
import type { WebsiteDeps } from './website-deps.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the form's token itself, once it has read a multipart body. */
    tokenInBody?: 'multipart';
    /** The page a post-only route's form is on: where a refused form sends the user back to. */
    formPage?: string;
  }
}

/** The website, in its own scope: its hooks, body parser and error pages touch no API route. */
export async function registerWebsite(app: FastifyInstance, deps: WebsiteDeps): Promise<void> {
  await app.register(async (web) => {
    await web.register(cookie);
    web.decorateRequest('webSession', null);
    acceptForms(web);

    web.addHook('onRequest', async (request, reply) => {
      setSecurityHeaders(reply, request.url.startsWith('/assets/'));
      if (request.url.startsWith('/assets/')) return;
      request.webSession = await loadSession(deps.store, request, deps.now());
      if (request.webSession) request.logContext.accountId = request.webSession.account.id;
    });
    // Before any handler: a cross-site post, or one without its token, changes nothing.
    web.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST') return;
      if (isCrossSite(request)) return refuseForm(request, reply, deps);
      if (request.routeOptions.config.tokenInBody === 'multipart') return;
      if (!isValidCsrfToken(postSecret(request), field(request.body, 'csrf'))) {
        return refuseForm(request, reply, deps);
      }
    });
    web.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(error);
      if (appError.status >= 500) request.log.error({ fault: describeFault(error) }, 'page failed');
      const message =
        appError.status >= 500
          ? 'Something went wrong on our side. Please try again in a moment.'
          : 'The form could not be read. Please go back and try again.';
      const body = html`<h1>Sorry</h1><p>${message}</p><p><a href="/">Back to the home page</a></p>`;
      return sendPage(reply, appError.status, layout(frameFor(request, deps, 'Sorry', ''), body));
    });

    assetRoutes(web);
    homePage(web, deps);
    signupPages(web, deps);
    loginPages(web, deps);
    logoutRoute(web, deps);
    keysPages(web, deps);
    usagePage(web, deps);
    playgroundPages(web, deps);
    accountPages(web, deps);
    passwordResetPages(web, deps);
  });
}

/** Machine paths, answered in JSON whoever asks. */
const MACHINE_PATHS = /^\/(api|health|metrics|openapi\.json|docs)(\/|$)/;

/**
 * The website's 404 and 405 (the app's not-found handler asks): an HTML page with a way back for a
 * browser on a website path; JSON, as before, for /api/* and for clients that do not ask for HTML.
 */
export function websiteErrorPages(site: SiteOptions) {
  return {
    wants(request: FastifyRequest): boolean {
      const path = request.url.split('?')[0] ?? '';
      return !MACHINE_PATHS.test(path) && String(request.headers.accept ?? '').includes('text/html');
    },
    send(request: FastifyRequest, reply: FastifyReply, allowed: string[] | undefined): FastifyReply {
      request.webSession ??= null;
      setSecurityHeaders(reply, false);
      return missingPage(request, reply, site, allowed);
    },
  };
}
