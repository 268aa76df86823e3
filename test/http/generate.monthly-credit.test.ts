import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

/** A clock the test moves by hand: the month changes without waiting for it. */
function clock() {
  let at = new Date();
  return {
    now: () => at,
    /** 00:00:30 UTC on the first day of the next month. */
    toNextMonth: () => {
      at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, 0, 0, 30));
    },
  };
}

describe('POST /api/v1/generate: monthly credit', () => {
  const time = clock();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ now: time.now });
  });
  after(() => t.close());

  it('refills a free account whose credit is spent on its first call of a new month, once', async () => {
    const spent = await t.keyFor({ plan: 'free', credits: 1 });
    const rich = await t.keyFor({ plan: 'free', credits: 120 });
    const contract = await t.keyFor({ plan: 'enterprise', credits: 0 });
    const call = (key: string) => t.generate(key, upload(INVOICE_TEXT, INVOICE_YAML));

    const first = await call(spent);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['x-credits-remaining'], '0');
    const refused = await call(spent);
    assert.equal(refused.statusCode, 402);
    assert.equal(refused.json().code, 'insufficient_credit');

    time.toNextMonth();
    const refilled = await call(spent);
    assert.equal(refilled.statusCode, 200, refilled.body);
    // The plan's monthlyCredits (50 for free in config/plans.json), less this call's page.
    assert.equal(refilled.headers['x-credits-remaining'], '49');
    const again = await call(spent);
    assert.equal(again.headers['x-credits-remaining'], '48');

    // Credit above the grant is kept as it is; a plan without monthlyCredits gets none.
    assert.equal((await call(rich)).headers['x-credits-remaining'], '119');
    const none = await call(contract);
    assert.equal(none.statusCode, 402);
    assert.equal(none.json().code, 'insufficient_credit');

    const account = (await t.store.listAccounts()).find((a) => a.credits === 48);
    assert.equal(account?.creditsMonth, time.now().toISOString().slice(0, 7));
  });
});
