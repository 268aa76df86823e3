import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toAppError } from '../../src/requests/to-app-error.ts';

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

  for (const [what, error, reason, retryAfter] of [
    [
      'SQLite: a full disk (SQLITE_FULL)',
      Object.assign(new Error('database or disk is full'), { errcode: 13 }),
      'the account store cannot write',
      30,
    ],
    [
      'SQLite: a refused write (SQLITE_IOERR_WRITE)',
      Object.assign(new Error('disk I/O error'), { errcode: 778 }),
      'the account store cannot write',
      30,
    ],
    [
      'PostgreSQL: a full disk (53100)',
      withCode('could not extend file', '53100'),
      'the account store cannot write',
      30,
    ],
    [
      'PostgreSQL: a standby after a failover (25006)',
      withCode('read-only transaction', '25006'),
      'the account store cannot write',
      30,
    ],
    [
      'PostgreSQL: statement_timeout (57014)',
      withCode('canceling statement due to statement timeout', '57014'),
      'a dependency did not answer in time',
      5,
    ],
    ['pg: query_timeout', new Error('Query read timeout'), 'a dependency did not answer in time', 5],
    [
      'pg: no connection in time',
      new Error('timeout exceeded when trying to connect'),
      'a dependency did not answer in time',
      5,
    ],
  ] as const) {
    it(`is 503 unavailable for ${what}, saying why`, () => {
      const appError = toAppError(error);
      assert.equal(appError.code, 'unavailable');
      assert.deepEqual(appError.details, { reason });
      assert.equal(appError.retryAfter, retryAfter);
    });
  }

  it('stays a 500 for a fault of ours, and never passes its message on', () => {
    const appError = toAppError(new TypeError('CANARY cannot read properties of undefined'));
    assert.equal(appError.code, 'internal_error');
    assert.equal(JSON.stringify(appError.details ?? {}).includes('CANARY'), false);
  });

  it('stays a 500 for a database error that is not about the connection (a constraint)', () => {
    assert.equal(toAppError(withCode('duplicate key value', '23505')).code, 'internal_error');
    assert.equal(
      toAppError(Object.assign(new Error('UNIQUE constraint failed'), { errcode: 2067 })).code,
      'internal_error',
    );
  });
});
