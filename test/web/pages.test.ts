import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { escapeHtml, html } from '../../src/web/html.ts';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';
import { WebClient } from '../helpers/web-client.ts';

describe('website: pages and their headers', () => {
  let t: TestApp;
  let c: WebClient;
  before(async () => {
    t = await createTestApp();
    c = new WebClient(t.app);
  });
  after(() => t.close());

  it('explains the service on / with links to sign up, log in and the API docs', async () => {
    const res = await c.get('/');
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html; charset=utf-8/);
    for (const link of ['href="/signup">Sign up', 'href="/login">Log in', 'href="/docs">API docs']) {
      assert.ok(res.body.includes(link), link);
    }
  });

  it('sends CSP, anti-framing, referrer and no-store headers on every page; no inline script or style', async () => {
    const visitor = ['/', '/signup', '/login'];
    const pages: { path: string; body: string; headers: Record<string, unknown> }[] = [];
    for (const path of visitor) pages.push({ path, ...(await c.get(path)) });
    await c.signup('headers@example.com');
    for (const path of ['/keys', '/usage', '/playground']) pages.push({ path, ...(await c.get(path)) });
    for (const { path, body, headers } of pages) {
      const csp = String(headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/, path);
      assert.match(csp, /script-src 'self'(;|$)/, path);
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/, path);
      assert.equal(headers['x-frame-options'], 'DENY', path);
      assert.equal(headers['referrer-policy'], 'same-origin', path);
      assert.equal(headers['x-content-type-options'], 'nosniff', path);
      assert.equal(headers['cache-control'], 'no-store', path);
      assert.doesNotMatch(
        body,
        /<script(?![^>]*\bsrc="\/assets\/)/,
        `${path}: only script files of the service`,
      );
      assert.doesNotMatch(body, /\sstyle=|<style|\son[a-z]+=/i, `${path}: no inline style or handler`);
      assert.doesNotMatch(body, /(src|href)="(https?:)?\/\//, `${path}: nothing from elsewhere`);
    }
  });

  it('labels every input of every form', async () => {
    for (const path of ['/keys', '/playground', '/signup']) {
      const body =
        path === '/signup' ? (await new WebClient(t.app).get(path)).body : (await c.get(path)).body;
      const inputs = body.match(/<(input|textarea)\b[^>]*>/g) ?? [];
      for (const input of inputs.filter((i) => !/type="hidden"/.test(i))) {
        const id = / id="([^"]+)"/.exec(input)?.[1];
        const at = body.indexOf(input);
        const before = body.slice(Math.max(0, body.lastIndexOf('<label', at)), at);
        const wrapped = before.startsWith('<label>') && !before.includes('</label>');
        assert.ok(wrapped || (id && body.includes(`<label for="${id}">`)), `${path}: ${input} has no label`);
      }
    }
  });

  it('serves its CSS and JS itself', async () => {
    const css = await c.get('/assets/site.css');
    assert.equal(css.statusCode, 200);
    assert.match(css.headers['content-type'] as string, /^text\/css/);
    const js = await c.get('/assets/site.js');
    assert.equal(js.statusCode, 200);
    assert.match(js.headers['content-type'] as string, /^text\/javascript/);
    assert.match(js.body, /data-copy|dataset\.copy/);
  });

  it('keeps the API answering JSON beside the pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nowhere' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  });

  it('escapes every interpolated value through one function', () => {
    assert.equal(
      escapeHtml(`<a href="x" onclick='y'>&\``),
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;',
    );
    const inner = html`<b>${'<i>'}</b>`;
    assert.equal(
      html`<p>${inner}${['<', html`<br>`]}${null}${false}${0}</p>`.text,
      '<p><b>&lt;i&gt;</b>&lt;<br>0</p>',
    );
  });
});

describe('website: WEBSITE=false', () => {
  it('reads WEBSITE from the environment: on by default, off with false, a bad value refused', () => {
    assert.equal(loadConfig({}).WEBSITE, true);
    assert.equal(loadConfig({ WEBSITE: 'false' }).WEBSITE, false);
    assert.throws(() => loadConfig({ WEBSITE: 'maybe' }), /WEBSITE/);
  });

  it('serves no page, only the API', async () => {
    const t = await createTestApp({ website: false });
    try {
      for (const path of ['/', '/signup', '/login', '/keys', '/usage', '/playground', '/assets/site.css']) {
        const res = await t.app.inject({ method: 'GET', url: path });
        assert.equal(res.statusCode, 404, path);
        assert.equal(res.json().code, 'not_found');
      }
      const post = await t.app.inject({ method: 'POST', url: '/login', payload: 'email=a' });
      assert.equal(post.statusCode, 404);
      const key = await t.keyFor();
      assert.equal((await t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML))).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
