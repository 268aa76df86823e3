import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateApiKey, hashApiKey } from '../../accounts/api-key.ts';
import { csrfToken } from '../csrf.ts';
import { field } from '../form-body.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, redirect, sendPage } from '../respond.ts';
import { type KeysView, keysView } from '../views/keys-view.ts';
import { layout } from '../views/layout.ts';
import type { WebsiteDeps } from '../website.ts';

/** "dj_" and 7 characters: tells a user's keys apart; 2^40 guesses short of the rest of the key. */
const PREFIX_LENGTH = 10;
const MAX_NAME_LENGTH = 60;

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

  web.get<{ Querystring: { revoked?: string } }>(
    '/keys',
    { schema: { hide: true }, onRequest: mustBeLoggedIn },
    async (request, reply) =>
      show(request, reply, PAGE_STATUS.ok, request.query.revoked ? { notice: 'The key was revoked.' } : {}),
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
    return show(request, reply, PAGE_STATUS.ok, { newKey: { name, secret } });
  });

  web.post<{ Params: { id: string } }>(
    '/keys/:id/revoke',
    { schema: { hide: true }, onRequest: mustBeLoggedIn },
    async (request, reply) => {
      // Only a key of this account: another account's key id changes nothing.
      const revoked = await deps.store.revokeKey(request.params.id, request.webSession!.account.id);
      return redirect(reply, revoked ? '/keys?revoked=1' : '/keys');
    },
  );
}
