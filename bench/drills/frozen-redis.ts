/**
 * Redis (the shared rate-limit counters) through a TCP proxy: answering, frozen (connections open,
 * nothing answered), cut (down), then back. 20 calls one after the other in each phase: how much time
 * Redis adds to a call, and whether the answer still claims an `x-ratelimit-remaining` count that no
 * counter gave (issue 30, items 5 and 10).
 */
import { REDIS_URL, tcpProxy, type Upload } from '../cluster.ts';
import { createKey, startInstance } from '../server-process.ts';
import { type Checks, log, type Reply, send, sleep } from './kit.ts';

export async function frozenRedis(checks: Checks, text: Upload): Promise<void> {
  log('frozen Redis: 20 calls answered / frozen / cut / back');
  const target = new URL(REDIS_URL);
  const proxy = await tcpProxy(target.hostname, Number(target.port || 6379));
  let key = '';
  const instance = await startInstance(
    'redis',
    { DATABASE_URL: '', REDIS_URL: `redis://127.0.0.1:${proxy.port}` },
    {
      prepare: (env) => {
        key = createKey(env, 'redis@example.com');
      },
    },
  );
  const phase = async (name: string) => {
    const replies: Reply[] = [];
    for (let i = 0; i < 20; i++) replies.push(await send(instance.base, key, text));
    const ms = replies.map((r) => r.ms).sort((x, y) => x - y);
    const counted = replies.filter((r) => r.headers.get('x-ratelimit-remaining') !== null).length;
    log(
      `  ${name.padEnd(9)} median ${ms[10]!.toFixed(0)} ms, slowest ${ms[19]!.toFixed(0)} ms; statuses ${[...new Set(replies.map((r) => r.status))].join(',')}; ` +
        `x-ratelimit-remaining on ${counted} of 20`,
    );
    return {
      median: ms[10]!,
      total: ms.reduce((x, y) => x + y, 0),
      counted,
      ok: replies.every((r) => r.status === 200),
    };
  };
  try {
    await phase('warm-up');
    const up = await phase('answering');
    proxy.freeze();
    const frozen = await phase('frozen');
    proxy.thaw();
    await proxy.cut();
    await sleep(200);
    const down = await phase('cut');
    await proxy.restore();
    await sleep(6000);
    const back = await phase('back');
    const added = (frozen.total - up.total) / 20;
    log(`  a frozen Redis added ${added.toFixed(0)} ms a call on average`);
    checks.expect(frozen.ok && down.ok, 'calls are served while Redis is frozen or down (fail open)');
    checks.expect(added < 100, 'a frozen Redis adds less than 0.1 s a call on average');
    checks.expect(
      frozen.counted <= 1 && down.counted === 0,
      'no x-ratelimit-remaining count while Redis does not count',
    );
    checks.expect(
      up.counted === 20 && back.counted >= 15,
      'counts are given while Redis answers, and again once it is back',
    );
  } finally {
    proxy.thaw();
    await instance.stop();
    await proxy.close();
  }
}
