/**
 * Who can read /metrics: an instance without METRICS_TOKEN and one with it, asked at the canonical
 * path and at spellings a router decodes to it (issue 30, item 7).
 */
import { startInstance } from '../server-process.ts';
import { type Checks, get, log } from './kit.ts';

const SPELLINGS = ['/metrics', '/%6Detrics', '/%6detrics', '/metric%73', '/metrics/', '/METRICS'];

export async function metricsExposure(checks: Checks): Promise<void> {
  log('metrics exposure: /metrics and its other spellings, without and with METRICS_TOKEN');
  const token = 'drill-metrics-token-0123456789';
  const [open, guarded] = await Promise.all([
    startInstance('m-open', { DATABASE_URL: '' }),
    startInstance('m-token', { DATABASE_URL: '', METRICS_TOKEN: token }),
  ]);
  try {
    const row = async (base: string, headers: Record<string, string> = {}) =>
      Promise.all(SPELLINGS.map(async (path) => `${path} ${(await get(`${base}${path}`, headers)).status}`));
    const withoutToken = await row(open!.base);
    const tokenNotSent = await row(guarded!.base);
    const tokenSent = await row(guarded!.base, { authorization: `Bearer ${token}` });
    log(`  no METRICS_TOKEN:           ${withoutToken.join(', ')}`);
    log(`  METRICS_TOKEN, not sent:    ${tokenNotSent.join(', ')}`);
    log(`  METRICS_TOKEN, sent:        ${tokenSent.join(', ')}`);
    const served = (rows: string[]) => rows.filter((r) => r.endsWith(' 200')).map((r) => r.split(' ')[0]);
    checks.expect(served(withoutToken).length === 0, 'without METRICS_TOKEN, /metrics is served to no one');
    checks.expect(
      served(tokenNotSent).length === 0,
      'with METRICS_TOKEN, nothing is served without the token',
    );
    checks.expect(
      served(tokenSent).join(',') === '/metrics',
      'with the token, /metrics is served at its one canonical path only',
    );
  } finally {
    await Promise.all([open!.stop(), guarded!.stop()]);
  }
}
