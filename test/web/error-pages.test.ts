import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { WebClient } from '../helpers/web-client.ts';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('website: error pages and headers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers a browser’s 404 with a page and a way back; JSON for /api/* and for clients that ask no HTML', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: BROWSER });
    assert.equal(page.statusCode, 404);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.match(page.body, /<h1>Page not found<\/h1>/);
    assert.match(page.body, /<a href="\/">Back to the home page<\/a>/);
    assert.match(page.headers['content-security-policy'] as string, /default-src 'none'/);

    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: BROWSER });
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().code, 'not_found');
    const bare = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    assert.equal(bare.json().code, 'not_found');
  });

  it('answers a browser’s 405 (opening a form’s address) with a page, its Allow header and a way back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logout', headers: BROWSER });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'POST');
    assert.match(res.body, /<h1>This address is not a page<\/h1>/);
    assert.match(res.body, /<a href="\/">Back to the home page<\/a>/);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/generate', headers: BROWSER });
    assert.equal(api.statusCode, 405);
    assert.equal(api.json().code, 'method_not_allowed');
  });

  it('sends a refused revoke back to the API Keys page, which opens (not a 404 or 405)', async () => {
    const c = new WebClient(t.app, { headers: BROWSER });
    await c.signup('refused@example.com');
    await c.createKey('kept');
    const action = /action="(\/keys\/[^"]+\/revoke)"/.exec((await c.get('/keys')).body)![1]!;
    const refused = await c.post(action, {});
    assert.equal(refused.statusCode, 403);
    const back = /<a href="([^"]+)">Open the page again<\/a>/.exec(refused.body)![1]!;
    assert.equal(back, '/keys');
    assert.equal((await c.get(back)).statusCode, 200);
  });

  it('puts the site’s security headers on /docs too, with the docs page’s own script and style policy', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/', headers: BROWSER });
    assert.equal(docs.statusCode, 200);
    assert.equal(docs.headers['x-frame-options'], 'DENY');
    assert.equal(docs.headers['x-content-type-options'], 'nosniff');
    assert.equal(docs.headers['referrer-policy'], 'same-origin');
    const csp = docs.headers['content-security-policy'] as string;
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /object-src 'none'/);
    const asset = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.headers['x-content-type-options'], 'nosniff');
  });

  it('keeps the site’s pages under the strict policy', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: BROWSER });
    const csp = home.headers['content-security-policy'] as string;
    for (const part of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      assert.ok(csp.includes(part), part);
    }
    assert.equal(home.headers['cache-control'], 'no-store');
    assert.equal(home.headers['x-frame-options'], 'DENY');
  });
});
