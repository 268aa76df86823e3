/** Accounts, hashed keys, credit and the call log: the only state docjson keeps. */

export interface Account {
  id: string;
  email: string;
  plan: string;
  credits: number;
  /** Last day (UTC, YYYY-MM-DD) the plan is valid; null: no expiry. */
  expiresAt: string | null;
  createdAt: string;
  /** Month (UTC, YYYY-MM) of the last monthly refill; null: none yet, the month of createdAt stands in. */
  creditsMonth: string | null;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  /** Given on the website; null for keys made by the CLI. */
  name: string | null;
  /** The key's first characters: enough to tell keys apart, far too few to use one. */
  prefix: string | null;
}

export interface KeyLabel {
  name: string;
  prefix: string;
}

export interface NewAccount {
  email: string;
  plan: string;
  credits: number;
  expiresAt: string | null;
  /** scrypt hash of the website password; accounts made by the CLI have none. */
  passwordHash?: string;
}

export type AccountPatch = Partial<Pick<Account, 'plan' | 'credits' | 'expiresAt'>>;

/** What is kept of a call: never its content, only its shape. */
export interface CallRecord {
  accountId: string;
  at: string;
  status: number;
  pages: number;
  bytes: number;
  durationMs: number;
  /** The document's detected format, when it was read. */
  format?: string | null;
  /** Tokens a language model used for the call (llm, hybrid); null when none was asked (local). */
  inputTokens?: number | null;
  outputTokens?: number | null;
  /** The API key that made the call; null for the playground (a session) and older rows. */
  keyId?: string | null;
  /** The call's request id, as its answer gave it (so a user can quote it). */
  requestId?: string | null;
}

/** An attempt counted against a subject's limit: its own window starts at `since`. */
export interface AttemptSubject {
  subject: string;
  since: Date;
}

/** What is kept of a call made with an Idempotency-Key: never its content nor its answer. */
export interface IdempotencyRecord {
  accountId: string;
  key: string;
  /** SHA-256 (hex) of the request, salted with the account and the key. */
  requestHash: string;
  /** The request that claimed the key. */
  requestId: string;
  /** The answer's status; null while that request is in flight. */
  status: number | null;
  pages: number | null;
  createdAt: string;
  /** Until when a claim in flight holds the key unless renewed; null for claims older than leases. */
  leaseUntil: string | null;
}

export type NewIdempotencyClaim = Pick<
  IdempotencyRecord,
  'accountId' | 'key' | 'requestHash' | 'requestId' | 'createdAt'
> & { leaseUntil: string };

/** Which entries a claim first forgets: completed ones that expired, claims whose lease ran out. */
export interface IdempotencyHorizon {
  /** Entries created before this are forgotten, done or not. */
  expiredBefore: Date;
  /** Claims in flight whose lease ended before this are free. */
  now: Date;
  /** Claims in flight without a lease (made before leases) created before this are free. */
  unleasedBefore: Date;
}

/** Recorded in the same transaction as the charge it belongs to. */
export interface IdempotencyCompletion {
  key: string;
  requestId: string;
  status: number;
}

/** A website session: only the hash of its id is kept, so a copy of the store opens no session. */
export interface SessionRecord {
  idHash: string;
  accountId: string;
  createdAt: string;
  expiresAt: string;
}

export class DuplicateAccountError extends Error {
  constructor() {
    super('An account with this e-mail already exists.');
    this.name = 'DuplicateAccountError';
  }
}

/**
 * The call's Idempotency-Key claim was no longer its own when it came to be charged (its lease ran
 * out and another request took the key): nothing was charged, so the key is charged at most once.
 */
export class IdempotencyClaimLostError extends Error {
  constructor() {
    super('The Idempotency-Key claim was taken over before the charge.');
    this.name = 'IdempotencyClaimLostError';
  }
}

export interface AccountStore {
  createAccount(input: NewAccount): Promise<Account>;
  getAccountByEmail(email: string): Promise<Account | null>;
  getAccount(id: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  updateAccount(email: string, patch: AccountPatch): Promise<Account | null>;
  addCredits(email: string, credits: number): Promise<Account | null>;

  /** The account and its password hash (null when it has none), for the website's log-in. */
  findLogin(email: string): Promise<{ account: Account; passwordHash: string | null } | null>;

  createKey(accountId: string, keyHash: string, label?: KeyLabel): Promise<ApiKeyRecord>;
  listKeys(accountId?: string): Promise<(ApiKeyRecord & { email: string })[]>;
  /** With an account, only that account's key is revoked. */
  revokeKey(id: string, accountId?: string): Promise<boolean>;
  /** An active (not revoked) key and its account. */
  findByKeyHash(keyHash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /** Records use; writes at most once a minute per key. */
  touchKey(id: string, at: Date): Promise<void>;

  /**
   * Takes `pages` credits if, and only if, the account holds that many, in one conditional
   * update, so that concurrent calls never spend the same credit. Returns the credit left,
   * or null when it did not cover the charge (nothing taken). With `completes`, the call's
   * Idempotency-Key entry is marked done in the same transaction: an entry still pending was never
   * charged, so a stale one may be forgotten without risking a second charge.
   */
  charge(accountId: string, pages: number, completes?: IdempotencyCompletion): Promise<number | null>;
  /**
   * Tops the credit up to `grant` (never lowers it) once per `month` (YYYY-MM), in one conditional
   * update: of concurrent callers, on any instance, exactly one refills. Returns the account when this
   * call refilled it, null when the month had already been refilled (or no such account).
   */
  refillMonthlyCredit(accountId: string, month: string, grant: number): Promise<Account | null>;
  recordCall(call: CallRecord): Promise<void>;
  /** The account's calls since `since` (ISO), newest first. */
  listCalls(accountId: string, since: string): Promise<CallRecord[]>;

  createSession(session: SessionRecord): Promise<void>;
  /** A session that has not expired at `now`, with its account. */
  findSession(idHash: string, now: Date): Promise<{ session: SessionRecord; account: Account } | null>;
  deleteSession(idHash: string): Promise<void>;
  deleteExpiredSessions(now: Date): Promise<void>;

  /** Ends the account's sessions, all but `except` (a session id's hash) when given. */
  deleteSessionsOfAccount(accountId: string, except: string | null): Promise<void>;
  /** Sets (or replaces) the account's website password. */
  setPassword(accountId: string, passwordHash: string): Promise<void>;
  /**
   * Deletes the account and everything kept of it (keys, sessions, calls…) in one transaction: its
   * keys are refused from the next request on, on every instance. False when there was no such account.
   */
  deleteAccount(accountId: string): Promise<boolean>;

  /**
   * Counts an attempt before it is checked: records it under each subject (as attempt `id`), then
   * returns each subject's count since its own `since`, this attempt included. Of concurrent attempts,
   * on any instance, the n-th recorded sees at least n, so no more than a limit's worth see a count
   * within it, however many are sent at once.
   */
  recordAttempt(id: string, subjects: AttemptSubject[], at: Date): Promise<number[]>;
  /** Takes attempt `id` back out of every count (one that was refused unchecked). */
  withdrawAttempt(id: string): Promise<void>;
  /** Forgets the subjects' attempts, and everyone's older than `before`. */
  clearAttempts(subjects: string[], before: Date): Promise<void>;

  /** A browser that logged in to the account (its cookie's hash). */
  addLoginDevice(idHash: string, accountId: string, at: Date): Promise<void>;
  /** Whether that browser logged in to that account at or after `since`. */
  isLoginDevice(idHash: string, accountId: string, since: Date): Promise<boolean>;

  /** A password-reset token (its hash) for the account, valid until `expiresAt`. */
  createPasswordReset(tokenHash: string, accountId: string, at: Date, expiresAt: Date): Promise<void>;
  /** The account a usable token belongs to, without using it. */
  peekPasswordReset(tokenHash: string, now: Date): Promise<string | null>;
  /**
   * Uses the token and sets the new password, in one transaction: a token works once, on any
   * instance. Returns the account's id, or null when the token is unknown, used or expired.
   */
  resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<string | null>;

  /**
   * Claims an Idempotency-Key: first forgets the entries past `horizon` (expired, or claims whose
   * lease ran out), then inserts a pending entry unless the account already holds one for that key
   * (a unique constraint: one claimant across instances). Returns null when the claim is this
   * caller's, else the entry that holds the key.
   */
  claimIdempotencyKey(
    claim: NewIdempotencyClaim,
    horizon: IdempotencyHorizon,
  ): Promise<IdempotencyRecord | null>;
  /** Extends a pending claim's lease; false when the claim is no longer this request's. */
  renewIdempotencyClaim(
    accountId: string,
    key: string,
    requestId: string,
    leaseUntil: Date,
  ): Promise<boolean>;
  /** The account's entry for a key, if created at or after `since`. */
  findIdempotencyKey(accountId: string, key: string, since: Date): Promise<IdempotencyRecord | null>;
  /** Drops a pending claim (its call failed: nothing was charged), so a retry runs afresh. */
  releaseIdempotencyKey(accountId: string, key: string, requestId: string): Promise<void>;

  /** Throws when the store cannot serve. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The month (UTC, YYYY-MM) whose grant the account holds. */
export function creditsMonthOf(account: Account): string {
  return account.creditsMonth ?? account.createdAt.slice(0, 7);
}

export function isExpired(account: Account, now: Date): boolean {
  return account.expiresAt !== null && now.toISOString().slice(0, 10) > account.expiresAt;
}
