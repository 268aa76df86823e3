import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { passwordProblem } from '../account-input.ts';
import { AttemptLimits, type Limit } from '../attempt-limits.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { MAX_PASSWORD_LENGTH, passwords } from '../passwords.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { endSession, hashSecret } from '../sessions.ts';
import { type AccountView, accountView } from '../views/account-forms.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website-deps.ts';

/** Password checks on this page, per account: someone at an unattended browser cannot guess on and on. */
export const ACCOUNT_PASSWORD_CHECKS: Limit = { max: 5, windowMs: 15 * 60 * 1000 };
const WRONG_PASSWORD = 'The password is not right.';
const TOO_MANY = 'Too many wrong passwords. Wait 15 minutes, then try again.';

const NOTICES: Record<string, string> = {
  password: 'Your password was changed. Your other sessions have ended.',
};

export function accountPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const limits = new AttemptLimits(deps.store);
  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: Partial<AccountView> = {},
  ) => {
    const session = request.webSession!;
    const view = accountView({ csrf: csrfToken(session.id), email: session.account.email, ...extra });
    return sendPage(reply, status, layout(frameFor(request, deps, 'Account', '/account'), view));
  };

  /** The account's password, checked under its own limit; the answer in words when it is not right. */
  async function checkPassword(request: FastifyRequest, name: string): Promise<string | null> {
    const account = request.webSession!.account;
    const now = deps.now();
    const attempt = await limits.take(
      [{ kind: 'account-password', values: [account.id], limit: ACCOUNT_PASSWORD_CHECKS }],
      now,
    );
    if (!attempt) return TOO_MANY;
    const login = await deps.store.findLogin(account.email);
    const given = field(request.body, name).slice(0, MAX_PASSWORD_LENGTH + 1);
    if (!login?.passwordHash || !(await passwords.verify(given, login.passwordHash))) return WRONG_PASSWORD;
    await limits.succeeded(attempt, [], now);
    return null;
  }

  web.get<{ Querystring: { done?: string } }>(
    '/account',
    { schema: { hide: true }, onRequest: mustBeLoggedIn },
    async (request, reply) => {
      const notice = NOTICES[request.query.done ?? ''];
      return show(request, reply, PAGE_STATUS.ok, notice ? { notice } : {});
    },
  );

  web.post(
    '/account/password',
    { schema: { hide: true }, onRequest: mustBeLoggedIn, config: { formPage: '/account' } },
    async (request, reply) => {
      const session = request.webSession!;
      const next = field(request.body, 'password');
      const problem = passwordProblem(next);
      if (problem) return show(request, reply, PAGE_STATUS.badForm, { passwordError: problem });
      const wrong = await checkPassword(request, 'current');
      if (wrong) {
        const status = wrong === TOO_MANY ? PAGE_STATUS.throttled : PAGE_STATUS.forbidden;
        return show(request, reply, status, { passwordError: wrong });
      }
      await deps.store.setPassword(session.account.id, await passwords.hash(next));
      // Whoever else held a session (a stolen cookie, a forgotten browser) is out; this one stays.
      await deps.store.deleteSessionsOfAccount(session.account.id, hashSecret(session.id));
      return redirect(reply, '/account?done=password');
    },
  );

  web.post(
    '/account/delete',
    { schema: { hide: true }, onRequest: mustBeLoggedIn, config: { formPage: '/account' } },
    async (request, reply) => {
      const session = request.webSession!;
      const wrong = await checkPassword(request, 'password');
      if (wrong) {
        const status = wrong === TOO_MANY ? PAGE_STATUS.throttled : PAGE_STATUS.forbidden;
        return show(request, reply, status, { deleteError: wrong });
      }
      // Keys, sessions and calls go with the account, in one transaction: its keys fail from now on.
      await deps.store.deleteAccount(session.account.id);
      await endSession(deps.store, session, reply, deps.secureCookies);
      return redirect(reply, '/login?done=deleted');
    },
  );
}
