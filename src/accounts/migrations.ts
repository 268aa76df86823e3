/**
 * Schema versions, applied in order; each store records which it has run.
 * Plain SQL that both SQLite and PostgreSQL accept.
 */
export const migrations: readonly string[] = [
  `CREATE TABLE accounts (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE,
     plan TEXT NOT NULL,
     credits BIGINT NOT NULL CHECK (credits >= 0),
     expires_at TEXT,
     created_at TEXT NOT NULL
   );
   CREATE TABLE api_keys (
     id TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts(id),
     key_hash TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL,
     revoked_at TEXT,
     last_used_at TEXT
   );
   CREATE TABLE calls (
     account_id TEXT NOT NULL REFERENCES accounts(id),
     at TEXT NOT NULL,
     status INTEGER NOT NULL,
     pages INTEGER NOT NULL,
     bytes BIGINT NOT NULL,
     duration_ms INTEGER NOT NULL
   );
   CREATE INDEX calls_account_at ON calls (account_id, at);`,
];
