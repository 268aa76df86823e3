import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { admission, PageBudget } from '../../src/extraction/page-budget.ts';

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Starts an acquire and records when it is granted or refused. */
function track(budget: PageBudget, pages: number, log: string[], name: string, signal?: AbortSignal) {
  const held: { release?: () => void; error?: unknown } = {};
  budget.acquire(pages, signal).then(
    (release) => {
      held.release = release;
      log.push(name);
    },
    (error: unknown) => {
      held.error = error;
      log.push(`${name} refused`);
    },
  );
  return held;
}

describe('PageBudget', () => {
  it('admits at once while the pages fit, and counts them until released', async () => {
    const budget = new PageBudget(100);
    const a = await budget.acquire(60);
    const b = await budget.acquire(40);
    assert.equal(budget.inFlight, 100);
    a();
    a(); // twice: released once
    assert.equal(budget.inFlight, 40);
    b();
    assert.equal(budget.inFlight, 0);
  });

  it('makes a request wait until enough pages are released', async () => {
    const budget = new PageBudget(100);
    const log: string[] = [];
    const first = track(budget, 80, log, 'first');
    const second = track(budget, 30, log, 'second');
    await settle();
    assert.deepEqual(log, ['first']);
    assert.equal(budget.waiting, 1);
    first.release!();
    await settle();
    assert.deepEqual(log, ['first', 'second']);
    assert.equal(budget.inFlight, 30);
    second.release!();
  });

  it('serves in arrival order: a small request does not overtake a large one waiting', async () => {
    const budget = new PageBudget(100);
    const log: string[] = [];
    const held = track(budget, 50, log, 'held');
    const large = track(budget, 90, log, 'large');
    const small = track(budget, 10, log, 'small'); // would fit now, but comes after `large`
    await settle();
    assert.deepEqual(log, ['held']);
    held.release!();
    await settle();
    assert.deepEqual(log, ['held', 'large', 'small']);
    large.release!();
    small.release!();
    assert.equal(budget.inFlight, 0);
  });

  it('admits a document larger than the whole budget alone, once nothing else holds pages', async () => {
    const budget = new PageBudget(100);
    const log: string[] = [];
    const small = track(budget, 10, log, 'small');
    const huge = track(budget, 480, log, 'huge');
    const after = track(budget, 10, log, 'after');
    await settle();
    assert.deepEqual(log, ['small']);
    small.release!();
    await settle();
    assert.deepEqual(log, ['small', 'huge']);
    assert.equal(budget.inFlight, 480);
    huge.release!();
    await settle();
    assert.deepEqual(log, ['small', 'huge', 'after']);
    after.release!();
    // And straight away when the budget is empty.
    (await budget.acquire(1000))();
    assert.equal(budget.inFlight, 0);
  });

  it('gives up waiting when the signal aborts, and lets those behind it through', async () => {
    const budget = new PageBudget(100);
    const log: string[] = [];
    const controller = new AbortController();
    const held = track(budget, 50, log, 'held');
    const aborted = track(budget, 90, log, 'aborted', controller.signal);
    const behind = track(budget, 40, log, 'behind');
    await settle();
    controller.abort(new Error('client left'));
    await settle();
    assert.deepEqual(log, ['held', 'aborted refused', 'behind']);
    assert.equal((aborted.error as Error).message, 'client left');
    assert.equal(budget.waiting, 0);
    assert.equal(budget.inFlight, 90);
    held.release!();
    behind.release!();
    assert.equal(budget.inFlight, 0);
  });

  it('refuses at once on an aborted signal, and leaves no listener once granted', async () => {
    const budget = new PageBudget(10);
    await assert.rejects(budget.acquire(1, AbortSignal.abort(new Error('gone'))), /gone/);
    const first = await budget.acquire(10);
    const controller = new AbortController();
    const waiting = budget.acquire(5, controller.signal);
    first();
    const release = await waiting;
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    release();
    assert.equal(budget.inFlight, 0);
  });

  it('refuses a budget that is not a positive integer', () => {
    assert.throws(() => new PageBudget(0), RangeError);
  });
});

describe('admission', () => {
  it('holds what was admitted until released, and gives back pages admitted after that', async () => {
    const budget = new PageBudget(100);
    const pages = admission(budget);
    await pages.admit!(70);
    assert.equal(budget.inFlight, 70);
    pages.release();
    assert.equal(budget.inFlight, 0);
    await pages.admit!(20); // a read that outlived its request
    assert.equal(budget.inFlight, 0);
  });

  it('does nothing without a budget', () => {
    const pages = admission(undefined);
    assert.equal(pages.admit, undefined);
    pages.release();
  });
});
