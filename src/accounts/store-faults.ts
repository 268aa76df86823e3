/**
 * Why the account store cannot serve a call now, when a later call may succeed: its disk is full or
 * read-only, it cannot be reached, or it did not answer in time. Any other database error (a
 * constraint, a bug) is no such fault.
 */
export type StoreFault = 'cannot write' | 'unreachable' | 'timed out';

/** SQLite's primary result codes (an extended code's low byte). */
const SQLITE_FAULTS: Record<number, StoreFault> = {
  5: 'timed out', // SQLITE_BUSY: another connection held the lock past busy_timeout
  6: 'timed out', // SQLITE_LOCKED
  8: 'cannot write', // SQLITE_READONLY
  10: 'cannot write', // SQLITE_IOERR: a write or fsync refused (a full disk past its last block, EFBIG, EIO)
  13: 'cannot write', // SQLITE_FULL
  14: 'cannot write', // SQLITE_CANTOPEN
};

/** PostgreSQL's SQLSTATEs, whole or by class. */
const POSTGRES_FAULTS: Record<string, StoreFault> = {
  '53100': 'cannot write', // disk_full
  '58030': 'cannot write', // io_error
  '25006': 'cannot write', // read_only_sql_transaction: a standby after a failover
  '53300': 'unreachable', // too_many_connections
  '57014': 'timed out', // query_canceled: statement_timeout
  '55P03': 'timed out', // lock_not_available: lock_timeout
  '57P01': 'unreachable', // admin_shutdown
  '57P02': 'unreachable', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now
};

const SOCKET_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** pg's own errors carry no code: its connection losses, its connect and pool-wait timeout, query_timeout. */
const PG_MESSAGES: [RegExp, StoreFault][] = [
  [/^Connection terminated due to connection timeout/, 'timed out'],
  [/^Connection terminated/, 'unreachable'],
  [/^Client has encountered a connection error/, 'unreachable'],
  [/^timeout exceeded when trying to connect/, 'timed out'],
  [/^Query read timeout/, 'timed out'],
];

export function storeFault(error: unknown): StoreFault | null {
  if (!(error instanceof Error)) return null;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const fault = storeFault(inner);
      if (fault) return fault;
    }
    return null;
  }
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number') return SQLITE_FAULTS[errcode & 0xff] ?? null;
  if (typeof code === 'string') {
    if (SOCKET_ERRNOS.has(code) || code.startsWith('08')) return 'unreachable';
    if (code === 'ENOSPC' || code === 'EIO') return 'cannot write';
    const fault = POSTGRES_FAULTS[code];
    if (fault) return fault;
  }
  return PG_MESSAGES.find(([pattern]) => pattern.test(error.message))?.[1] ?? null;
}
