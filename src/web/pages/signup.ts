import type { FastifyInstance } from 'fastify';
import { DuplicateAccountError } from '../../accounts/account-store.ts';
import { normaliseEmail, signupProblem } from '../account-input.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { passwords } from '../passwords.ts';
import { frameFor, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { formSecret, startSession } from '../sessions.ts';
import { signupForm } from '../views/account-forms.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website.ts';

/** The plan a new account starts on, with that plan's monthly credit. */
const SIGNUP_PLAN = 'free';

export function signupPages(web: FastifyInstance, deps: WebsiteDeps): void {
  web.get('/signup', { schema: { hide: true } }, async (request, reply) => {
    if (request.webSession) return redirect(reply, '/keys');
    const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
    return sendPage(
      reply,
      PAGE_STATUS.ok,
      layout(frameFor(request, deps, 'Sign up', '/signup'), signupForm({ csrf })),
    );
  });

  web.post('/signup', { schema: { hide: true } }, async (request, reply) => {
    const email = normaliseEmail(field(request.body, 'email'));
    const password = field(request.body, 'password');
    const again = (status: number, error: string) => {
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      const page = layout(frameFor(request, deps, 'Sign up', '/signup'), signupForm({ csrf, email, error }));
      return sendPage(reply, status, page);
    };
    const problem = signupProblem(email, password, field(request.body, 'confirm'));
    if (problem) return again(PAGE_STATUS.badForm, problem);

    const plan = deps.plans[SIGNUP_PLAN];
    if (!plan) throw new Error(`the "${SIGNUP_PLAN}" plan is not configured`);
    let accountId: string;
    try {
      const account = await deps.store.createAccount({
        email,
        plan: SIGNUP_PLAN,
        credits: plan.monthlyCredits ?? 0,
        expiresAt: null,
        passwordHash: await passwords.hash(password),
      });
      accountId = account.id;
    } catch (error) {
      if (!(error instanceof DuplicateAccountError)) throw error;
      return again(PAGE_STATUS.conflict, 'An account with this e-mail already exists. Log in instead.');
    }
    await startSession(deps.store, request, reply, {
      accountId,
      now: deps.now(),
      secure: deps.secureCookies,
    });
    return redirect(reply, '/keys');
  });
}
