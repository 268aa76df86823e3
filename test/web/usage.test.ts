import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { callsByDay } from '../../src/web/views/usage-chart.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';
import { WebClient } from '../helpers/web-client.ts';

describe('website: Usage', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('shows plan, expiry, credit left and each call of the last 30 days, with a chart by day', async () => {
    const c = new WebClient(t.app);
    await c.signup('usage@example.com');
    const key = await c.createKey();
    const answered = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML, 'secret-file-name.txt'));
    assert.equal(answered.statusCode, 200);
    const refused = await t.generate(key, upload(INVOICE_TEXT, 'schemas: [', 'secret-file-name.txt'));
    assert.equal(refused.statusCode, 422);

    const page = await c.get('/usage');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<dt>Plan<\/dt><dd>free<\/dd>/);
    assert.match(page.body, /<dt>Expires<\/dt><dd>No expiry<\/dd>/);
    assert.match(page.body, /<dt>Credit left<\/dt><dd>49 pages<\/dd>/);
    assert.match(page.body, /2 calls, newest first/);
    assert.match(
      page.body,
      /<td data-label="Key">test key<\/td><td data-label="Status">200 OK<\/td><td data-label="Pages billed" class="num">1<\/td>/,
    );
    assert.match(
      page.body,
      /<td data-label="Status">422 Invalid request<\/td><td data-label="Pages billed" class="num">0<\/td>/,
    );
    assert.match(page.body, /<td data-label="Format">text<\/td>/);
    // By key: the key's name, its calls and pages; each call's request id, as its answer gave it.
    assert.match(
      page.body,
      /<td data-label="Key">test key<\/td><td data-label="Calls" class="num">2<\/td><td data-label="Pages billed" class="num">1<\/td>/,
    );
    const ids = [
      ...page.body.matchAll(/<td data-label="Request id"><code class="request-id">([0-9a-f-]{36})<\/code>/g),
    ];
    assert.equal(ids.length, 2);
    assert.equal(ids[0]![1], refused.json().details.request_id, 'the newest call: the refused one');
    assert.equal(ids[1]![1], answered.headers['x-request-id']);
    assert.match(page.body, /<svg class="chart"[^>]*role="img"/);
    assert.match(page.body, /2 in all/);

    for (const secret of ['secret-file-name', 'invoice_number', 'INV-2024-0042', '1481.47', key]) {
      assert.ok(!page.body.includes(secret), `the usage page shows ${secret}`);
    }
  });

  it('shows the model’s tokens of a call (llm, hybrid), and a blank for a local call', async () => {
    const c = new WebClient(t.app);
    await c.signup('usage-tokens@example.com');
    const account = (await t.store.getAccountByEmail('usage-tokens@example.com'))!;
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const call = { accountId: account.id, status: 200, pages: 1, bytes: 10, durationMs: 20, format: 'pdf' };
    await t.store.recordCall({ ...call, at: at(2) });
    await t.store.recordCall({ ...call, at: at(1), inputTokens: 12_812, outputTokens: 64 });

    const page = await c.get('/usage');
    assert.equal(page.statusCode, 200);
    assert.match(
      page.body,
      /<th scope="col" class="num">Tokens<\/th><th scope="col">Request id<\/th><\/tr><\/thead>/,
    );
    const rows = [...page.body.matchAll(/<tr><td data-label="Time">[^<]*UTC<\/td>.*?<\/tr>/g)].map(
      (m) => m[0],
    );
    assert.equal(rows.length, 2);
    assert.match(
      rows[0]!,
      /<td data-label="Format">pdf<\/td><td data-label="Tokens" class="num">12,812 in \/ 64 out<\/td>/,
    );
    assert.match(rows[1]!, /<td data-label="Format">pdf<\/td><td data-label="Tokens" class="num"><\/td>/);
  });

  it('counts calls and pages per UTC day, a zero for quiet days', () => {
    const call = (at: string, pages: number) => ({
      accountId: 'a',
      at,
      status: 200,
      pages,
      bytes: 1,
      durationMs: 1,
    });
    const days = callsByDay(
      [
        call('2026-03-10T23:59:00.000Z', 2),
        call('2026-03-10T00:00:00.000Z', 1),
        call('2026-03-08T12:00:00.000Z', 5),
      ],
      new Date('2026-03-10T12:00:00Z'),
      3,
    );
    assert.deepEqual(days, [
      { day: '2026-03-08', calls: 1, pages: 5 },
      { day: '2026-03-09', calls: 0, pages: 0 },
      { day: '2026-03-10', calls: 2, pages: 3 },
    ]);
  });
});
