import type { FastifyInstance } from 'fastify';
import { normaliseEmail } from '../account-input.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { LoginThrottle } from '../login-throttle.ts';
import { MAX_PASSWORD_LENGTH, passwords, verifyAgainstDummy } from '../passwords.ts';
import { frameFor, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { formSecret, startSession } from '../sessions.ts';
import { loginForm } from '../views/account-forms.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website.ts';

/** One message for an unknown e-mail and a wrong password: the page never says which. */
export const WRONG_LOGIN = 'Incorrect email or password.';
export const THROTTLED = 'Too many attempts to log in. Wait 15 minutes, then try again.';

export function loginPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const throttle = new LoginThrottle(deps.store);

  web.get('/login', { schema: { hide: true } }, async (request, reply) => {
    if (request.webSession) return redirect(reply, '/keys');
    const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
    return sendPage(
      reply,
      PAGE_STATUS.ok,
      layout(frameFor(request, deps, 'Log in', '/login'), loginForm({ csrf })),
    );
  });

  web.post('/login', { schema: { hide: true } }, async (request, reply) => {
    const email = normaliseEmail(field(request.body, 'email'));
    const password = field(request.body, 'password').slice(0, MAX_PASSWORD_LENGTH + 1);
    const now = deps.now();
    const again = (status: number, error: string) => {
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      const page = layout(frameFor(request, deps, 'Log in', '/login'), loginForm({ csrf, email, error }));
      return sendPage(reply, status, page);
    };
    // Checked before the password, so that a guesser learns nothing once over the limit.
    if (await throttle.isThrottled(email, request.ip, now)) return again(PAGE_STATUS.throttled, THROTTLED);

    const login = await deps.store.findLogin(email);
    const good = login?.passwordHash
      ? await passwords.verify(password, login.passwordHash)
      : await verifyAgainstDummy(password);
    if (!good || !login) {
      await throttle.failed(email, request.ip, now);
      return again(PAGE_STATUS.wrongLogin, WRONG_LOGIN);
    }
    await throttle.succeeded(email, now);
    await startSession(deps.store, request, reply, {
      accountId: login.account.id,
      now,
      secure: deps.secureCookies,
    });
    return redirect(reply, '/keys');
  });
}
