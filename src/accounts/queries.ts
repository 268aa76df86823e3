import type { Account, ApiKeyRecord, CallRecord, IdempotencyRecord, SessionRecord } from './account-store.ts';

/**
 * The statements both stores run, with `?` placeholders (the PostgreSQL store numbers them).
 * Keeping one text per statement means the two stores cannot drift apart.
 */
export const sql = {
  insertAccount:
    'INSERT INTO accounts (id, email, plan, credits, expires_at, created_at, password_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  accountByEmail: 'SELECT * FROM accounts WHERE email = ?',
  accountById: 'SELECT * FROM accounts WHERE id = ?',
  listAccounts: 'SELECT * FROM accounts ORDER BY created_at, email',
  updateAccount:
    'UPDATE accounts SET plan = COALESCE(CAST(? AS TEXT), plan), credits = COALESCE(CAST(? AS BIGINT), credits), expires_at = CASE WHEN CAST(? AS INTEGER) = 1 THEN CAST(? AS TEXT) ELSE expires_at END WHERE email = ? RETURNING *',
  addCredits: 'UPDATE accounts SET credits = credits + ? WHERE email = ? RETURNING *',
  insertKey:
    'INSERT INTO api_keys (id, account_id, key_hash, created_at, name, prefix) VALUES (?, ?, ?, ?, ?, ?)',
  listKeys:
    'SELECT k.*, a.email FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE (CAST(? AS TEXT) IS NULL OR k.account_id = ?) ORDER BY k.created_at',
  revokeKey:
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND (CAST(? AS TEXT) IS NULL OR account_id = ?) AND revoked_at IS NULL',
  keyByHash:
    'SELECT k.id AS k_id, k.account_id AS k_account_id, k.created_at AS k_created_at, k.revoked_at AS k_revoked_at, k.last_used_at AS k_last_used_at, a.* FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ? AND k.revoked_at IS NULL',
  touchKey:
    'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
  charge: 'UPDATE accounts SET credits = credits - ? WHERE id = ? AND credits >= ? RETURNING credits',
  // `CASE` rather than MAX/GREATEST, which the two databases spell differently. The month in the WHERE
  // makes it happen once: a concurrent second update re-reads the row and no longer matches.
  refillMonthlyCredit:
    'UPDATE accounts SET credits = CASE WHEN credits < ? THEN ? ELSE credits END, credits_month = ? WHERE id = ? AND COALESCE(credits_month, substr(created_at, 1, 7)) < ? RETURNING *',
  deleteOldIdempotencyKeys:
    'DELETE FROM idempotency_keys WHERE created_at < ? OR (status IS NULL AND (lease_until < ? OR (lease_until IS NULL AND created_at < ?)))',
  claimIdempotencyKey:
    'INSERT INTO idempotency_keys (account_id, idem_key, request_hash, request_id, created_at, lease_until) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, idem_key) DO NOTHING RETURNING request_id',
  renewIdempotencyClaim:
    'UPDATE idempotency_keys SET lease_until = ? WHERE account_id = ? AND idem_key = ? AND request_id = ? AND status IS NULL',
  idempotencyKey: 'SELECT * FROM idempotency_keys WHERE account_id = ? AND idem_key = ? AND created_at >= ?',
  completeIdempotencyKey:
    'UPDATE idempotency_keys SET status = ?, pages = ? WHERE account_id = ? AND idem_key = ? AND request_id = ? AND status IS NULL',
  releaseIdempotencyKey:
    'DELETE FROM idempotency_keys WHERE account_id = ? AND idem_key = ? AND request_id = ? AND status IS NULL',
  insertCall:
    'INSERT INTO calls (account_id, at, status, pages, bytes, duration_ms, format, input_tokens, output_tokens, key_id, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  listCalls: 'SELECT * FROM calls WHERE account_id = ? AND at >= ? ORDER BY at DESC',
  insertSession: 'INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  sessionByHash:
    'SELECT s.id_hash AS s_id_hash, s.account_id AS s_account_id, s.created_at AS s_created_at, s.expires_at AS s_expires_at, a.* FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ?',
  deleteSession: 'DELETE FROM sessions WHERE id_hash = ?',
  deleteExpiredSessions: 'DELETE FROM sessions WHERE expires_at <= ?',
  deleteSessionsOfAccount:
    'DELETE FROM sessions WHERE account_id = ? AND (CAST(? AS TEXT) IS NULL OR id_hash <> ?)',
  insertAttempt: 'INSERT INTO attempts (id, subject, at) VALUES (?, ?, ?)',
  countAttempts: 'SELECT COUNT(*) AS n FROM attempts WHERE subject = ? AND at >= ?',
  withdrawAttempt: 'DELETE FROM attempts WHERE id = ?',
  clearAttempts: 'DELETE FROM attempts WHERE subject = ?',
  forgetOldAttempts: 'DELETE FROM attempts WHERE at < ?',
  insertDevice:
    'INSERT INTO login_devices (id_hash, account_id, created_at) VALUES (?, ?, ?) ON CONFLICT (id_hash, account_id) DO UPDATE SET created_at = excluded.created_at',
  deviceOf: 'SELECT 1 AS known FROM login_devices WHERE id_hash = ? AND account_id = ? AND created_at >= ?',
  setPassword: 'UPDATE accounts SET password_hash = ? WHERE id = ?',
  insertPasswordReset:
    'INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  // One statement: of two uses of one token, on any instance, only the first finds it unused.
  usePasswordReset:
    'UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id',
  peekPasswordReset:
    'SELECT account_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  forgetOldPasswordResets: 'DELETE FROM password_resets WHERE expires_at < ?',
  // An account's rows, children first (the foreign keys), then the account itself.
  deleteAccountRows: [
    'DELETE FROM idempotency_keys WHERE account_id = ?',
    'DELETE FROM calls WHERE account_id = ?',
    'DELETE FROM sessions WHERE account_id = ?',
    'DELETE FROM api_keys WHERE account_id = ?',
    'DELETE FROM login_devices WHERE account_id = ?',
    'DELETE FROM password_resets WHERE account_id = ?',
    'DELETE FROM accounts WHERE id = ?',
  ],
} as const;

type Row = Record<string, unknown>;

export function toAccount(row: Row): Account {
  return {
    id: String(row.id),
    email: String(row.email),
    plan: String(row.plan),
    credits: Number(row.credits),
    expiresAt: row.expires_at == null ? null : String(row.expires_at),
    createdAt: String(row.created_at),
    creditsMonth: row.credits_month == null ? null : String(row.credits_month),
  };
}

export function toIdempotency(row: Row): IdempotencyRecord {
  return {
    accountId: String(row.account_id),
    key: String(row.idem_key),
    requestHash: String(row.request_hash),
    requestId: String(row.request_id),
    status: row.status == null ? null : Number(row.status),
    pages: row.pages == null ? null : Number(row.pages),
    createdAt: String(row.created_at),
    leaseUntil: row.lease_until == null ? null : String(row.lease_until),
  };
}

export function toKey(row: Row, prefix = ''): ApiKeyRecord {
  const value = (name: string): string | null => {
    const v = row[prefix + name];
    return v == null ? null : String(v);
  };
  return {
    id: String(value('id')),
    accountId: String(value('account_id')),
    createdAt: String(value('created_at')),
    revokedAt: value('revoked_at'),
    lastUsedAt: value('last_used_at'),
    name: value('name'),
    prefix: value('prefix'),
  };
}

export function toCall(row: Row): CallRecord {
  return {
    accountId: String(row.account_id),
    at: String(row.at),
    status: Number(row.status),
    pages: Number(row.pages),
    bytes: Number(row.bytes),
    durationMs: Number(row.duration_ms),
    format: row.format == null ? null : String(row.format),
    inputTokens: row.input_tokens == null ? null : Number(row.input_tokens),
    outputTokens: row.output_tokens == null ? null : Number(row.output_tokens),
    keyId: row.key_id == null ? null : String(row.key_id),
    requestId: row.request_id == null ? null : String(row.request_id),
  };
}

export function toSession(row: Row): SessionRecord {
  return {
    idHash: String(row.s_id_hash),
    accountId: String(row.s_account_id),
    createdAt: String(row.s_created_at),
    expiresAt: String(row.s_expires_at),
  };
}
