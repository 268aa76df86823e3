import type { FastifyInstance } from 'fastify';
import { html } from '../html.ts';
import { frameFor, PAGE_STATUS, type SiteOptions, sendPage } from '../respond.ts';
import { layout } from '../views/layout.ts';

export function homePage(web: FastifyInstance, site: SiteOptions): void {
  web.get('/', { schema: { hide: true } }, async (request, reply) => {
    const loggedIn = Boolean(request.webSession);
    const body = html`<h1>Documents in, typed JSON out</h1>
<p>docjson reads a document (PDF, scanned or not, JPEG, PNG, DOCX, XLSX or text) and a short YAML file
naming the fields you want, and answers with those fields as typed JSON: numbers, dates, booleans, lists.</p>
<p>It runs offline, with no language model. Your documents are read in memory and never stored or logged.</p>
<h2>How to start</h2>
<ol>
  <li>${loggedIn ? 'You have an account.' : html`<a href="/signup">Sign up</a> (the free plan comes with 50 pages of credit), or <a href="/login">log in</a>.`}</li>
  <li>Create a key on the <a href="/keys">API Keys</a> page and keep it in an environment variable.</li>
  <li>Send <code>POST /api/v1/generate</code> with the header <code>X-API-KEY</code> and the parts
    <code>file</code> and <code>yaml_file</code>${site.docs ? html` (see the <a href="/docs">API docs</a>)` : ''},
    or try a document in the <a href="/playground">Playground</a>.</li>
</ol>`;
    return sendPage(reply, PAGE_STATUS.ok, layout(frameFor(request, site, 'Home', '/'), body));
  });
}
