import type { Account, ApiKeyRecord, CallRecord, SessionRecord } from './account-store.ts';

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
  insertCall:
    'INSERT INTO calls (account_id, at, status, pages, bytes, duration_ms, format) VALUES (?, ?, ?, ?, ?, ?, ?)',
  listCalls: 'SELECT * FROM calls WHERE account_id = ? AND at >= ? ORDER BY at DESC',
  insertSession: 'INSERT INTO sessions (id_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  sessionByHash:
    'SELECT s.id_hash AS s_id_hash, s.account_id AS s_account_id, s.created_at AS s_created_at, s.expires_at AS s_expires_at, a.* FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ?',
  deleteSession: 'DELETE FROM sessions WHERE id_hash = ?',
  deleteExpiredSessions: 'DELETE FROM sessions WHERE expires_at <= ?',
  insertLoginFailure: 'INSERT INTO login_failures (subject, at) VALUES (?, ?)',
  countLoginFailures: 'SELECT COUNT(*) AS n FROM login_failures WHERE subject = ? AND at >= ?',
  clearLoginFailures: 'DELETE FROM login_failures WHERE subject = ? OR at < ?',
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
