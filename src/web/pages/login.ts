import type { FastifyInstance } from 'fastify';
import { normaliseEmail } from '../account-input.ts';
import { AttemptLimits } from '../attempt-limits.ts';
import { clientNetwork } from '../client-network.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { type LoginAttempt, LoginThrottle } from '../login-throttle.ts';
import { MAX_PASSWORD_LENGTH, passwords, verifyAgainstDummy } from '../passwords.ts';
import { frameFor, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { formSecret, knownDevice, rememberDevice, startSession } from '../sessions.ts';
import { loginForm } from '../views/account-forms.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website-deps.ts';

/** One message for an unknown e-mail and a wrong password: the page never says which. */
export const WRONG_LOGIN = 'Incorrect email or password.';
export const THROTTLED =
  'Too many attempts to log in. Wait 15 minutes, then try again, or choose “Forgot password?”.';

/** Notices a redirect to the log-in page carries (post/redirect/get): a fixed list, never text from the URL. */
const NOTICES: Record<string, string> = {
  'signed-up': 'Your account is ready if this e-mail had none: log in with your e-mail and password.',
  reset: 'Your password was changed. Log in with the new one.',
  deleted: 'Your account was deleted.',
};

export function loginPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const throttle = new LoginThrottle(new AttemptLimits(deps.store));

  web.get<{ Querystring: { done?: string } }>(
    '/login',
    { schema: { hide: true } },
    async (request, reply) => {
      if (request.webSession) return redirect(reply, '/keys');
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      const notice = NOTICES[request.query.done ?? ''];
      return sendPage(
        reply,
        PAGE_STATUS.ok,
        layout(
          frameFor(request, deps, 'Log in', '/login'),
          loginForm({ csrf, ...(notice ? { notice } : {}) }),
        ),
      );
    },
  );

  web.post('/login', { schema: { hide: true } }, async (request, reply) => {
    const email = normaliseEmail(field(request.body, 'email'));
    const password = field(request.body, 'password').slice(0, MAX_PASSWORD_LENGTH + 1);
    const now = deps.now();
    const again = (status: number, error: string) => {
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      const page = layout(frameFor(request, deps, 'Log in', '/login'), loginForm({ csrf, email, error }));
      return sendPage(reply, status, page);
    };
    const found = await deps.store.findLogin(email);
    const login: LoginAttempt = {
      email,
      address: clientNetwork(request.ip),
      knownDevice: await knownDevice(deps.store, request, found?.account.id, now),
    };
    // Counted before the password is checked: of attempts sent at once, no more than the limit are checked.
    const attempt = await throttle.start(login, now);
    if (!attempt) return again(PAGE_STATUS.throttled, THROTTLED);

    const good = found?.passwordHash
      ? await passwords.verify(password, found.passwordHash)
      : await verifyAgainstDummy(password);
    if (!good || !found) {
      await throttle.failed(now);
      return again(PAGE_STATUS.wrongLogin, WRONG_LOGIN);
    }
    await throttle.succeeded(attempt, login, now);
    const session = { accountId: found.account.id, now, secure: deps.secureCookies };
    await startSession(deps.store, request, reply, session);
    await rememberDevice(deps.store, request, reply, session);
    return redirect(reply, '/keys');
  });
}
