import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../src/errors.ts';
import { JobSlots } from '../../src/extraction/job-slots.ts';

describe('job slots', () => {
  it('admits up to running + queued requests, then refuses with 503 overloaded and Retry-After', () => {
    const jobs = new JobSlots({ maxRunning: 1, maxQueued: 1 });
    jobs.admit(10);
    jobs.admit(10);
    assert.throws(
      () => jobs.admit(10),
      (error) => isAppError(error) && error.code === 'overloaded' && error.retryAfter === 5,
    );
  });

  it('a request waiting for a slot that is aborted leaves the line; the slot goes to the next one', async () => {
    const jobs = new JobSlots({ maxRunning: 1, maxQueued: 3 });
    const first = jobs.admit(1);
    await first.run();
    const leaving = jobs.admit(1);
    const gone = new AbortController();
    const left = leaving.run(gone.signal);
    const staying = jobs.admit(1);
    const stays = staying.run();
    assert.equal(jobs.queued, 2);
    gone.abort(new Error('client left'));
    await assert.rejects(left, /client left/);
    leaving.release();
    assert.equal(jobs.queued, 1);
    first.release();
    await stays;
    assert.equal(jobs.running, 1);
    staying.release();
    assert.deepEqual([jobs.running, jobs.queued, jobs.admitted, jobs.bytes], [0, 0, 0, 0]);
  });

  it('release is idempotent and frees a ticket in any state', async () => {
    const jobs = new JobSlots({ maxRunning: 1, maxQueued: 2 });
    const a = jobs.admit(5);
    await a.run();
    const b = jobs.admit(5);
    void b.run().catch(() => {});
    const c = jobs.admit(5);
    b.release();
    b.release();
    c.release();
    a.release();
    a.release();
    assert.deepEqual([jobs.running, jobs.queued, jobs.admitted, jobs.bytes], [0, 0, 0, 0]);
  });

  it('bounds the upload bytes held at once; one upload larger than the bound is admitted alone', () => {
    const jobs = new JobSlots({ maxRunning: 2, maxQueued: 8, maxBytes: 100 });
    const big = jobs.admit(500);
    assert.throws(
      () => jobs.admit(1),
      (error) => isAppError(error) && error.code === 'overloaded',
    );
    big.release();
    jobs.admit(60);
    assert.throws(
      () => jobs.admit(60),
      (error) => isAppError(error) && error.code === 'overloaded',
    );
    jobs.admit(40);
  });

  it('health turns bad only when every slot is held past the stuck limit', async () => {
    let now = 0;
    const jobs = new JobSlots({ maxRunning: 2, maxQueued: 2, stuckAfterMs: 1_000, now: () => now });
    const a = jobs.admit(1);
    await a.run();
    now = 5_000;
    assert.equal(jobs.health().ok, true, 'one stuck slot of two still serves');
    const b = jobs.admit(1);
    await b.run();
    now = 7_000;
    assert.equal(jobs.health().ok, false);
    a.release();
    assert.equal(jobs.health().ok, true);
  });
});
