import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account, AccountStore } from '../accounts/account-store.ts';
import { cookieHeader, readCookie } from './cookies.ts';

export const SESSION_COOKIE = 'docjson_session';
/** Before log-in, the secret that the log-in and sign-up forms' tokens are bound to. */
export const FORM_COOKIE = 'docjson_form';
/** A session lasts 12 hours from log-in, whatever is done with it. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

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

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

const newSecret = () => randomBytes(32).toString('base64url');

export async function loadSession(store: AccountStore, request: FastifyRequest, now: Date) {
  const id = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (!id) return null;
  const found = await store.findSession(hashSessionId(id), now);
  return found ? { id, account: found.account } : null;
}

/** A new id on every log-in: a session id planted before log-in is worthless after it. */
export async function startSession(
  store: AccountStore,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { accountId: string; now: Date; secure: boolean },
): Promise<void> {
  const previous = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (previous) await store.deleteSession(hashSessionId(previous));
  await store.deleteExpiredSessions(options.now);
  const id = newSecret();
  await store.createSession({
    idHash: hashSessionId(id),
    accountId: options.accountId,
    createdAt: options.now.toISOString(),
    expiresAt: new Date(options.now.getTime() + SESSION_TTL_MS).toISOString(),
  });
  reply.header('set-cookie', [
    cookieHeader(SESSION_COOKIE, id, { maxAge: SESSION_TTL_MS / 1000, secure: options.secure }),
    cookieHeader(FORM_COOKIE, '', { maxAge: 0, secure: options.secure }),
  ]);
}

/** Deleted from the store, so the cookie stops working on every instance at once. */
export async function endSession(
  store: AccountStore,
  session: WebSession,
  reply: FastifyReply,
  secure: boolean,
): Promise<void> {
  await store.deleteSession(hashSessionId(session.id));
  reply.header('set-cookie', cookieHeader(SESSION_COOKIE, '', { maxAge: 0, secure }));
}

/** The secret the anonymous forms' tokens are bound to, set on first sight. */
export function formSecret(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readCookie(request.headers.cookie, FORM_COOKIE);
  if (existing) return existing;
  const secret = newSecret();
  reply.header('set-cookie', cookieHeader(FORM_COOKIE, secret, { maxAge: 60 * 60, secure }));
  return secret;
}

/** What a post's token must be bound to: the session when there is one, else the form secret. */
export function postSecret(request: FastifyRequest): string | undefined {
  return request.webSession?.id ?? readCookie(request.headers.cookie, FORM_COOKIE);
}
