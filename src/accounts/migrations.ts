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
  // The website: a password per account (none for accounts made by the CLI), sessions kept as the hash
  // of their id, a key's name and its non-secret prefix, a call's format, and failed log-ins for the throttle.
  `ALTER TABLE accounts ADD COLUMN password_hash TEXT;
   ALTER TABLE api_keys ADD COLUMN name TEXT;
   ALTER TABLE api_keys ADD COLUMN prefix TEXT;
   ALTER TABLE calls ADD COLUMN format TEXT;
   CREATE TABLE sessions (
     id_hash TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts(id),
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE INDEX sessions_account ON sessions (account_id);
   CREATE TABLE login_failures (
     subject TEXT NOT NULL,
     at TEXT NOT NULL
   );
   CREATE INDEX login_failures_subject_at ON login_failures (subject, at);`,
  // Monthly credit: the month (UTC, YYYY-MM) whose grant the account last received; null until the
  // first refill, when the month of created_at stands in (the credit given at creation is that month's).
  `ALTER TABLE accounts ADD COLUMN credits_month TEXT;`,
  // Idempotency-Key on POST /api/v1/generate: the key, a hash of the request and the outcome (status
  // null while the call is in flight), never anything of the document or of the answer. Kept 24 h.
  `CREATE TABLE idempotency_keys (
     account_id TEXT NOT NULL REFERENCES accounts(id),
     idem_key TEXT NOT NULL,
     request_hash TEXT NOT NULL,
     request_id TEXT NOT NULL,
     status INTEGER,
     pages INTEGER,
     created_at TEXT NOT NULL,
     PRIMARY KEY (account_id, idem_key)
   );
   CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);`,
  // Tokens a language model used for a call (engine=llm or hybrid), as its provider counted them;
  // null for calls the local engine answered (and for calls recorded before this version).
  `ALTER TABLE calls ADD COLUMN input_tokens BIGINT;
   ALTER TABLE calls ADD COLUMN output_tokens BIGINT;`,
  // Idempotency-Key claims as leases: a claim in flight holds its key until lease_until, which its
  // request renews while it runs, so that the claim of a request that died frees the key within a
  // lease (seconds), not an hour. Null for claims made before this version (they keep the hour).
  `ALTER TABLE idempotency_keys ADD COLUMN lease_until TEXT;`,
  // Accounts people can keep. Attempts (log-in, sign-up, reset requests) counted per subject before
  // they are checked, each row with the id of its attempt so that one refused at once can be withdrawn;
  // the browsers that logged in to an account (a device cookie, kept hashed: such a browser is not held
  // by the account-wide limit a stranger can fill); one-time password-reset tokens, kept hashed; which key
  // made a call and the call's request id, for the Usage page. The old failure table is no longer used.
  `CREATE TABLE attempts (
     id TEXT NOT NULL,
     subject TEXT NOT NULL,
     at TEXT NOT NULL
   );
   CREATE INDEX attempts_subject_at ON attempts (subject, at);
   CREATE INDEX attempts_id ON attempts (id);
   CREATE INDEX attempts_at ON attempts (at);
   CREATE TABLE login_devices (
     id_hash TEXT NOT NULL,
     account_id TEXT NOT NULL REFERENCES accounts(id),
     created_at TEXT NOT NULL,
     PRIMARY KEY (id_hash, account_id)
   );
   CREATE INDEX login_devices_account ON login_devices (account_id);
   CREATE TABLE password_resets (
     token_hash TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts(id),
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     used_at TEXT
   );
   CREATE INDEX password_resets_account ON password_resets (account_id);
   ALTER TABLE calls ADD COLUMN key_id TEXT;
   ALTER TABLE calls ADD COLUMN request_id TEXT;
   DROP TABLE login_failures;`,
];
