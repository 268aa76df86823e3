import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateApiKey, hashApiKey, looksLikeApiKey } from '../../accounts/api-key.ts';
import { readCookie, setCookie } from '../cookies.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { type KeysView, keysView } from '../views/keys-view.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website-deps.ts';

/** "dj_" and 7 characters: tells a user's keys apart; 2^40 guesses short of the rest of the key. */
const PREFIX_LENGTH = 10;
const MAX_NAME_LENGTH = 60;
/**
 * The key just made travels from the post to the page that shows it (post/redirect/get) in a cookie
 * for /keys only, read once and deleted by that page: a reload shows no key and makes none.
 */
const NEW_KEY_COOKIE = 'docjson_new_key';
const NEW_KEY_SECONDS = 120;

const NOTICES: Record<string, string> = { revoked: 'The key was revoked.' };

export function keysPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: Partial<KeysView> = {},
  ) => {
    const session = request.webSession!;
    const keys = await deps.store.listKeys(session.account.id);
    const view = keysView({ csrf: csrfToken(session.id), keys, ...extra });
    return sendPage(reply, status, layout(frameFor(request, deps, 'API Keys', '/keys'), view));
  };

  /** The key made by this account's last post, once: only a key of this account is ever shown. */
  async function takeNewKey(request: FastifyRequest, reply: FastifyReply) {
    const secret = readCookie(request, NEW_KEY_COOKIE);
    if (!secret) return undefined;
    setCookie(reply, NEW_KEY_COOKIE, '', { maxAge: 0, secure: deps.secureCookies, path: '/keys' });
    if (!looksLikeApiKey(secret)) return undefined;
    const found = await deps.store.findByKeyHash(hashApiKey(secret));
    if (!found || found.account.id !== request.webSession!.account.id) return undefined;
    return { name: found.key.name ?? '', secret };
  }

  web.get<{ Querystring: { done?: string } }>(
    '/keys',
    { schema: { hide: true }, onRequest: mustBeLoggedIn },
    async (request, reply) => {
      const newKey = await takeNewKey(request, reply);
      const notice = NOTICES[request.query.done ?? ''];
      return show(request, reply, PAGE_STATUS.ok, {
        ...(newKey ? { newKey } : {}),
        ...(notice ? { notice } : {}),
      });
    },
  );

  web.post('/keys', { schema: { hide: true }, onRequest: mustBeLoggedIn }, async (request, reply) => {
    const name = field(request.body, 'name').trim();
    if (name === '' || name.length > MAX_NAME_LENGTH) {
      return show(request, reply, PAGE_STATUS.badForm, {
        error: `Give the key a name of 1 to ${MAX_NAME_LENGTH} characters.`,
      });
    }
    const secret = generateApiKey();
    await deps.store.createKey(request.webSession!.account.id, hashApiKey(secret), {
      name,
      prefix: secret.slice(0, PREFIX_LENGTH),
    });
    setCookie(reply, NEW_KEY_COOKIE, secret, {
      maxAge: NEW_KEY_SECONDS,
      secure: deps.secureCookies,
      path: '/keys',
    });
    return redirect(reply, '/keys');
  });

  web.post<{ Params: { id: string } }>(
    '/keys/:id/revoke',
    { schema: { hide: true }, onRequest: mustBeLoggedIn, config: { formPage: '/keys' } },
    async (request, reply) => {
      // Only a key of this account: another account's key id changes nothing.
      const revoked = await deps.store.revokeKey(request.params.id, request.webSession!.account.id);
      return redirect(reply, revoked ? '/keys?done=revoked' : '/keys');
    },
  );
}
