import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ExtractionEngine } from '../../src/engines/engine.ts';
import { createEngine } from '../../src/engines/registry.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

/** The local engine behind a gate: extractions wait until the test opens it. */
function gatedEngine(): { engine: ExtractionEngine; open(): void; waiting(): number } {
  const local = createEngine();
  let gate = Promise.withResolvers<void>();
  let waiting = 0;
  return {
    engine: {
      name: 'local',
      async extract(document, fields, options) {
        waiting++;
        try {
          await gate.promise;
        } finally {
          waiting--;
        }
        return local.extract(document, fields, options);
      },
    },
    open() {
      gate.resolve();
      gate = Promise.withResolvers<void>();
    },
    waiting: () => waiting,
  };
}

/** A raw HTTP request on its own socket, so that the test can vanish mid-way (whole or part of the body). */
function rawRequest(port: number, key: string, sendBytes: 'all' | 'half'): Promise<net.Socket> {
  const body = upload(INVOICE_TEXT, INVOICE_YAML);
  const head =
    'POST /api/v1/generate HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    `x-api-key: ${key}\r\ncontent-type: ${body.headers['content-type']}\r\n` +
    `content-length: ${body.payload.length}\r\n\r\n`;
  const payload = sendBytes === 'all' ? body.payload : body.payload.subarray(0, body.payload.length >> 1);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(payload, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

async function call(port: number, key: string, timeoutMs: number) {
  const body = upload(INVOICE_TEXT, INVOICE_YAML);
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/generate`, {
    method: 'POST',
    headers: { 'x-api-key': key, ...body.headers },
    body: body.payload,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return {
    status: res.status,
    credits: res.headers.get('x-credits-remaining'),
    json: (await res.json()) as Record<string, unknown>,
  };
}

const until = async (what: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('clients that vanish never jam the instance (real server)', () => {
  let t: TestApp;
  let port: number;
  let gate: ReturnType<typeof gatedEngine>;
  before(async () => {
    gate = gatedEngine();
    t = await createTestApp({ engine: gate.engine, maxConcurrentJobs: 1, maxQueuedJobs: 4 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(async () => {
    gate.open();
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('queued clients that hung up free their place; the next call is answered with data', async () => {
    const key = await t.keyFor({ credits: 100 });
    // One call holds the only slot inside the engine.
    const first = call(port, key, 20_000);
    await until(() => gate.waiting() === 1);
    // Four more wait behind it (the whole queue), then vanish: two sent everything, two half a body.
    const sockets = await Promise.all([
      rawRequest(port, key, 'all'),
      rawRequest(port, key, 'all'),
      rawRequest(port, key, 'half'),
      rawRequest(port, key, 'half'),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    gate.open();
    assert.equal((await first).status, 200);
    // Were any of the vanished calls still holding a slot, these would hang, then be refused.
    for (let i = 0; i < 6; i++) {
      const next = call(port, key, 10_000);
      await until(() => gate.waiting() === 1);
      gate.open();
      const answer = await next;
      assert.equal(answer.status, 200, JSON.stringify(answer.json));
      assert.equal((answer.json.data as { invoice_number: string }).invoice_number, 'INV-2024-0042');
    }
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(health.status, 200);
  });

  it('a client that vanishes while its document is extracted is not charged', async () => {
    const key = await t.keyFor({ credits: 10 });
    const socket = await rawRequest(port, key, 'all');
    await until(() => gate.waiting() === 1);
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gate.open();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = call(port, key, 10_000);
    await until(() => gate.waiting() === 1);
    gate.open();
    const answer = await next;
    assert.equal(answer.status, 200);
    // 10 credits, one page charged for the answer received, none for the call whose client left.
    assert.equal(answer.credits, '9');
  });

  it('logs each call whose client left once, as status 499 at info level, never as an error; the Usage page shows it', async () => {
    await until(() => t.logs.lines.filter((l) => l.includes('"status":499')).length >= 5);
    const entries = t.logs.lines.map((l) => JSON.parse(l) as { level: number; msg: string; status?: number });
    const left = entries.filter((e) => e.msg === 'request' && e.status === 499);
    // Four clients left the queue in the first test, one left mid-extraction in the second.
    assert.equal(left.length, 5, t.logs.text);
    assert.ok(left.every((e) => e.level === 30));
    assert.deepEqual(
      entries.filter((e) => e.level >= 50),
      [],
    );
    const calls = (
      await Promise.all((await t.store.listAccounts()).map((a) => t.store.listCalls(a.id, '2000-01-01')))
    ).flat();
    assert.equal(calls.filter((c) => c.status === 499).length, 5);
    assert.ok(calls.filter((c) => c.status === 499).every((c) => c.pages === 0));
  });
});

describe('slow uploads hold no slot and end at their deadline (real server)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp({
      maxConcurrentJobs: 1,
      maxQueuedJobs: 4,
      uploadDeadline: { idleMs: 600, totalMs: 5_000 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('two stalled uploads do not delay a normal call; each gets 408 upload_timeout', async () => {
    const key = await t.keyFor({ credits: 100 });
    const stalled = await Promise.all([rawRequest(port, key, 'half'), rawRequest(port, key, 'half')]);
    const answers = stalled.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          // The answer comes at the deadline; the server then lingers a while before it closes.
          socket.on('data', (chunk) => {
            text += chunk.toString('utf8');
            if (text.endsWith('}')) resolve(text);
          });
          socket.on('close', () => resolve(text));
        }),
    );
    const started = performance.now();
    const normal = await call(port, key, 10_000);
    assert.equal(normal.status, 200);
    assert.ok(performance.now() - started < 2_000, 'the normal call waited for the stalled uploads');
    for (const text of await Promise.all(answers)) {
      assert.match(text, /^HTTP\/1\.1 408 /);
      assert.match(text, /"code":"upload_timeout"/);
    }
  });
});
