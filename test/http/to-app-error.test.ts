import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toAppError } from '../../src/http/to-app-error.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toAppError: a dependency out of reach', () => {
  for (const [what, error] of [
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'PostgreSQL shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a PostgreSQL connection exception (08006)', withCode('connection failure', '08006')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['every address refused', new AggregateError([withCode('refused', 'ECONNREFUSED')], 'all failed')],
  ] as const) {
    it(`is 503 unavailable with Retry-After for ${what}`, () => {
      const appError = toAppError(error);
      assert.equal(appError.code, 'unavailable');
      assert.equal(appError.status, 503);
      assert.equal(appError.retryAfter, 5);
    });
  }

  it('stays a 500 for a fault of ours, and never passes its message on', () => {
    const appError = toAppError(new TypeError('CANARY cannot read properties of undefined'));
    assert.equal(appError.code, 'internal_error');
    assert.equal(JSON.stringify(appError.details ?? {}).includes('CANARY'), false);
  });

  it('stays a 500 for a database error that is not about the connection (a constraint)', () => {
    assert.equal(toAppError(withCode('duplicate key value', '23505')).code, 'internal_error');
  });
});
