import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account, AccountStore } from '../accounts/account-store.ts';
import { readCookie, setCookie } from './cookies.ts';

export const SESSION_COOKIE = 'docjson_session';
/** Before log-in, the secret that the log-in and sign-up forms' tokens are bound to. */
export const FORM_COOKIE = 'docjson_form';
/** A browser that logged in to an account before: the log-in throttle's pass (login-throttle.ts). */
export const DEVICE_COOKIE = 'docjson_device';
/** A session lasts 12 hours from log-in, whatever is done with it. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** A browser stays known to an account for half a year after its last log-in. */
export const DEVICE_TTL_MS = 183 * 24 * 60 * 60 * 1000;

export interface WebSession {
  /** The id itself, known only to this request and the browser; the store keeps its hash. */
  id: string;
  account: Account;
}

declare module 'fastify' {
  interface FastifyRequest {
    webSession: WebSession | null;
  }
}

/** Session ids, device ids and reset tokens are kept as their SHA-256: a copy of the store opens nothing. */
export function hashSecret(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

export const newSecret = () => randomBytes(32).toString('base64url');

export async function loadSession(store: AccountStore, request: FastifyRequest, now: Date) {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id) return null;
  const found = await store.findSession(hashSecret(id), now);
  return found ? { id, account: found.account } : null;
}

/** A new id on every log-in: a session id planted before log-in is worthless after it. */
export async function startSession(
  store: AccountStore,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { accountId: string; now: Date; secure: boolean },
): Promise<void> {
  const previous = readCookie(request, SESSION_COOKIE);
  if (previous) await store.deleteSession(hashSecret(previous));
  await store.deleteExpiredSessions(options.now);
  const id = newSecret();
  await store.createSession({
    idHash: hashSecret(id),
    accountId: options.accountId,
    createdAt: options.now.toISOString(),
    expiresAt: new Date(options.now.getTime() + SESSION_TTL_MS).toISOString(),
  });
  setCookie(reply, SESSION_COOKIE, id, { maxAge: SESSION_TTL_MS / 1000, secure: options.secure });
  setCookie(reply, FORM_COOKIE, '', { maxAge: 0, secure: options.secure });
}

/** Deleted from the store, so the cookie stops working on every instance at once. */
export async function endSession(
  store: AccountStore,
  session: WebSession,
  reply: FastifyReply,
  secure: boolean,
): Promise<void> {
  await store.deleteSession(hashSecret(session.id));
  setCookie(reply, SESSION_COOKIE, '', { maxAge: 0, secure });
}

/** The secret the anonymous forms' tokens are bound to, set on first sight. */
export function formSecret(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readCookie(request, FORM_COOKIE);
  if (existing) return existing;
  const secret = newSecret();
  setCookie(reply, FORM_COOKIE, secret, { maxAge: 60 * 60, secure });
  return secret;
}

/** What a post's token must be bound to: the session when there is one, else the form secret. */
export function postSecret(request: FastifyRequest): string | undefined {
  return request.webSession?.id ?? readCookie(request, FORM_COOKIE);
}

/** The hash of this browser's device id when it logged in to the account lately; undefined otherwise. */
export async function knownDevice(
  store: AccountStore,
  request: FastifyRequest,
  accountId: string | undefined,
  now: Date,
): Promise<string | undefined> {
  const id = readCookie(request, DEVICE_COOKIE);
  if (!id || !accountId) return undefined;
  const hash = hashSecret(id);
  const known = await store.isLoginDevice(hash, accountId, new Date(now.getTime() - DEVICE_TTL_MS));
  return known ? hash : undefined;
}

/** After a good log-in: this browser is known to the account from now on (a new id if it had none). */
export async function rememberDevice(
  store: AccountStore,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { accountId: string; now: Date; secure: boolean },
): Promise<void> {
  let id = readCookie(request, DEVICE_COOKIE);
  if (!id) {
    id = newSecret();
    setCookie(reply, DEVICE_COOKIE, id, { maxAge: DEVICE_TTL_MS / 1000, secure: options.secure });
  }
  await store.addLoginDevice(hashSecret(id), options.accountId, options.now);
}
