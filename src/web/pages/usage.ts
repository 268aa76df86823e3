import type { FastifyInstance } from 'fastify';
import { isExpired } from '../../accounts/account-store.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, sendPage } from '../respond.ts';
import { layout } from '../views/layout.ts';
import { callsByDay } from '../views/usage-chart.ts';
import { usageView } from '../views/usage-view.ts';
import type { WebsiteDeps } from '../website-deps.ts';

const DAYS = 30;
const ROWS_SHOWN = 100;

export function usagePage(web: FastifyInstance, deps: WebsiteDeps): void {
  web.get('/usage', { schema: { hide: true }, onRequest: mustBeLoggedIn }, async (request, reply) => {
    const account = request.webSession!.account;
    const now = deps.now();
    const since = new Date(now.getTime() - (DAYS - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const [calls, keys] = await Promise.all([
      deps.store.listCalls(account.id, since),
      deps.store.listKeys(account.id),
    ]);
    const view = usageView({
      account,
      keyNames: new Map(keys.map((key) => [key.id, key.name ?? `${key.prefix ?? key.id}…`])),
      expired: isExpired(account, now),
      calls,
      days: callsByDay(calls, now, DAYS),
      shown: ROWS_SHOWN,
    });
    return sendPage(reply, PAGE_STATUS.ok, layout(frameFor(request, deps, 'Usage', '/usage'), view));
  });
}
