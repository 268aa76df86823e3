import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { calibrate } from '../../src/engines/local/calibrate.ts';

describe('confidence from a route’s raw score', () => {
  const table = { label: [[0.65, 0.47] as [number, number], [99, 0.896] as [number, number]] };

  it('states the cautious estimate of the score’s bin, cut to two decimals, never rounded up to 0.9', () => {
    assert.equal(calibrate(table, 'label', false, 0.6), 0.47);
    assert.equal(calibrate(table, 'label', false, 0.99), 0.89);
  });

  it('lets a route the fit never measured claim no more than a guess', () => {
    assert.ok(calibrate(table, 'prose', false, 0.95) <= 0.5);
  });
});
