import { type Html, html } from '../html.ts';
import { MIN_PASSWORD_LENGTH } from '../passwords.ts';
import { csrfField } from '../respond.ts';
import { alert } from './layout.ts';

export interface AccountFormState {
  csrf: string;
  email?: string;
  error?: string;
  /** A fixed message after a redirect (post/redirect/get). */
  notice?: string;
}

function noticeOf(message: string | undefined): Html {
  return message ? html`<p class="notice" role="status">${message}</p>` : html``;
}

function newPasswordFields(id: string, label: string): Html {
  return html`<label for="${id}">${label}</label>
  <input type="password" id="${id}" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="${id}-hint">
  <span class="hint" id="${id}-hint">At least ${MIN_PASSWORD_LENGTH} characters.</span>`;
}

export function signupForm(state: AccountFormState): Html {
  return html`<h1>Sign up</h1>
${alert(state.error)}
<form method="post" action="/signup" class="stacked">
  ${csrfField(state.csrf)}
  <label>Email <input type="email" name="email" autocomplete="email" required value="${state.email ?? ''}"></label>
  ${newPasswordFields('signup-password', 'Password')}
  <label>Confirm password <input type="password" name="confirm" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"></label>
  <button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/login">Log in</a>.</p>`;
}

export function loginForm(state: AccountFormState): Html {
  return html`<h1>Log in</h1>
${noticeOf(state.notice)}
${alert(state.error)}
<form method="post" action="/login" class="stacked">
  ${csrfField(state.csrf)}
  <label>Email <input type="email" name="email" autocomplete="username" required value="${state.email ?? ''}"></label>
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">Log in</button>
</form>
<p><a href="/forgot-password">Forgot password?</a></p>
<p>No account yet? <a href="/signup">Sign up</a>.</p>`;
}

export function forgotForm(state: AccountFormState & { sent: boolean; byMail: boolean }): Html {
  const sent = state.byMail
    ? 'If an account has this e-mail, a link to choose a new password is on its way to it. The link works once, within an hour.'
    : 'This service sends no e-mail. Ask its administrator for a reset link: it works once, within an hour.';
  return html`<h1>Forgot password?</h1>
${state.sent ? noticeOf(sent) : ''}
${alert(state.error)}
<p>${state.byMail ? 'Type the e-mail of your account: a one-time link to choose a new password will be sent to it.' : 'This service sends no e-mail: its administrator can give you a one-time link to choose a new password.'}</p>
${
  state.byMail
    ? html`<form method="post" action="/forgot-password" class="stacked">
  ${csrfField(state.csrf)}
  <label>Email <input type="email" name="email" autocomplete="username" required value="${state.email ?? ''}"></label>
  <button type="submit">Send the link</button>
</form>`
    : ''
}
<p><a href="/login">Back to log in</a></p>`;
}

export function resetForm(state: AccountFormState & { token: string }): Html {
  return html`<h1>Choose a new password</h1>
${alert(state.error)}
<form method="post" action="/reset-password" class="stacked">
  ${csrfField(state.csrf)}
  <input type="hidden" name="token" value="${state.token}">
  ${newPasswordFields('reset-password', 'New password')}
  <label>Confirm password <input type="password" name="confirm" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"></label>
  <button type="submit">Save the new password</button>
</form>
<p>Every session of your account ends: log in again with the new password.</p>`;
}

export function resetLinkDead(): Html {
  return html`<h1>This link no longer works</h1>
<p>It was used already, it is older than an hour, or it was not copied whole.</p>
<p><a href="/forgot-password">Ask for a new link</a></p>`;
}

export interface AccountView {
  csrf: string;
  email: string;
  notice?: string;
  passwordError?: string;
  deleteError?: string;
}

export function accountView(view: AccountView): Html {
  return html`<h1>Account</h1>
${noticeOf(view.notice)}
<p>Logged in as <strong>${view.email}</strong>.</p>
<section aria-labelledby="password-heading">
<h2 id="password-heading">Change password</h2>
${alert(view.passwordError)}
<form method="post" action="/account/password" class="stacked">
  ${csrfField(view.csrf)}
  <input type="email" name="email" autocomplete="username" value="${view.email}" hidden>
  <label>Current password <input type="password" name="current" autocomplete="current-password" required></label>
  ${newPasswordFields('new-password', 'New password')}
  <button type="submit">Change password</button>
</form>
<p class="hint">Your other sessions end: other browsers must log in again.</p>
</section>
<section aria-labelledby="delete-heading">
<h2 id="delete-heading">Delete account</h2>
${alert(view.deleteError)}
<p>Deletes the account, its API keys (they stop working at once), its credit and its usage. This cannot be undone.</p>
<form method="post" action="/account/delete" class="stacked" data-confirm="Delete the account ${view.email}? Its keys stop working at once, and its credit is lost.">
  ${csrfField(view.csrf)}
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit" class="danger">Delete account</button>
</form>
</section>`;
}
