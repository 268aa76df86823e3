import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import {
  type AccountStore,
  creditsMonthOf,
  DuplicateAccountError,
  IdempotencyClaimLostError,
  isExpired,
} from '../../src/accounts/account-store.ts';
import { generateApiKey, hashApiKey, looksLikeApiKey } from '../../src/accounts/api-key.ts';
import { PostgresAccountStore } from '../../src/accounts/postgres-store.ts';
import { SqliteAccountStore } from '../../src/accounts/sqlite-store.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Harness {
  name: string;
  open(): Promise<AccountStore>;
  /** A second store on the same data: another instance. */
  openAnother(): Promise<AccountStore>;
  cleanup(): Promise<void>;
}

function sqliteHarness(): Harness {
  const dir = mkdtempSync(join(tmpdir(), 'docjson-store-'));
  return {
    name: 'sqlite',
    open: async () => new SqliteAccountStore(dir),
    openAnother: async () => new SqliteAccountStore(dir),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresHarness(): Harness {
  const schema = `docjson_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  return {
    name: 'postgres',
    async open() {
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      return PostgresAccountStore.open(PG_URL, { schema });
    },
    openAnother: () => PostgresAccountStore.open(PG_URL, { schema }),
    async cleanup() {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** What a claim at `at` forgets: entries older than a day, claims whose lease ended, unleased ones older than an hour. */
function horizon(at: Date) {
  return {
    expiredBefore: new Date(at.getTime() - 24 * 60 * 60 * 1000),
    now: at,
    unleasedBefore: new Date(at.getTime() - 60 * 60 * 1000),
  };
}

/** The month after a YYYY-MM month. */
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
}

for (const harness of [sqliteHarness(), postgresHarness()]) {
  describe(`account store contract: ${harness.name}`, () => {
    let store: AccountStore;
    before(async () => {
      store = await harness.open();
    });
    after(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('creates, finds, lists and updates accounts; e-mails are unique', async () => {
      const a = await store.createAccount({
        email: 'a@example.com',
        plan: 'pro',
        credits: 10,
        expiresAt: '2030-01-01',
      });
      assert.match(a.id, /^acc_/);
      assert.deepEqual(await store.getAccountByEmail('a@example.com'), a);
      await assert.rejects(
        store.createAccount({ email: 'a@example.com', plan: 'free', credits: 0, expiresAt: null }),
        DuplicateAccountError,
      );
      const updated = await store.updateAccount('a@example.com', { plan: 'starter', expiresAt: null });
      assert.equal(updated?.plan, 'starter');
      assert.equal(updated?.expiresAt, null);
      assert.equal(updated?.credits, 10);
      assert.equal((await store.addCredits('a@example.com', 5))?.credits, 15);
      assert.equal(await store.updateAccount('nobody@example.com', { credits: 1 }), null);
      assert.ok((await store.listAccounts()).some((x) => x.email === 'a@example.com'));
    });

    it('keeps only key hashes; revoked keys stop resolving', async () => {
      const account = await store.createAccount({
        email: 'k@example.com',
        plan: 'pro',
        credits: 1,
        expiresAt: null,
      });
      const key = generateApiKey();
      assert.ok(looksLikeApiKey(key));
      const record = await store.createKey(account.id, hashApiKey(key));
      const found = await store.findByKeyHash(hashApiKey(key));
      assert.equal(found?.account.id, account.id);
      assert.equal(found?.key.id, record.id);
      await store.touchKey(record.id, new Date());
      assert.ok((await store.listKeys(account.id))[0]?.lastUsedAt);
      assert.equal(await store.revokeKey(record.id), true);
      assert.equal(await store.revokeKey(record.id), false);
      assert.equal(await store.findByKeyHash(hashApiKey(key)), null);
    });

    it('charges only when the credit covers it, atomically under concurrency', async () => {
      const account = await store.createAccount({
        email: 'c@example.com',
        plan: 'pro',
        credits: 5,
        expiresAt: null,
      });
      assert.equal(await store.charge(account.id, 6), null);
      const results = await Promise.all(Array.from({ length: 20 }, () => store.charge(account.id, 1)));
      assert.equal(results.filter((r) => r !== null).length, 5);
      assert.equal((await store.getAccount(account.id))?.credits, 0);
    });

    it('records calls and answers ping', async () => {
      const account = await store.createAccount({
        email: 'r@example.com',
        plan: 'pro',
        credits: 1,
        expiresAt: null,
      });
      await store.recordCall({
        accountId: account.id,
        at: new Date().toISOString(),
        status: 200,
        pages: 1,
        bytes: 10,
        durationMs: 12.4,
      });
      await store.ping();
      const calls = await store.listCalls(account.id, '2000-01-01');
      assert.equal(calls.length, 1);
      assert.equal(calls[0]?.durationMs, 12);
      assert.equal(calls[0]?.format, null);
      assert.equal(calls[0]?.inputTokens, null);
      assert.equal(calls[0]?.outputTokens, null);
    });

    it('keeps a call’s model token counts; none (null) for a call no model answered', async () => {
      const account = await store.createAccount({
        email: 'tokens@example.com',
        plan: 'pro',
        credits: 1,
        expiresAt: null,
      });
      const call = { accountId: account.id, status: 200, pages: 1, bytes: 10, durationMs: 3 };
      await store.recordCall({ ...call, at: '2026-05-01T10:00:00.000Z', format: 'text' });
      await store.recordCall({
        ...call,
        at: '2026-05-01T11:00:00.000Z',
        format: 'pdf',
        inputTokens: 3_000_000_000,
        outputTokens: 64,
      });
      await store.recordCall({
        ...call,
        at: '2026-05-01T12:00:00.000Z',
        inputTokens: 0,
        outputTokens: 0,
      });
      const calls = await store.listCalls(account.id, '2026-05-01');
      assert.deepEqual(
        calls.map((c) => [c.format, c.inputTokens, c.outputTokens]),
        [
          [null, 0, 0],
          ['pdf', 3_000_000_000, 64],
          ['text', null, null],
        ],
      );
    });

    it('keeps a password hash beside the account, never in it', async () => {
      const account = await store.createAccount({
        email: 'w@example.com',
        plan: 'free',
        credits: 50,
        expiresAt: null,
        passwordHash: 'scrypt$15$8$1$salt$hash',
      });
      assert.equal('passwordHash' in account, false);
      assert.deepEqual(await store.findLogin('w@example.com'), {
        account,
        passwordHash: 'scrypt$15$8$1$salt$hash',
      });
      assert.equal((await store.findLogin('c@example.com'))?.passwordHash, null);
      assert.equal(await store.findLogin('none@example.com'), null);
    });

    it('names keys, keeps their prefix, revokes only the owner’s key', async () => {
      const owner = (await store.getAccountByEmail('w@example.com'))!;
      const other = (await store.getAccountByEmail('c@example.com'))!;
      const key = generateApiKey();
      const record = await store.createKey(owner.id, hashApiKey(key), {
        name: 'laptop',
        prefix: key.slice(0, 10),
      });
      assert.equal(record.name, 'laptop');
      assert.deepEqual(
        (await store.listKeys(owner.id)).map((k) => [k.name, k.prefix]),
        [['laptop', key.slice(0, 10)]],
      );
      assert.equal(await store.revokeKey(record.id, other.id), false);
      assert.ok(await store.findByKeyHash(hashApiKey(key)));
      assert.equal(await store.revokeKey(record.id, owner.id), true);
      assert.equal(await store.findByKeyHash(hashApiKey(key)), null);
    });

    it('keeps sessions until they expire or end; lists calls newest first with their format', async () => {
      const account = (await store.getAccountByEmail('w@example.com'))!;
      const now = new Date('2026-05-01T12:00:00Z');
      await store.createSession({
        idHash: 'h1',
        accountId: account.id,
        createdAt: now.toISOString(),
        expiresAt: '2026-05-02T00:00:00.000Z',
      });
      assert.equal((await store.findSession('h1', now))?.account.id, account.id);
      assert.equal(await store.findSession('h1', new Date('2026-05-02T00:00:00Z')), null);
      await store.deleteSession('h1');
      assert.equal(await store.findSession('h1', now), null);
      await store.createSession({
        idHash: 'h2',
        accountId: account.id,
        createdAt: '',
        expiresAt: '2026-05-01T00:00:00.000Z',
      });
      await store.deleteExpiredSessions(now);
      assert.equal(await store.findSession('h2', new Date('2020-01-01')), null);

      for (const [at, format] of [
        ['2026-04-30T10:00:00.000Z', 'pdf'],
        ['2026-05-01T10:00:00.000Z', 'xlsx'],
      ] as const) {
        await store.recordCall({
          accountId: account.id,
          at,
          status: 200,
          pages: 2,
          bytes: 9,
          durationMs: 5,
          format,
        });
      }
      const calls = await store.listCalls(account.id, '2026-05-01');
      assert.deepEqual(
        calls.map((c) => [c.at, c.format]),
        [['2026-05-01T10:00:00.000Z', 'xlsx']],
      );
    });

    it('refills monthly credit once a month: up to the grant, never lowering credit above it', async () => {
      const spent = await store.createAccount({
        email: 'm1@example.com',
        plan: 'free',
        credits: 3,
        expiresAt: null,
      });
      const rich = await store.createAccount({
        email: 'm2@example.com',
        plan: 'free',
        credits: 120,
        expiresAt: null,
      });
      assert.equal(spent.creditsMonth, null);
      const created = creditsMonthOf(spent);
      assert.equal(created, spent.createdAt.slice(0, 7));
      // The month of creation already holds its grant (the credit given at creation).
      assert.equal(await store.refillMonthlyCredit(spent.id, created, 50), null);
      const next = nextMonth(created);
      const refilled = await store.refillMonthlyCredit(spent.id, next, 50);
      assert.equal(refilled?.credits, 50);
      assert.equal(refilled?.creditsMonth, next);
      assert.deepEqual(await store.getAccount(spent.id), refilled);
      assert.equal(await store.charge(spent.id, 10), 40);
      assert.equal(await store.refillMonthlyCredit(spent.id, next, 50), null);
      assert.equal((await store.getAccount(spent.id))?.credits, 40);
      // A clock gone back does not refill either.
      assert.equal(await store.refillMonthlyCredit(spent.id, created, 50), null);
      // No carry-over: next month's grant replaces what is left of this one.
      assert.equal((await store.refillMonthlyCredit(spent.id, nextMonth(next), 50))?.credits, 50);
      const kept = await store.refillMonthlyCredit(rich.id, next, 50);
      assert.equal(kept?.credits, 120);
      assert.equal(kept?.creditsMonth, next);
      assert.equal(await store.refillMonthlyCredit('acc_none', next, 50), null);
    });

    it('refills exactly once when 20 first calls of a month race on two instances', async () => {
      const other = await harness.openAnother();
      try {
        const account = await store.createAccount({
          email: 'm3@example.com',
          plan: 'free',
          credits: 0,
          expiresAt: null,
        });
        const month = nextMonth(creditsMonthOf(account));
        // Each refill followed at once by a charge: a second refill would show as credit given twice.
        const results = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const instance = i % 2 === 0 ? store : other;
            const refilled = await instance.refillMonthlyCredit(account.id, month, 50);
            await instance.charge(account.id, 1);
            return refilled;
          }),
        );
        assert.equal(results.filter((r) => r !== null).length, 1);
        assert.equal((await store.getAccount(account.id))?.credits, 30);
      } finally {
        await other.close();
      }
    });

    it('claims an idempotency key once, completes it with the charge, forgets it after 24 h', async () => {
      const account = await store.createAccount({
        email: 'i1@example.com',
        plan: 'pro',
        credits: 10,
        expiresAt: null,
      });
      const other = await store.createAccount({
        email: 'i2@example.com',
        plan: 'pro',
        credits: 10,
        expiresAt: null,
      });
      const t0 = new Date('2026-05-01T12:00:00Z');
      const day = 24 * 60 * 60 * 1000;
      const claim = (accountId: string, requestId: string, at: Date, requestHash = 'h1') =>
        store.claimIdempotencyKey(
          {
            accountId,
            key: 'k1',
            requestHash,
            requestId,
            createdAt: at.toISOString(),
            leaseUntil: new Date(at.getTime() + 30_000).toISOString(),
          },
          horizon(at),
        );
      assert.equal(await claim(account.id, 'r1', t0), null);
      const pending = await claim(account.id, 'r2', t0, 'h2');
      assert.deepEqual(pending, {
        accountId: account.id,
        key: 'k1',
        requestHash: 'h1',
        requestId: 'r1',
        status: null,
        pages: null,
        createdAt: t0.toISOString(),
        leaseUntil: new Date(t0.getTime() + 30_000).toISOString(),
      });
      // Keys are per account.
      assert.equal(await claim(other.id, 'r3', t0), null);
      assert.equal(await store.charge(account.id, 3, { key: 'k1', requestId: 'r1', status: 200 }), 7);
      const done = await store.findIdempotencyKey(account.id, 'k1', new Date(t0.getTime() - day));
      assert.equal(done?.status, 200);
      assert.equal(done?.pages, 3);
      // A completed entry is not released; a pending one is.
      await store.releaseIdempotencyKey(account.id, 'k1', 'r1');
      assert.equal((await claim(account.id, 'r4', t0))?.status, 200);
      await store.releaseIdempotencyKey(other.id, 'k1', 'r3');
      assert.equal(await store.findIdempotencyKey(other.id, 'k1', new Date(0)), null);
      // A charge the credit does not cover completes nothing.
      assert.equal(await claim(other.id, 'r5', t0), null);
      assert.equal(await store.charge(other.id, 11, { key: 'k1', requestId: 'r5', status: 200 }), null);
      assert.equal((await store.findIdempotencyKey(other.id, 'k1', new Date(0)))?.status, null);
      // Once its lease has run out, a claim still in flight is free (its process died: it was never charged).
      assert.equal((await claim(other.id, 'r6', new Date(t0.getTime() + 29_000)))?.requestId, 'r5');
      assert.equal(await claim(other.id, 'r6', new Date(t0.getTime() + 31_000)), null);
      // 24 h later the completed entry has expired: the next write clears it, the key is free again.
      const later = new Date(t0.getTime() + day + 1);
      assert.equal(await store.findIdempotencyKey(account.id, 'k1', new Date(later.getTime() - day)), null);
      assert.equal(await claim(account.id, 'r7', later, 'h3'), null);
      assert.equal((await store.findIdempotencyKey(account.id, 'k1', new Date(0)))?.requestHash, 'h3');
    });

    it('lets exactly one of 20 concurrent claims of a key on two instances win', async () => {
      const other = await harness.openAnother();
      try {
        const account = await store.createAccount({
          email: 'i3@example.com',
          plan: 'pro',
          credits: 10,
          expiresAt: null,
        });
        const at = new Date('2026-05-01T12:00:00Z');
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 === 0 ? store : other).claimIdempotencyKey(
              {
                accountId: account.id,
                key: 'race',
                requestHash: 'h',
                requestId: `r${i}`,
                createdAt: at.toISOString(),
                leaseUntil: new Date(at.getTime() + 30_000).toISOString(),
              },
              horizon(at),
            ),
          ),
        );
        assert.equal(results.filter((r) => r === null).length, 1);
        const winner = `r${results.indexOf(null)}`;
        for (const held of results) if (held) assert.equal(held.requestId, winner);
      } finally {
        await other.close();
      }
    });

    it('renews a claim only for its holder; a charge whose claim was taken over takes nothing', async () => {
      const account = await store.createAccount({
        email: 'i4@example.com',
        plan: 'pro',
        credits: 10,
        expiresAt: null,
      });
      const t0 = new Date('2026-05-01T12:00:00Z');
      const claim = (requestId: string, at: Date) =>
        store.claimIdempotencyKey(
          {
            accountId: account.id,
            key: 'lease',
            requestHash: 'h',
            requestId,
            createdAt: at.toISOString(),
            leaseUntil: new Date(at.getTime() + 30_000).toISOString(),
          },
          horizon(at),
        );
      assert.equal(await claim('r1', t0), null);
      // Renewed, the claim outlives its first lease.
      assert.equal(
        await store.renewIdempotencyClaim(account.id, 'lease', 'r1', new Date(t0.getTime() + 60_000)),
        true,
      );
      assert.equal(
        await store.renewIdempotencyClaim(account.id, 'lease', 'r9', new Date(t0.getTime() + 60_000)),
        false,
      );
      assert.equal((await claim('r2', new Date(t0.getTime() + 45_000)))?.requestId, 'r1');
      // Not renewed again, it is taken over; its holder's renewal and charge then find it gone.
      assert.equal(await claim('r2', new Date(t0.getTime() + 61_000)), null);
      assert.equal(
        await store.renewIdempotencyClaim(account.id, 'lease', 'r1', new Date(t0.getTime() + 90_000)),
        false,
      );
      await assert.rejects(
        store.charge(account.id, 3, { key: 'lease', requestId: 'r1', status: 200 }),
        IdempotencyClaimLostError,
      );
      assert.equal((await store.getAccount(account.id))?.credits, 10);
      assert.equal(await store.charge(account.id, 3, { key: 'lease', requestId: 'r2', status: 200 }), 7);
      // A completed entry is no claim to renew or complete again.
      assert.equal(
        await store.renewIdempotencyClaim(account.id, 'lease', 'r2', new Date(t0.getTime() + 90_000)),
        false,
      );
      await assert.rejects(
        store.charge(account.id, 3, { key: 'lease', requestId: 'r2', status: 200 }),
        IdempotencyClaimLostError,
      );
      assert.equal((await store.getAccount(account.id))?.credits, 7);
    });

    it('counts attempts per subject over each subject window, takes one back, and forgets them', async () => {
      const t0 = new Date('2026-05-01T12:00:00Z');
      const since = (ms: number) => new Date(t0.getTime() - ms);
      const both = (window: number) => [
        { subject: 'pair:a', since: since(window) },
        { subject: 'ip:1', since: since(window) },
      ];
      assert.deepEqual(
        await store.recordAttempt('x1', both(180_000), new Date(t0.getTime() - 120_000)),
        [1, 1],
      );
      assert.deepEqual(await store.recordAttempt('x2', both(60_000), t0), [1, 1]); // the first is outside
      assert.deepEqual(await store.recordAttempt('x3', both(600_000), t0), [3, 3]);
      await store.withdrawAttempt('x3');
      assert.deepEqual(await store.recordAttempt('x4', both(600_000), t0), [3, 3]);
      await store.clearAttempts(['pair:a'], since(60_000));
      // pair:a forgotten; ip:1 keeps x2 and x4 (x1 was older than the horizon).
      assert.deepEqual(await store.recordAttempt('x5', both(600_000), t0), [1, 3]);
    });

    it('lets no more attempts than the limit see a count within it, however many are sent at once, from two instances', async () => {
      const other = await harness.openAnother();
      try {
        const at = new Date('2026-05-02T12:00:00Z');
        const subjects = [{ subject: 'burst:victim', since: new Date(at.getTime() - 60_000) }];
        const counts = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            (i % 2 ? other : store).recordAttempt(`burst-${i}`, subjects, at).then(([n]) => n!),
          ),
        );
        // Each attempt counted itself and those recorded before it: the n-th smallest count is at least n,
        // so within a limit of 5 no more than 5 pass, and the last sees all 30.
        const sorted = [...counts].sort((a, b) => a - b);
        assert.ok(
          sorted.every((n, i) => n >= i + 1),
          String(sorted),
        );
        assert.ok(counts.filter((n) => n <= 5).length <= 5, String(sorted));
        assert.equal(Math.max(...counts), 30);
      } finally {
        await other.close();
      }
    });

    it('keeps a browser known to an account, for that account only, from a date', async () => {
      const account = await store.createAccount({
        email: 'device@example.com',
        plan: 'free',
        credits: 1,
        expiresAt: null,
      });
      const at = new Date('2026-05-03T12:00:00Z');
      await store.addLoginDevice('dev-hash', account.id, at);
      await store.addLoginDevice('dev-hash', account.id, at); // again: no error
      assert.equal(await store.isLoginDevice('dev-hash', account.id, at), true);
      assert.equal(await store.isLoginDevice('dev-hash', account.id, new Date(at.getTime() + 1)), false);
      assert.equal(await store.isLoginDevice('dev-hash', 'acc_other', new Date(0)), false);
      assert.equal(await store.isLoginDevice('other-hash', account.id, new Date(0)), false);
    });

    it('uses a reset token once, before it expires, setting the password in the same step', async () => {
      const account = await store.createAccount({
        email: 'reset@example.com',
        plan: 'free',
        credits: 1,
        expiresAt: null,
        passwordHash: 'old',
      });
      const at = new Date('2026-05-04T12:00:00Z');
      const later = (ms: number) => new Date(at.getTime() + ms);
      await store.createPasswordReset('tok-1', account.id, at, later(3_600_000));
      await store.createPasswordReset('tok-2', account.id, at, later(3_600_000));
      assert.equal(await store.peekPasswordReset('tok-1', later(1000)), account.id);
      assert.equal(await store.resetPassword('tok-1', 'new', later(3_600_001)), null); // expired
      assert.equal((await store.findLogin('reset@example.com'))?.passwordHash, 'old');
      const uses = await Promise.all([
        store.resetPassword('tok-2', 'new', later(1000)),
        store.resetPassword('tok-2', 'newer', later(1000)),
      ]);
      assert.deepEqual(uses.filter(Boolean), [account.id]);
      assert.match(String((await store.findLogin('reset@example.com'))?.passwordHash), /^new/);
      assert.equal(await store.peekPasswordReset('tok-2', later(1000)), null);
    });

    it('deletes an account with its keys, sessions and calls; its key is refused at once', async () => {
      const account = await store.createAccount({
        email: 'leaving@example.com',
        plan: 'free',
        credits: 5,
        expiresAt: null,
        passwordHash: 'h',
      });
      const keep = await store.createAccount({
        email: 'staying@example.com',
        plan: 'free',
        credits: 5,
        expiresAt: null,
      });
      const key = generateApiKey();
      await store.createKey(account.id, hashApiKey(key));
      const kept = generateApiKey();
      await store.createKey(keep.id, hashApiKey(kept));
      const at = new Date('2026-05-05T12:00:00Z');
      await store.createSession({
        idHash: 's-leaving',
        accountId: account.id,
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + 3_600_000).toISOString(),
      });
      await store.recordCall({
        accountId: account.id,
        at: at.toISOString(),
        status: 200,
        pages: 1,
        bytes: 10,
        durationMs: 5,
        keyId: null,
        requestId: 'r-1',
      });
      await store.addLoginDevice('d', account.id, at);
      await store.createPasswordReset('t', account.id, at, new Date(at.getTime() + 1000));
      assert.equal(await store.deleteAccount(account.id), true);
      assert.equal(await store.findByKeyHash(hashApiKey(key)), null);
      assert.equal(await store.findSession('s-leaving', at), null);
      assert.equal(await store.getAccountByEmail('leaving@example.com'), null);
      assert.deepEqual(await store.listCalls(account.id, '2000-01-01'), []);
      assert.ok(await store.findByKeyHash(hashApiKey(kept)));
      assert.equal(await store.deleteAccount(account.id), false);
    });

    it('ends all sessions of an account but one, and sets its password', async () => {
      const account = await store.createAccount({
        email: 'sessions@example.com',
        plan: 'free',
        credits: 5,
        expiresAt: null,
      });
      const at = new Date('2026-05-06T12:00:00Z');
      const expiresAt = new Date(at.getTime() + 3_600_000).toISOString();
      for (const idHash of ['s1', 's2', 's3']) {
        await store.createSession({ idHash, accountId: account.id, createdAt: at.toISOString(), expiresAt });
      }
      await store.deleteSessionsOfAccount(account.id, 's2');
      assert.equal(await store.findSession('s1', at), null);
      assert.ok(await store.findSession('s2', at));
      await store.deleteSessionsOfAccount(account.id, null);
      assert.equal(await store.findSession('s2', at), null);
      await store.setPassword(account.id, 'hash-2');
      assert.equal((await store.findLogin('sessions@example.com'))?.passwordHash, 'hash-2');
    });
  });
}

describe('api keys and expiry', () => {
  it('makes dj_ keys of 32 random bytes in base 62, all distinct', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    assert.equal(keys.size, 200);
    for (const k of keys) assert.match(k, /^dj_[0-9A-Za-z]{43}$/);
  });
  it('expires after the last valid day', () => {
    const account = {
      id: 'a',
      email: 'e',
      plan: 'pro',
      credits: 1,
      createdAt: '',
      expiresAt: '2026-03-31',
      creditsMonth: null,
    };
    assert.equal(isExpired(account, new Date('2026-03-31T23:59:00Z')), false);
    assert.equal(isExpired(account, new Date('2026-04-01T00:00:01Z')), true);
    assert.equal(isExpired({ ...account, expiresAt: null }, new Date('2099-01-01')), false);
  });
});
