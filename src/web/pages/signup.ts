import type { FastifyInstance } from 'fastify';
import { DuplicateAccountError } from '../../accounts/account-store.ts';
import { normaliseEmail, signupProblem } from '../account-input.ts';
import { AttemptLimits, type Limit } from '../attempt-limits.ts';
import { clientNetwork } from '../client-network.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { passwords } from '../passwords.ts';
import { frameFor, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { formSecret } from '../sessions.ts';
import { signupForm } from '../views/account-forms.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website-deps.ts';

/** The plan a new account starts on, with that plan's monthly credit. */
export const SIGNUP_PLAN = 'free';
/** Accounts one address may make: a household or an office in an hour, not a farm of free credit. */
export const SIGNUPS_PER_ADDRESS: Limit = { max: 5, windowMs: 60 * 60 * 1000 };
export const SIGNUP_THROTTLED = 'Too many accounts were made from your network lately. Try again in an hour.';

export function signupPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const limits = new AttemptLimits(deps.store);

  web.get('/signup', { schema: { hide: true } }, async (request, reply) => {
    if (request.webSession) return redirect(reply, '/keys');
    const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
    return sendPage(
      reply,
      PAGE_STATUS.ok,
      layout(frameFor(request, deps, 'Sign up', '/signup'), signupForm({ csrf })),
    );
  });

  /**
   * The same answer whether the e-mail had an account or not (a redirect to log in): the page never
   * says who has an account. With SMTP the address's owner is told by e-mail which of the two it was.
   */
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
    const now = deps.now();
    const attempt = await limits.take(
      [{ kind: 'signup-address', values: [clientNetwork(request.ip)], limit: SIGNUPS_PER_ADDRESS }],
      now,
    );
    if (!attempt) return again(PAGE_STATUS.throttled, SIGNUP_THROTTLED);

    const plan = deps.paid.planNamed(SIGNUP_PLAN);
    // Hashed whether or not the e-mail is taken: the answer's timing is the same.
    const passwordHash = await passwords.hash(password);
    let created = true;
    try {
      await deps.store.createAccount({
        email,
        plan: SIGNUP_PLAN,
        credits: plan.monthlyCredits ?? 0,
        expiresAt: null,
        passwordHash,
      });
    } catch (error) {
      if (!(error instanceof DuplicateAccountError)) throw error;
      created = false;
    }
    if (deps.mailer) await deps.mailer.send(signupMail(email, created, deps.publicUrl ?? ''));
    return redirect(reply, '/login?done=signed-up');
  });
}

function signupMail(to: string, created: boolean, site: string) {
  return created
    ? {
        to,
        subject: 'Your docjson account',
        text: `Your docjson account was created with this e-mail address.\n\nLog in: ${site}/login\n\nIf you did not sign up, write back to us; nothing is charged to an account until it is used.\n`,
      }
    : {
        to,
        subject: 'Sign-up with your e-mail address',
        text: `Someone tried to sign up to docjson with this e-mail address, which already has an account. Nothing was changed.\n\nIf it was you: log in at ${site}/login, or choose a new password at ${site}/forgot-password\n`,
      };
}
