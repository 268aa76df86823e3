import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's sample lines, parsed. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(match, `not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, k, v] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
        labels[k!] = v!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

const TOKEN = 'metrics-token-0123456789abcdef';
const withToken = { authorization: `Bearer ${TOKEN}` };

describe('GET /metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: withToken });
    assert.equal(res.statusCode, 200);
    return res.body;
  };
  before(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  after(() => t.close());

  it('answers the Prometheus text format, every name starting with docjson_', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: withToken });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = res.body;
    for (const [name, type] of [
      ['docjson_http_requests_total', 'counter'],
      ['docjson_http_request_duration_seconds', 'histogram'],
      ['docjson_documents_total', 'counter'],
      ['docjson_pages_billed_total', 'counter'],
      ['docjson_engine_seconds', 'histogram'],
      ['docjson_job_slots_in_use', 'gauge'],
      ['docjson_job_slots_max', 'gauge'],
      ['docjson_job_queue_depth', 'gauge'],
      ['docjson_pages_in_flight', 'gauge'],
      ['docjson_pages_in_flight_max', 'gauge'],
      ['docjson_page_queue_depth', 'gauge'],
      ['docjson_ocr_queue_depth', 'gauge'],
      ['docjson_ocr_workers_busy', 'gauge'],
      ['docjson_process_cpu_user_seconds_total', 'counter'],
      ['docjson_process_resident_memory_bytes', 'gauge'],
      ['docjson_nodejs_eventloop_lag_seconds', 'gauge'],
    ]) {
      assert.ok(text.includes(`# TYPE ${name} ${type}\n`), `${name} is a ${type}`);
    }
    for (const line of text.split('\n').filter((l) => l.startsWith('# TYPE') || /^[a-z]/.test(l))) {
      const name = line.startsWith('#') ? line.split(' ')[2] : line.split(/[{ ]/)[0];
      assert.ok(name?.startsWith('docjson_'), line);
    }
    assert.ok(sampleSum(text, 'docjson_job_slots_max') >= 2);
    assert.equal(sampleSum(text, 'docjson_job_slots_in_use'), 0);
    assert.equal(sampleSum(text, 'docjson_ocr_queue_depth'), 0);
    // Nothing in flight between calls: every page taken was given back.
    assert.equal(sampleSum(text, 'docjson_pages_in_flight'), 0);
    assert.equal(sampleSum(text, 'docjson_pages_in_flight_max'), 500);
  });

  it('moves after a call: requests by route pattern and status, durations, documents, pages, engine time', async () => {
    const key = await t.keyFor({ credits: 10 });
    const before = await scrape();
    const res = await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));
    assert.equal(res.statusCode, 200);
    const refused = await t.generate(key, upload('', INVOICE_YAML));
    assert.equal(refused.statusCode, 400);
    const unauthorised = await t.app.inject({ method: 'POST', url: '/api/v1/generate' });
    assert.equal(unauthorised.statusCode, 401);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);

    const route = { route: '/api/v1/generate', method: 'POST' };
    assert.equal(moved('docjson_http_requests_total', { ...route, status: '200' }), 1);
    assert.equal(moved('docjson_http_requests_total', { ...route, status: '400' }), 1);
    assert.equal(moved('docjson_http_requests_total', { ...route, status: '401' }), 1);
    assert.equal(moved('docjson_http_request_duration_seconds_count', route), 3);
    assert.ok(moved('docjson_http_request_duration_seconds_sum', route) > 0);
    assert.equal(moved('docjson_documents_total', { format: 'text' }), 1);
    assert.equal(moved('docjson_pages_billed_total', { format: 'text' }), 1);
    assert.equal(moved('docjson_engine_seconds_count', { engine: 'local', outcome: 'ok' }), 1);
    // The scrape before this one is counted too, under its own route.
    assert.ok(sampleSum(after, 'docjson_http_requests_total', { route: '/metrics', status: '200' }) >= 1);
  });

  it('labels carry no key, e-mail, file name, path, query, field name or value (canary)', async () => {
    const canary = 'canary7e1d';
    const key = await t.keyFor({ email: `${canary}@example.com`, credits: 10 });
    const document = `${INVOICE_TEXT}\nReference: ${canary.toUpperCase()}-42\n`;
    const yaml = `${INVOICE_YAML}      ${canary}_ref:\n        type: string\n        description: the ${canary} reference\n`;
    await t.generate(key, upload(document, yaml, `${canary}.txt`), `?evidence=true&${canary}=1`);
    const ok = await t.generate(key, upload(document, yaml, `${canary}.txt`), '?evidence=true');
    assert.equal(ok.statusCode, 200);
    assert.ok(ok.body.includes(canary.toUpperCase()), 'the canary was read as a value');
    await t.app.inject({ method: 'POST', url: '/api/v1/generate', headers: { 'x-api-key': `dj_${canary}` } });
    await t.app.inject({ method: 'GET', url: `/${canary}/path?${canary}=${canary}` });
    await t.app.inject({ method: 'PUT', url: `/health?${canary}` });
    const text = await scrape();
    assert.ok(!text.toLowerCase().includes(canary), 'no canary in /metrics');
    assert.ok(!text.includes(key), 'no key in /metrics');
    const routes = samples(text).flatMap((s) => (s.labels.route ? [s.labels.route] : []));
    assert.ok(routes.includes('unknown'), 'an unknown path is counted as "unknown"');
    assert.ok(!routes.some((r) => r.includes('?')), 'never a query string');
    const labelNames = new Set(samples(text).flatMap((s) => Object.keys(s.labels)));
    for (const name of labelNames) {
      assert.ok(
        [
          'route',
          'method',
          'status',
          'format',
          'engine',
          'outcome',
          'le',
          'quantile',
          'kind',
          'type',
          'space',
          'version',
          'major',
          'minor',
          'patch',
        ].includes(name),
        name,
      );
    }
  });

  it('each app has its own registry', async () => {
    const other = await createTestApp({ metricsToken: TOKEN });
    try {
      const key = await t.keyFor({ credits: 5 });
      const before = (await other.app.inject({ method: 'GET', url: '/metrics', headers: withToken })).body;
      await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));
      const after = (await other.app.inject({ method: 'GET', url: '/metrics', headers: withToken })).body;
      const route = { route: '/api/v1/generate', status: '200' };
      assert.equal(
        sampleSum(after, 'docjson_http_requests_total', route),
        sampleSum(before, 'docjson_http_requests_total', route),
      );
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ metricsToken: token });
  });
  after(() => t.close());

  it('401 invalid_metrics_token without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, 'Bearer ', `Basic ${token}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      assert.equal(res.statusCode, 401, String(authorization));
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="metrics"');
      const body = res.json();
      assert.equal(body.status, 'error');
      assert.equal(body.code, 'invalid_metrics_token');
      assert.equal(body.details.request_id, res.headers['x-request-id']);
      assert.ok(!res.body.includes(token));
    }
  });

  it('200 with it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('docjson_http_requests_total'));
  });
});

describe('GET /metrics: who may read it, and where', () => {
  const assertNotFound = (res: Awaited<ReturnType<TestApp['app']['inject']>>, what: string) => {
    assert.equal(res.statusCode, 404, what);
    assert.equal(res.json().code, 'not_found', what);
    assert.ok(!res.body.includes('docjson_'), what);
  };

  it('is not served at all without METRICS_TOKEN (404, as an unknown path)', async () => {
    const t = await createTestApp();
    try {
      for (const headers of [{}, withToken]) {
        assertNotFound(
          await t.app.inject({ method: 'GET', url: '/metrics', headers }),
          JSON.stringify(headers),
        );
      }
    } finally {
      await t.close();
    }
  });

  it('is served at its one canonical path: an encoded spelling the router would decode is 404, token or not', async () => {
    const t = await createTestApp({ metricsToken: TOKEN });
    try {
      for (const url of ['/%6Detrics', '/%6detrics', '/metric%73', '/%6D%65%74%72%69%63%73']) {
        assertNotFound(await t.app.inject({ method: 'GET', url, headers: withToken }), url);
      }
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/metrics', headers: withToken })).statusCode,
        200,
      );
      // So is every route: one spelling each.
      assertNotFound(await t.app.inject({ method: 'GET', url: '/h%65alth' }), '/h%65alth');
      assert.equal((await t.app.inject({ method: 'GET', url: '/health?x=%41' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
