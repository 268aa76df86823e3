import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_DRAIN_BOUNDS } from '../../src/http/early-refusal.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

type Body = { payload: Buffer; headers: Record<string, string> };

interface Answer {
  status: number;
  connection: string | undefined;
  json: { code?: string; status?: string };
  localPort: number;
}

/** One POST through a given agent; a reset or a hang shows up as a rejection, never as an answer. */
function post(agent: http.Agent, port: number, headers: Record<string, string>, body: Body): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/generate',
        headers: { ...headers, ...body.headers, 'content-length': String(body.payload.length) },
        signal: AbortSignal.timeout(30_000),
      },
      (response) => {
        const localPort = response.socket.localPort ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            json: JSON.parse(text),
            localPort,
          }),
        );
        response.on('error', reject);
      },
    );
    // After the answer, a write may fail on a connection the server closed: the answer stands.
    request.on('error', reject);
    request.end(body.payload);
  });
}

const good = () => upload(INVOICE_TEXT, INVOICE_YAML);
const oversized = (bytes: number) => upload(Buffer.alloc(bytes, 'a'), INVOICE_YAML);

describe('early refusals keep keep-alive clients healthy (real server, pooled connections)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('fetch (undici pool): refused 1.1 MB uploads on the free plan, each followed by a good call', async () => {
    const key = await t.keyFor({ plan: 'free', credits: 50 });
    const url = `http://127.0.0.1:${port}/api/v1/generate`;
    const call = async (body: Body) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'x-api-key': key, ...body.headers },
        body: body.payload,
        signal: AbortSignal.timeout(30_000),
      });
      return { status: res.status, json: (await res.json()) as { code?: string } };
    };
    // Before the fix the multipart parser stalled on the unread rest: a later call hung or was reset.
    for (let i = 0; i < 6; i++) {
      const refused = await call(oversized(1_100_000));
      assert.equal(refused.status, 400);
      assert.equal(refused.json.code, 'file_too_large');
      const ok = await call(good());
      assert.equal(ok.status, 200, `good call ${i + 1} after a refusal`);
    }
  });

  it('one connection (http.Agent keepAlive, maxSockets 1): a file refused while streaming, then a good call on it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const key = await t.keyFor({ plan: 'free', credits: 50 });
      const refused = await post(agent, port, { 'x-api-key': key }, oversized(1_100_000));
      assert.equal(refused.status, 400);
      assert.equal(refused.json.code, 'file_too_large');
      assert.equal(refused.connection, 'keep-alive', 'a small rest is drained, the connection kept');
      const ok = await post(agent, port, { 'x-api-key': key }, good());
      assert.equal(ok.status, 200);
      assert.equal(ok.localPort, refused.localPort, 'the same connection served both');
    } finally {
      agent.destroy();
    }
  });

  it('401 before reading: a 2 MB body without a key, then a good call on the same connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await post(agent, port, {}, oversized(2_000_000));
      assert.equal(refused.status, 401);
      assert.equal(refused.json.code, 'missing_api_key');
      const invalid = await post(agent, port, { 'x-api-key': 'dj_nope' }, oversized(2_000_000));
      assert.equal(invalid.json.code, 'invalid_api_key');
      const key = await t.keyFor({ credits: 5 });
      const ok = await post(agent, port, { 'x-api-key': key }, good());
      assert.equal(ok.status, 200);
      assert.equal(ok.localPort, refused.localPort);
    } finally {
      agent.destroy();
    }
  });

  it('402 before reading: no credit or an expired plan, then a good call on the same connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const broke = await t.keyFor({ credits: 0 });
      const expired = await t.keyFor({ expiresAt: '2000-01-01' });
      const refused = await post(agent, port, { 'x-api-key': broke }, oversized(2_000_000));
      assert.equal(refused.status, 402);
      assert.equal(refused.json.code, 'insufficient_credit');
      const late = await post(agent, port, { 'x-api-key': expired }, oversized(2_000_000));
      assert.equal(late.json.code, 'subscription_expired');
      const ok = await post(agent, port, { 'x-api-key': await t.keyFor() }, good());
      assert.equal(ok.status, 200);
      assert.equal(ok.localPort, refused.localPort);
    } finally {
      agent.destroy();
    }
  });

  it('a rest beyond the drain bound is answered with Connection: close, whole, and the next call succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const key = await t.keyFor({ plan: 'free', credits: 50 });
      const huge = oversized(DEFAULT_DRAIN_BOUNDS.maxBytes + 2_000_000);
      const refused = await post(agent, port, { 'x-api-key': key }, huge);
      assert.equal(refused.status, 400);
      assert.equal(refused.json.code, 'file_too_large');
      assert.equal(refused.connection, 'close');
      const ok = await post(agent, port, { 'x-api-key': key }, good());
      assert.equal(ok.status, 200);
    } finally {
      agent.destroy();
    }
  });

  it('a body read whole is not touched: a good call keeps its connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const key = await t.keyFor({ credits: 5 });
      const first = await post(agent, port, { 'x-api-key': key }, good());
      const second = await post(agent, port, { 'x-api-key': key }, good());
      assert.deepEqual([first.status, second.status], [200, 200]);
      assert.equal(first.connection, 'keep-alive');
      assert.equal(second.localPort, first.localPort);
    } finally {
      agent.destroy();
    }
  });
});
