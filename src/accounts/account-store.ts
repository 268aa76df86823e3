/** Accounts, hashed keys, credit and the call log: the only state docjson keeps. */

export interface Account {
  id: string;
  email: string;
  plan: string;
  credits: number;
  /** Last day (UTC, YYYY-MM-DD) the plan is valid; null: no expiry. */
  expiresAt: string | null;
  createdAt: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface NewAccount {
  email: string;
  plan: string;
  credits: number;
  expiresAt: string | null;
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
}

export class DuplicateAccountError extends Error {
  constructor() {
    super('An account with this e-mail already exists.');
    this.name = 'DuplicateAccountError';
  }
}

export interface AccountStore {
  createAccount(input: NewAccount): Promise<Account>;
  getAccountByEmail(email: string): Promise<Account | null>;
  getAccount(id: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  updateAccount(email: string, patch: AccountPatch): Promise<Account | null>;
  addCredits(email: string, credits: number): Promise<Account | null>;

  createKey(accountId: string, keyHash: string): Promise<ApiKeyRecord>;
  listKeys(accountId?: string): Promise<(ApiKeyRecord & { email: string })[]>;
  revokeKey(id: string): Promise<boolean>;
  /** An active (not revoked) key and its account. */
  findByKeyHash(keyHash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /** Records use; writes at most once a minute per key. */
  touchKey(id: string, at: Date): Promise<void>;

  /**
   * Takes `pages` credits if, and only if, the account holds that many, in one conditional
   * update, so that concurrent calls never spend the same credit. Returns the credit left,
   * or null when it did not cover the charge (nothing taken).
   */
  charge(accountId: string, pages: number): Promise<number | null>;
  recordCall(call: CallRecord): Promise<void>;

  /** Throws when the store cannot serve. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function isExpired(account: Account, now: Date): boolean {
  return account.expiresAt !== null && now.toISOString().slice(0, 10) > account.expiresAt;
}
