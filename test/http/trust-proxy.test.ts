import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { fastifyTrustProxy } from '../../src/http/trust-proxy.ts';
import { forwardingProxy, sendFrom } from '../helpers/forwarding-proxy.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { csrfIn, PASSWORD } from '../helpers/web-client.ts';

/** A browser behind the proxy: its own loopback address, its cookies, a forged X-Forwarded-For of its choosing. */
function browser(address: string, port: number) {
  const cookies = new Map<string, string>();
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    async post(path: string, fields: Record<string, string>, forged?: string) {
      const form = await sendFrom(address, port, { path, headers: { cookie: cookie() } });
      keep(form.headers['set-cookie']);
      const body = new URLSearchParams({ ...fields, csrf: csrfIn(form.body) }).toString();
      const headers: Record<string, string> = {
        cookie: cookie(),
        // As a browser on the https site sends it: the proxy sends no X-Forwarded-Proto.
        origin: `https://127.0.0.1:${port}`,
        host: `127.0.0.1:${port}`,
        ...(forged ? { 'x-forwarded-for': forged } : {}),
      };
      const answer = await sendFrom(address, port, { method: 'POST', path, headers, body });
      keep(answer.headers['set-cookie']);
      return answer;
    },
  };
}

for (const setting of [1, true] as const) {
  describe(`TRUST_PROXY=${setting} behind a proxy that appends to X-Forwarded-For`, () => {
    it('counts a guesser by the address the proxy saw, whatever X-Forwarded-For it forges; the owner elsewhere logs in', async () => {
      const t = await createTestApp({ trustProxy: setting });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const proxy = await forwardingProxy((t.app.server.address() as { port: number }).port);
      try {
        const owner = browser('127.0.0.6', proxy.port);
        const signup = await owner.post('/signup', {
          email: 'behind@example.com',
          password: PASSWORD,
          confirm: PASSWORD,
        });
        assert.equal(signup.status, 303, 'a form works behind a proxy without X-Forwarded-Proto');
        const attacker = browser('127.0.0.5', proxy.port);
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          const forged = `198.51.100.${i + 1}`; // a new address each time: dodges nothing
          statuses.push(
            (await attacker.post('/login', { email: 'behind@example.com', password: `guess ${i}` }, forged))
              .status,
          );
        }
        assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
        assert.equal(
          (await owner.post('/login', { email: 'behind@example.com', password: PASSWORD })).status,
          303,
        );
      } finally {
        await proxy.close();
        await t.close();
      }
    });
  });
}

describe('TRUST_PROXY as the service reads it', () => {
  it('takes a hop count, true (one proxy), false or a list of addresses; Fastify gets a hop function for a count', () => {
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY, 1);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY, true);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' }).TRUST_PROXY, [
      '10.0.0.2',
      '10.0.1.0/24',
    ]);
    const two = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    assert.deepEqual(
      [0, 1, 2, 3].map((hop) => two('10.0.0.1', hop)),
      [true, true, false, false],
    );
    const one = fastifyTrustProxy(true) as (address: string, hop: number) => boolean;
    assert.deepEqual(
      [0, 1].map((hop) => one('10.0.0.1', hop)),
      [true, false],
    );
    assert.equal(fastifyTrustProxy(false), false);
    assert.equal(fastifyTrustProxy(0), false);
  });
});
