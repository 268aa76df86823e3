import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  type AccountStore,
  IdempotencyClaimLostError,
  type IdempotencyRecord,
} from '../accounts/account-store.ts';
import { storeFault } from '../accounts/store-faults.ts';
import { AppError } from '../errors.ts';
import type { UploadedDocument } from '../extraction/extract-document.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's Idempotency-Key; `replay` when a completed entry holds it (checked again on the body). */
    idempotency?: { key: string; replay: boolean };
  }
}

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A claim in flight is a lease, renewed while its request runs: when its process dies (or freezes),
 * the key is free again within `leaseMs`, and a retry runs. It was never charged (the charge and the
 * claim's completion are one transaction, which charges nothing once the claim is another's), so no
 * charge repeats. Instances' clocks must agree to within a few seconds.
 */
export interface ClaimLease {
  leaseMs: number;
  renewEveryMs: number;
}
export const DEFAULT_CLAIM_LEASE: ClaimLease = { leaseMs: 30_000, renewEveryMs: 10_000 };
/** Claims made before leases existed have none: they keep the hour they were given then. */
const UNLEASED_CLAIM_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** preHandler, before the credit check: validates the header and notes whether it would replay. */
export function readIdempotencyKey(store: AccountStore, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError(
        'malformed_request',
        {
          errors: [
            { path: 'headers.idempotency-key', message: 'must be 1 to 255 printable ASCII characters' },
          ],
        },
        { message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.' },
      );
    }
    const account = request.account;
    if (!account) throw new AppError('missing_api_key');
    const held = await store.findIdempotencyKey(account.id, key, expiredBefore(now()));
    request.idempotency = { key, replay: held !== null && held.status !== null };
  };
}

export interface IdempotentRun {
  /** Extract again without checking or charging credit: the key's first call was charged. */
  replay?: boolean;
  /** The claimed key, completed in the same transaction as the charge. */
  idempotency?: { key: string; requestId: string };
}

/**
 * Runs the call under its Idempotency-Key (if it has one). The request is known by a SHA-256 of its
 * parts and query, salted with the account and the key; neither the document nor the answer is kept,
 * so a replay extracts again (without charge) and answers what the first call answered.
 */
export async function runIdempotently<T>(
  request: FastifyRequest,
  deps: { store: AccountStore; now: () => Date; claimLease?: ClaimLease },
  parts: { file: UploadedDocument; yaml: Uint8Array },
  run: (how: IdempotentRun) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const key = request.idempotency?.key;
  const account = request.account;
  if (key === undefined || !account) return { result: await run({}), replayed: false };

  const lease = deps.claimLease ?? DEFAULT_CLAIM_LEASE;
  const now = deps.now();
  const hash = requestHash(account.id, key, request.query, parts);
  const held = await deps.store.claimIdempotencyKey(
    {
      accountId: account.id,
      key,
      requestHash: hash,
      requestId: request.id,
      createdAt: now.toISOString(),
      leaseUntil: new Date(now.getTime() + lease.leaseMs).toISOString(),
    },
    {
      expiredBefore: expiredBefore(now),
      now,
      unleasedBefore: new Date(now.getTime() - UNLEASED_CLAIM_MS),
    },
  );
  if (held) {
    if (held.requestHash !== hash) throw new AppError('idempotency_key_reused');
    if (held.status === null) throw inProgress(retryAfterSeconds(held, now, lease));
    return { result: await run({ replay: true }), replayed: true };
  }

  const renewal = setInterval(() => {
    const leaseUntil = new Date(deps.now().getTime() + lease.leaseMs);
    // A renewal that fails (the store is away) leaves the lease to run out: the charge then finds the
    // claim gone, or another's, and charges nothing.
    deps.store.renewIdempotencyClaim(account.id, key, request.id, leaseUntil).catch(() => {});
  }, lease.renewEveryMs);
  renewal.unref();
  try {
    return { result: await run({ idempotency: { key, requestId: request.id } }), replayed: false };
  } catch (error) {
    // A failed call charged nothing: free the key so that a retry runs afresh. When the store itself
    // failed, the answer does not wait for it once more: the lease frees the key anyway.
    const release = deps.store.releaseIdempotencyKey(account.id, key, request.id).catch(() => {});
    if (!storeFault(error)) await release;
    // Its lease ran out before the charge and another request holds the key now: that one answers.
    if (error instanceof IdempotencyClaimLostError) throw inProgress(Math.ceil(lease.renewEveryMs / 1000));
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

function inProgress(retryAfter: number): AppError {
  return new AppError('idempotency_in_progress', {}, { retryAfter });
}

/** Until the holder's lease ends (it may renew it: then the retry hears 409 again). */
function retryAfterSeconds(held: IdempotencyRecord, now: Date, lease: ClaimLease): number {
  const until = held.leaseUntil ? Date.parse(held.leaseUntil) : now.getTime() + lease.leaseMs;
  const seconds = Math.ceil((until - now.getTime()) / 1000);
  return Math.min(Math.max(seconds, 1), Math.ceil(lease.leaseMs / 1000));
}

function expiredBefore(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
}

/** Each piece length-prefixed, so that no two different requests can run together into one text. */
export function requestHash(
  accountId: string,
  key: string,
  query: unknown,
  parts: { file: UploadedDocument; yaml: Uint8Array },
): string {
  const hash = createHash('sha256');
  const canonicalQuery = JSON.stringify(Object.entries(query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
  for (const piece of [
    accountId,
    key,
    canonicalQuery,
    parts.file.fileName ?? '',
    parts.file.bytes,
    parts.yaml,
  ]) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}
