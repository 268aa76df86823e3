import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStore } from '../accounts/account-store.ts';
import type { Plans } from '../accounts/plans.ts';
import type { EngineChoices } from '../engines/choose-engine.ts';
import type { ExtractionDeps } from '../extraction/extract-document.ts';
import type { JobSlots } from '../http/job-slots.ts';
import { describeFault } from '../http/log-safe.ts';
import { toAppError } from '../http/to-app-error.ts';
import type { UploadDeadline } from '../http/upload-deadline.ts';
import { assetRoutes } from './assets.ts';
import { isCrossSite, isValidCsrfToken } from './csrf.ts';
import { acceptForms, field } from './form-body.ts';
import { html } from './html.ts';
import { homePage } from './pages/home.ts';
import { keysPages } from './pages/keys.ts';
import { loginPages } from './pages/login.ts';
import { logoutRoute } from './pages/logout.ts';
import { playgroundPages } from './pages/playground.ts';
import { signupPages } from './pages/signup.ts';
import { usagePage } from './pages/usage.ts';
import { frameFor, refuseForm, type SiteOptions, sendPage } from './respond.ts';
import { setSecurityHeaders } from './security-headers.ts';
import { loadSession, postSecret } from './sessions.ts';
import { layout } from './views/layout.ts';

export interface WebsiteDeps extends ExtractionDeps, SiteOptions {
  store: AccountStore;
  plans: Plans;
  jobs: JobSlots;
  uploadDeadline?: UploadDeadline;
  now: () => Date;
  /** Engines the playground offers, as the API's `engine=`; `engine` is the default. */
  engines?: EngineChoices;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the form's token itself, once it has read a multipart body. */
    tokenInBody?: 'multipart';
  }
}

/** The website, in its own scope: its hooks, body parser and error pages touch no API route. */
export async function registerWebsite(app: FastifyInstance, deps: WebsiteDeps): Promise<void> {
  await app.register(async (web) => {
    web.decorateRequest('webSession', null);
    acceptForms(web);

    web.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/assets/')) return;
      request.webSession = await loadSession(deps.store, request, deps.now());
      if (request.webSession) request.logContext.accountId = request.webSession.account.id;
    });
    web.addHook('onSend', async (request, reply, payload) => {
      setSecurityHeaders(reply, request.url.startsWith('/assets/'));
      return payload;
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
  });
}
