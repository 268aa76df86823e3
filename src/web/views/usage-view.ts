import type { Account, CallRecord } from '../../accounts/account-store.ts';
import { type Html, html } from '../html.ts';
import { formatNumber, formatTime } from './format.ts';
import { type DayCount, usageChart } from './usage-chart.ts';

export interface UsageView {
  account: Account;
  /** The account's keys by id, for their names. */
  keyNames: Map<string, string>;
  expired: boolean;
  calls: CallRecord[];
  days: DayCount[];
  /** Rows shown in the table; the chart counts them all. */
  shown: number;
}

const STATUS_WORDS: Record<number, string> = {
  200: 'OK',
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required',
  422: 'Invalid request',
  429: 'Rate limited',
  500: 'Error',
  503: 'Unavailable',
};

/** Said in words beside the number: the page never relies on colour. */
function statusText(status: number): string {
  return `${status} ${STATUS_WORDS[status] ?? ''}`.trim();
}

/**
 * What made the call: a key's name, the playground (a session: no key, a request id), or a key since
 * deleted; a row recorded before keys were (no key, no request id) says nothing.
 */
function madeBy(call: CallRecord, keyNames: Map<string, string>): string {
  if (!call.keyId) return call.requestId ? 'Playground' : '—';
  return keyNames.get(call.keyId) ?? 'A deleted key';
}

function callRow(call: CallRecord, keyNames: Map<string, string>): Html {
  return html`<tr><td data-label="Time">${formatTime(call.at)}</td><td data-label="Key">${madeBy(call, keyNames)}</td><td data-label="Status">${statusText(call.status)}</td><td data-label="Pages billed" class="num">${call.pages}</td><td data-label="Duration" class="num">${(call.durationMs / 1000).toFixed(2)} s</td><td data-label="Format">${call.format ?? '—'}</td><td data-label="Tokens" class="num">${tokens(call)}</td><td data-label="Request id"><code class="request-id">${call.requestId ?? '—'}</code></td></tr>`;
}

/** Calls and pages per key (and the playground), most calls first. */
function byKey(view: UsageView): Html {
  const rows = new Map<string, { calls: number; pages: number }>();
  for (const call of view.calls) {
    const name = madeBy(call, view.keyNames);
    const row = rows.get(name) ?? { calls: 0, pages: 0 };
    row.calls++;
    row.pages += call.pages;
    rows.set(name, row);
  }
  const sorted = [...rows].sort((a, b) => b[1].calls - a[1].calls || a[0].localeCompare(b[0]));
  return html`<table class="stack">
  <caption>Calls of the last 30 days by key</caption>
  <thead><tr><th scope="col">Key</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Pages billed</th></tr></thead>
  <tbody>${sorted.map(([name, row]) => html`<tr><td data-label="Key">${name}</td><td data-label="Calls" class="num">${row.calls}</td><td data-label="Pages billed" class="num">${row.pages}</td></tr>`)}</tbody>
</table>`;
}

/** A model's tokens "in / out"; blank for a call the local engine answered. */
function tokens(call: CallRecord): string {
  if (call.inputTokens == null || call.outputTokens == null) return '';
  return `${formatNumber(call.inputTokens)} in / ${formatNumber(call.outputTokens)} out`;
}

export function usageView(view: UsageView): Html {
  const { account } = view;
  const expiry = account.expiresAt ? `${account.expiresAt}${view.expired ? ' (expired)' : ''}` : 'No expiry';
  return html`<h1>Usage</h1>
<dl class="facts">
  <dt>Plan</dt><dd>${account.plan}</dd>
  <dt>Expires</dt><dd>${expiry}</dd>
  <dt>Credit left</dt><dd>${formatNumber(account.credits)} page${account.credits === 1 ? '' : 's'}</dd>
</dl>
<h2>Calls of the last 30 days</h2>
${usageChart(view.days)}
${
  view.calls.length === 0
    ? html`<p>No call in the last 30 days.</p>`
    : html`${byKey(view)}<table class="stack">
  <caption>${view.calls.length > view.shown ? `The latest ${view.shown} of ${view.calls.length} calls` : `${view.calls.length} call${view.calls.length === 1 ? '' : 's'}`}, newest first</caption>
  <thead><tr><th scope="col">Time</th><th scope="col">Key</th><th scope="col">Status</th><th scope="col" class="num">Pages billed</th><th scope="col" class="num">Duration</th><th scope="col">Format</th><th scope="col" class="num">Tokens</th><th scope="col">Request id</th></tr></thead>
  <tbody>${view.calls.slice(0, view.shown).map((call) => callRow(call, view.keyNames))}</tbody>
</table>`
}`;
}
