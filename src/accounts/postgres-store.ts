import pg from 'pg';
import {
  type AccountPatch,
  type AccountStore,
  type AttemptSubject,
  type CallRecord,
  DuplicateAccountError,
  IdempotencyClaimLostError,
  type IdempotencyCompletion,
  type IdempotencyHorizon,
  type KeyLabel,
  type NewAccount,
  type NewIdempotencyClaim,
  type SessionRecord,
} from './account-store.ts';
import { newId } from './api-key.ts';
import { migrations } from './migrations.ts';
import { sql, toAccount, toCall, toIdempotency, toKey, toSession } from './queries.ts';
import { storeFault } from './store-faults.ts';

const TOUCH_INTERVAL_MS = 60_000;
/** Any constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK = 0x646a736e;

/**
 * Every wait on PostgreSQL is bounded, so that a frozen or unreachable database is a 503 within
 * seconds, never a call that hangs: connecting and waiting for a pooled connection (connectMs), a
 * statement on the server (statementMs: the server cancels it and the connection stays usable), and
 * the answer on the client side (queryMs, longer than statementMs: it ends the wait for a server that
 * answers nothing at all, and the connection is then dropped). A request makes its store calls one
 * after the other and stops at the first failure: connectMs + queryMs stays under 10 s.
 */
export interface PostgresTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 3_000,
  statementMs: 4_000,
  queryMs: 5_000,
};
/** A transaction left open by a client that vanished holds its locks no longer than this. */
const IDLE_IN_TRANSACTION_MS = 10_000;
/** Migrations may rewrite a table: they run without the statement timeouts. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

/** `?` placeholders to PostgreSQL's `$1, $2, …` (no statement here has a `?` inside a literal). */
function numbered(query: string): string {
  let n = 0;
  return query.replace(/\?/g, () => `$${++n}`);
}

/** The store for many instances: PostgreSQL, same schema and statements as the embedded one. */
export class PostgresAccountStore implements AccountStore {
  readonly #pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  static async open(
    connectionString: string,
    options: { schema?: string; timeouts?: PostgresTimeouts } = {},
  ): Promise<PostgresAccountStore> {
    const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.queryMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      // A connection whose peer vanished without a word is found out by the kernel, not left for ever.
      keepAlive: true,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that loses its server emits 'error'; without a listener it would crash the process.
    pool.on('error', () => {});
    const store = new PostgresAccountStore(pool);
    await store.#migrate();
    return store;
  }

  async #migrate(): Promise<void> {
    const client = await this.#pool.connect();
    // pg reads a query's own query_timeout; its types do not name it.
    const query = (text: string, values: unknown[] = []) =>
      client.query({ text, values, query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig);
    try {
      await query('SET statement_timeout = 0');
      await query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
      const { rows } = await query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations');
      for (let version = Number(rows[0].v) + 1; version <= migrations.length; version++) {
        await query('BEGIN');
        try {
          await query(migrations[version - 1]!);
          await query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
          await query('COMMIT');
        } catch (error) {
          await query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      // The session's statement_timeout was lifted: this connection is not given back to the pool.
      client.release(true);
    }
  }

  async #rows(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    return (await this.#pool.query(numbered(query), params)).rows;
  }

  async #one(query: string, params: unknown[] = []): Promise<Record<string, unknown> | undefined> {
    return (await this.#rows(query, params))[0];
  }

  async createAccount(input: NewAccount) {
    const id = newId('acc');
    try {
      await this.#rows(sql.insertAccount, [
        id,
        input.email,
        input.plan,
        input.credits,
        input.expiresAt,
        new Date().toISOString(),
        input.passwordHash ?? null,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DuplicateAccountError();
      throw error;
    }
    return toAccount((await this.#one(sql.accountById, [id]))!);
  }

  async getAccountByEmail(email: string) {
    const row = await this.#one(sql.accountByEmail, [email]);
    return row ? toAccount(row) : null;
  }

  async getAccount(id: string) {
    const row = await this.#one(sql.accountById, [id]);
    return row ? toAccount(row) : null;
  }

  async listAccounts() {
    return (await this.#rows(sql.listAccounts)).map(toAccount);
  }

  async updateAccount(email: string, patch: AccountPatch) {
    const row = await this.#one(sql.updateAccount, [
      patch.plan ?? null,
      patch.credits ?? null,
      patch.expiresAt !== undefined ? 1 : 0,
      patch.expiresAt ?? null,
      email,
    ]);
    return row ? toAccount(row) : null;
  }

  async addCredits(email: string, credits: number) {
    const row = await this.#one(sql.addCredits, [credits, email]);
    return row ? toAccount(row) : null;
  }

  async findLogin(email: string) {
    const row = await this.#one(sql.accountByEmail, [email]);
    if (!row) return null;
    return {
      account: toAccount(row),
      passwordHash: row.password_hash == null ? null : String(row.password_hash),
    };
  }

  async createKey(accountId: string, keyHash: string, label?: KeyLabel) {
    const id = newId('key');
    const createdAt = new Date().toISOString();
    const name = label?.name ?? null;
    const prefix = label?.prefix ?? null;
    await this.#rows(sql.insertKey, [id, accountId, keyHash, createdAt, name, prefix]);
    return { id, accountId, createdAt, revokedAt: null, lastUsedAt: null, name, prefix };
  }

  async listKeys(accountId?: string) {
    return (await this.#rows(sql.listKeys, [accountId ?? null, accountId ?? null])).map((row) => ({
      ...toKey(row),
      email: String(row.email),
    }));
  }

  async revokeKey(id: string, accountId?: string) {
    const owner = accountId ?? null;
    const result = await this.#pool.query(numbered(sql.revokeKey), [
      new Date().toISOString(),
      id,
      owner,
      owner,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async findByKeyHash(keyHash: string) {
    const row = await this.#one(sql.keyByHash, [keyHash]);
    return row ? { key: toKey(row, 'k_'), account: toAccount(row) } : null;
  }

  async touchKey(id: string, at: Date) {
    const before = new Date(at.getTime() - TOUCH_INTERVAL_MS).toISOString();
    await this.#rows(sql.touchKey, [at.toISOString(), id, before]);
  }

  async charge(accountId: string, pages: number, completes?: IdempotencyCompletion) {
    if (!completes) {
      const row = await this.#one(sql.charge, [pages, accountId, pages]);
      return row ? Number(row.credits) : null;
    }
    return this.#transaction(async (client) => {
      const { rows } = await client.query(numbered(sql.charge), [pages, accountId, pages]);
      if (rows[0]) {
        const completed = await client.query(numbered(sql.completeIdempotencyKey), [
          completes.status,
          pages,
          accountId,
          completes.key,
          completes.requestId,
        ]);
        if (completed.rowCount !== 1) throw new IdempotencyClaimLostError();
      }
      return rows[0] ? Number(rows[0].credits) : null;
    });
  }

  async refillMonthlyCredit(accountId: string, month: string, grant: number) {
    const row = await this.#one(sql.refillMonthlyCredit, [grant, grant, month, accountId, month]);
    return row ? toAccount(row) : null;
  }

  async claimIdempotencyKey(claim: NewIdempotencyClaim, horizon: IdempotencyHorizon) {
    await this.#rows(sql.deleteOldIdempotencyKeys, [
      horizon.expiredBefore.toISOString(),
      horizon.now.toISOString(),
      horizon.unleasedBefore.toISOString(),
    ]);
    const { accountId, key, requestHash, requestId, createdAt, leaseUntil } = claim;
    // The holder may release its claim between our insert and our read: then try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.#one(sql.claimIdempotencyKey, [
        accountId,
        key,
        requestHash,
        requestId,
        createdAt,
        leaseUntil,
      ]);
      if (inserted) return null;
      const held = await this.findIdempotencyKey(accountId, key, horizon.expiredBefore);
      if (held) return held;
    }
    throw new Error('idempotency key claim did not settle');
  }

  async renewIdempotencyClaim(accountId: string, key: string, requestId: string, leaseUntil: Date) {
    const result = await this.#pool.query(numbered(sql.renewIdempotencyClaim), [
      leaseUntil.toISOString(),
      accountId,
      key,
      requestId,
    ]);
    return result.rowCount === 1;
  }

  async findIdempotencyKey(accountId: string, key: string, since: Date) {
    const row = await this.#one(sql.idempotencyKey, [accountId, key, since.toISOString()]);
    return row ? toIdempotency(row) : null;
  }

  async releaseIdempotencyKey(accountId: string, key: string, requestId: string) {
    await this.#rows(sql.releaseIdempotencyKey, [accountId, key, requestId]);
  }

  async recordCall(call: CallRecord) {
    await this.#rows(sql.insertCall, [
      call.accountId,
      call.at,
      call.status,
      call.pages,
      call.bytes,
      Math.round(call.durationMs),
      call.format ?? null,
      call.inputTokens ?? null,
      call.outputTokens ?? null,
      call.keyId ?? null,
      call.requestId ?? null,
    ]);
  }

  async listCalls(accountId: string, since: string) {
    return (await this.#rows(sql.listCalls, [accountId, since])).map(toCall);
  }

  async createSession(session: SessionRecord) {
    await this.#rows(sql.insertSession, [
      session.idHash,
      session.accountId,
      session.createdAt,
      session.expiresAt,
    ]);
  }

  async findSession(idHash: string, now: Date) {
    const row = await this.#one(sql.sessionByHash, [idHash, now.toISOString()]);
    return row ? { session: toSession(row), account: toAccount(row) } : null;
  }

  async deleteSession(idHash: string) {
    await this.#rows(sql.deleteSession, [idHash]);
  }

  async deleteExpiredSessions(now: Date) {
    await this.#rows(sql.deleteExpiredSessions, [now.toISOString()]);
  }

  async deleteSessionsOfAccount(accountId: string, except: string | null) {
    await this.#rows(sql.deleteSessionsOfAccount, [accountId, except, except]);
  }

  async setPassword(accountId: string, passwordHash: string) {
    await this.#rows(sql.setPassword, [passwordHash, accountId]);
  }

  async deleteAccount(accountId: string) {
    return this.#transaction(async (client) => {
      let deleted = 0;
      for (const statement of sql.deleteAccountRows) {
        deleted = (await client.query(numbered(statement), [accountId])).rowCount ?? 0;
      }
      return deleted > 0; // the last statement deletes the account itself
    });
  }

  async recordAttempt(id: string, subjects: AttemptSubject[], at: Date) {
    // The inserts commit before the counts are read (no transaction): every attempt counts the
    // attempts committed before its own count, its own among them, so the n-th to commit sees ≥ n.
    for (const { subject } of subjects) await this.#rows(sql.insertAttempt, [id, subject, at.toISOString()]);
    const counts: number[] = [];
    for (const { subject, since } of subjects) {
      counts.push(Number((await this.#one(sql.countAttempts, [subject, since.toISOString()]))?.n ?? 0));
    }
    return counts;
  }

  async withdrawAttempt(id: string) {
    await this.#rows(sql.withdrawAttempt, [id]);
  }

  async clearAttempts(subjects: string[], before: Date) {
    for (const subject of subjects) await this.#rows(sql.clearAttempts, [subject]);
    await this.#rows(sql.forgetOldAttempts, [before.toISOString()]);
  }

  async addLoginDevice(idHash: string, accountId: string, at: Date) {
    await this.#rows(sql.insertDevice, [idHash, accountId, at.toISOString()]);
  }

  async isLoginDevice(idHash: string, accountId: string, since: Date) {
    return (await this.#one(sql.deviceOf, [idHash, accountId, since.toISOString()])) !== undefined;
  }

  async createPasswordReset(tokenHash: string, accountId: string, at: Date, expiresAt: Date) {
    await this.#rows(sql.forgetOldPasswordResets, [at.toISOString()]);
    await this.#rows(sql.insertPasswordReset, [
      tokenHash,
      accountId,
      at.toISOString(),
      expiresAt.toISOString(),
    ]);
  }

  async peekPasswordReset(tokenHash: string, now: Date) {
    const row = await this.#one(sql.peekPasswordReset, [tokenHash, now.toISOString()]);
    return row ? String(row.account_id) : null;
  }

  async resetPassword(tokenHash: string, passwordHash: string, now: Date) {
    return this.#transaction(async (client) => {
      const { rows } = await client.query(numbered(sql.usePasswordReset), [
        now.toISOString(),
        tokenHash,
        now.toISOString(),
      ]);
      if (!rows[0]) return null;
      const accountId = String(rows[0].account_id);
      await client.query(numbered(sql.setPassword), [passwordHash, accountId]);
      return accountId;
    });
  }

  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      // A transaction that failed on the server ends as a ROLLBACK, without an error.
      const commit = await client.query('COMMIT');
      if (commit.command !== 'COMMIT') throw new Error(`the transaction ended in ${commit.command}`);
      return result;
    } catch (error) {
      // A connection that timed out or broke is dropped (the server rolls back with it): a ROLLBACK
      // sent on it would only wait out another timeout.
      const fault = storeFault(error);
      if (fault === 'timed out' || fault === 'unreachable') broken = error as Error;
      else await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async ping() {
    await this.#pool.query('SELECT 1');
  }

  async close() {
    await this.#pool.end();
  }
}
