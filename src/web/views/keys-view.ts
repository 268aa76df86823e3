import type { ApiKeyRecord } from '../../accounts/account-store.ts';
import { type Html, html } from '../html.ts';
import { csrfField } from '../respond.ts';
import { formatTime } from './format.ts';
import { alert } from './layout.ts';

export interface KeysView {
  csrf: string;
  keys: ApiKeyRecord[];
  /** The key just created: shown in this one answer, never again. */
  newKey?: { name: string; secret: string };
  notice?: string;
  error?: string;
}

function newKeyBox(created: { name: string; secret: string }): Html {
  return html`<section class="notice" aria-labelledby="new-key-heading">
  <h2 id="new-key-heading">Your new key “${created.name}”</h2>
  <p><strong>Copy it now: it is shown only this once.</strong> Keep it in an environment variable, never in source code.</p>
  <code class="key" id="new-key">${created.secret}</code>
  <p><button type="button" class="secondary" data-copy="new-key" hidden>Copy key</button>
  <span id="new-key-status" role="status"></span></p>
</section>`;
}

function keyRow(key: ApiKeyRecord, csrf: string): Html {
  const name = key.name ?? '(made with the admin CLI)';
  const state = key.revokedAt
    ? html`Revoked ${formatTime(key.revokedAt)}`
    : html`<form method="post" action="/keys/${encodeURIComponent(key.id)}/revoke" class="inline"
        data-confirm="Revoke the key “${name}”? Programs using it will stop working at once.">
        ${csrfField(csrf)}
        <button type="submit" class="secondary" aria-label="Revoke ${name}">Revoke</button>
      </form>`;
  return html`<tr>
  <td data-label="Name">${name}</td>
  <td data-label="Prefix"><code>${key.prefix ? `${key.prefix}…` : '—'}</code></td>
  <td data-label="Created">${formatTime(key.createdAt)}</td>
  <td data-label="Last used">${formatTime(key.lastUsedAt)}</td>
  <td data-label="Status">${key.revokedAt ? 'Revoked' : 'Active'}</td>
  <td data-label="Action">${state}</td>
</tr>`;
}

export function keysView(view: KeysView): Html {
  return html`<h1>API Keys</h1>
${view.newKey ? newKeyBox(view.newKey) : ''}
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
${alert(view.error)}
<h2>Create a key</h2>
<form method="post" action="/keys" class="stacked">
  ${csrfField(view.csrf)}
  <label for="key-name">Key name</label>
  <input type="text" id="key-name" name="name" required maxlength="60" aria-describedby="key-name-hint">
  <span class="hint" id="key-name-hint">Say where it will be used, e.g. “billing server”.</span>
  <button type="submit">Create key</button>
</form>
<h2>Your keys</h2>
${
  view.keys.length === 0
    ? html`<p>You have no key yet.</p>`
    : html`<table class="stack">
  <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="hint">Action</span></th></tr></thead>
  <tbody>${view.keys.map((key) => keyRow(key, view.csrf))}</tbody>
</table>`
}
<p>Send a key in the <code>X-API-KEY</code> header of <code>POST /api/v1/generate</code>. A revoked key is refused at once.</p>`;
}
