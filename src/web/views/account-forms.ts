import { type Html, html } from '../html.ts';
import { MIN_PASSWORD_LENGTH } from '../passwords.ts';
import { csrfField } from '../respond.ts';
import { alert } from './layout.ts';

export interface AccountFormState {
  csrf: string;
  email?: string;
  error?: string;
}

export function signupForm(state: AccountFormState): Html {
  return html`<h1>Sign up</h1>
${alert(state.error)}
<form method="post" action="/signup" class="stacked">
  ${csrfField(state.csrf)}
  <label>Email <input type="email" name="email" autocomplete="email" required value="${state.email ?? ''}"></label>
  <label for="signup-password">Password</label>
  <input type="password" id="signup-password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-hint">
  <span class="hint" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters.</span>
  <label>Confirm password <input type="password" name="confirm" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"></label>
  <button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/login">Log in</a>.</p>`;
}

export function loginForm(state: AccountFormState): Html {
  return html`<h1>Log in</h1>
${alert(state.error)}
<form method="post" action="/login" class="stacked">
  ${csrfField(state.csrf)}
  <label>Email <input type="email" name="email" autocomplete="username" required value="${state.email ?? ''}"></label>
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">Log in</button>
</form>
<p>No account yet? <a href="/signup">Sign up</a>.</p>`;
}
