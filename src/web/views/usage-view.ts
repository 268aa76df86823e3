import type { Account, CallRecord } from '../../accounts/account-store.ts';
import { type Html, html } from '../html.ts';
import { formatNumber, formatTime } from './format.ts';
import { type DayCount, usageChart } from './usage-chart.ts';

export interface UsageView {
  account: Account;
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

function callRow(call: CallRecord): Html {
  return html`<tr><td>${formatTime(call.at)}</td><td>${statusText(call.status)}</td><td class="num">${call.pages}</td><td class="num">${(call.durationMs / 1000).toFixed(2)} s</td><td>${call.format ?? '—'}</td><td class="num">${tokens(call)}</td></tr>`;
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
    : html`<table>
  <caption>${view.calls.length > view.shown ? `The latest ${view.shown} of ${view.calls.length} calls` : `${view.calls.length} call${view.calls.length === 1 ? '' : 's'}`}, newest first</caption>
  <thead><tr><th scope="col">Time</th><th scope="col">Status</th><th scope="col" class="num">Pages billed</th><th scope="col" class="num">Duration</th><th scope="col">Format</th><th scope="col" class="num">Tokens</th></tr></thead>
  <tbody>${view.calls.slice(0, view.shown).map(callRow)}</tbody>
</table>`
}`;
}
