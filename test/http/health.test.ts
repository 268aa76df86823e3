import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pkg from '../../package.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /health', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('is healthy, with a timestamp and the package version, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['status', 'timestamp', 'version']);
    assert.equal(body.status, 'healthy');
    assert.equal(body.version, pkg.version);
    assert.match(body.version, /^\d+\.\d+\.\d+$/);
    assert.match(body.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.ok(Math.abs(Date.parse(body.timestamp) - Date.now()) < 60_000);
    assert.ok(res.headers['x-request-id']);
  });

  it('is 503 unhealthy when the store is down', async () => {
    const broken = await createTestApp();
    await broken.store.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/health' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().status, 'unhealthy');
      assert.equal(res.json().version, pkg.version);
      assert.ok(res.json().timestamp);
    } finally {
      await broken.close();
    }
  });

  it('publishes an OpenAPI 3.1 document built from the routes, and a docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const spec = res.json();
    assert.equal(spec.openapi, '3.1.0');
    const post = spec.paths['/api/v1/generate'].post;
    assert.deepEqual(post.requestBody.content['multipart/form-data'].schema.required, ['file', 'yaml_file']);
    assert.ok(post.responses['200'] && post.responses['422'] && post.responses['402']);
    assert.ok(spec.paths['/health'].get);
    assert.equal(spec.components.securitySchemes.apiKey.name, 'X-API-KEY');
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /<html/i);
  });
});
