import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashResetToken, issueResetLink } from '../../accounts/password-reset.ts';
import { describeFault } from '../../requests/log-safe.ts';
import { normaliseEmail, passwordProblem, TWO_PASSWORDS_DIFFER } from '../account-input.ts';
import { AttemptLimits, type Limit } from '../attempt-limits.ts';
import { clientNetwork } from '../client-network.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import type { Html } from '../html.ts';
import { passwords } from '../passwords.ts';
import { frameFor, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { formSecret, rememberDevice } from '../sessions.ts';
import { forgotForm, resetForm, resetLinkDead } from '../views/account-forms.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website-deps.ts';

/** Reset e-mails: a few per address and per e-mail an hour, so that the form cannot flood an inbox. */
export const RESET_REQUESTS_PER_ADDRESS: Limit = { max: 5, windowMs: 60 * 60 * 1000 };
export const RESET_REQUESTS_PER_EMAIL: Limit = { max: 3, windowMs: 60 * 60 * 1000 };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function passwordResetPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const limits = new AttemptLimits(deps.store);
  const page = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, body: Html) =>
    sendPage(reply, status, layout(frameFor(request, deps, title, ''), body));

  web.get<{ Querystring: { done?: string } }>(
    '/forgot-password',
    { schema: { hide: true } },
    async (request, reply) => {
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      const view = forgotForm({ csrf, sent: request.query.done === 'sent', byMail: Boolean(deps.mailer) });
      return page(request, reply, PAGE_STATUS.ok, 'Forgot password?', view);
    },
  );

  /** The same answer whether the e-mail has an account or not; the link goes only to the address itself. */
  web.post('/forgot-password', { schema: { hide: true } }, async (request, reply) => {
    const mailer = deps.mailer;
    if (!mailer) return redirect(reply, '/forgot-password');
    const email = normaliseEmail(field(request.body, 'email'));
    const now = deps.now();
    const attempt = await limits.take(
      [
        { kind: 'reset-address', values: [clientNetwork(request.ip)], limit: RESET_REQUESTS_PER_ADDRESS },
        { kind: 'reset-email', values: [email], limit: RESET_REQUESTS_PER_EMAIL },
      ],
      now,
    );
    const account = attempt && email ? await deps.store.getAccountByEmail(email) : null;
    if (account) {
      const link = await issueResetLink(deps.store, account.id, deps.publicUrl ?? '', now);
      try {
        await mailer.send({
          to: account.email,
          subject: 'Choose a new docjson password',
          text: `Someone asked to choose a new password for the docjson account of this e-mail address.\n\nTo choose one, open this link within an hour (it works once):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        });
      } catch (error) {
        // Never the message: it holds the link.
        request.log.warn({ fault: describeFault(error) }, 'reset e-mail not sent');
      }
    }
    return redirect(reply, '/forgot-password?done=sent');
  });

  web.get<{ Querystring: { token?: string } }>(
    '/reset-password',
    { schema: { hide: true } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const usable =
        TOKEN.test(token) && (await deps.store.peekPasswordReset(hashResetToken(token), deps.now()));
      if (!usable) return page(request, reply, PAGE_STATUS.notFound, 'Link expired', resetLinkDead());
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      return page(request, reply, PAGE_STATUS.ok, 'New password', resetForm({ csrf, token }));
    },
  );

  web.post('/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const token = field(request.body, 'token');
    const password = field(request.body, 'password');
    const problem =
      passwordProblem(password) ??
      (password !== field(request.body, 'confirm') ? TWO_PASSWORDS_DIFFER : null);
    if (problem) {
      const csrf = csrfToken(formSecret(request, reply, deps.secureCookies));
      return page(
        request,
        reply,
        PAGE_STATUS.badForm,
        'New password',
        resetForm({ csrf, token, error: problem }),
      );
    }
    const now = deps.now();
    const accountId = TOKEN.test(token)
      ? await deps.store.resetPassword(hashResetToken(token), await passwords.hash(password), now)
      : null;
    if (!accountId) return page(request, reply, PAGE_STATUS.notFound, 'Link expired', resetLinkDead());
    // Whoever held a session (the one who guessed or stole the old password) is out.
    await deps.store.deleteSessionsOfAccount(accountId, null);
    // The link proved the owner: this browser is the account's from now on, so strangers filling the
    // account's limit for unknown browsers do not keep the owner from logging in with the new password.
    await rememberDevice(deps.store, request, reply, { accountId, now, secure: deps.secureCookies });
    return redirect(reply, '/login?done=reset');
  });
}
