import type { CallRecord } from '../../accounts/account-store.ts';
import { type Html, html } from '../html.ts';

export interface DayCount {
  day: string;
  calls: number;
  pages: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calls and pages per UTC day, oldest first, a zero for each quiet day. */
export function callsByDay(calls: CallRecord[], now: Date, days: number): DayCount[] {
  const counts = new Map<string, DayCount>();
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    counts.set(day, { day, calls: 0, pages: 0 });
  }
  for (const call of calls) {
    const entry = counts.get(call.at.slice(0, 10));
    if (!entry) continue;
    entry.calls++;
    entry.pages += call.pages;
  }
  return [...counts.values()];
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

/**
 * Bars drawn on the server as SVG (no script, no inline style: the CSP allows neither). Each bar has a
 * title with its day and count, and the whole chart a text summary, so no reader needs to see it.
 */
export function usageChart(days: DayCount[]): Html {
  const most = Math.max(0, ...days.map((d) => d.calls));
  const scale = Math.max(1, most);
  const slot = WIDTH / days.length;
  const total = days.reduce((sum, d) => sum + d.calls, 0);
  const bars = days.map((d, i) => {
    const height = Math.round(((HEIGHT - AXIS - 10) * d.calls) / scale);
    const x = Math.round(i * slot + 2);
    const y = HEIGHT - AXIS - height;
    return html`<rect class="bar" x="${x}" y="${y}" width="${Math.max(1, Math.round(slot - 4))}" height="${height}"><title>${d.day}: ${d.calls} call${d.calls === 1 ? '' : 's'}, ${d.pages} page${d.pages === 1 ? '' : 's'}</title></rect>`;
  });
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="chart-title">
<title id="chart-title">Calls per day from ${first} to ${last}: ${total} in all, at most ${most} on one day.</title>
<line x1="0" y1="${HEIGHT - AXIS}" x2="${WIDTH}" y2="${HEIGHT - AXIS}" stroke="#57606a"/>
${bars}
<text x="2" y="${HEIGHT - 6}">${first}</text>
<text x="${WIDTH - 2}" y="${HEIGHT - 6}" text-anchor="end">${last}</text>
<text x="2" y="12">max ${most} / day</text>
</svg>`;
}
