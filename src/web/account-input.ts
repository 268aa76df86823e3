import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './passwords.ts';

/** E-mails are kept trimmed and in lower case, so that one address is one account. */
export function normaliseEmail(text: string): string {
  return text.trim().toLowerCase();
}

/** What is wrong with a sign-up form, in one sentence; null when nothing is. */
export function signupProblem(email: string, password: string, confirm: string): string | null {
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Enter a valid e-mail address.';
  return passwordProblem(password) ?? (password !== confirm ? TWO_PASSWORDS_DIFFER : null);
}

export const TWO_PASSWORDS_DIFFER = 'The two passwords differ; type the same password twice.';

/** What is wrong with a new password, in one sentence; null when nothing is. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  return null;
}
