import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AccountStore } from '../accounts/account-store.ts';
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
 * A claim still in flight after this long belongs to a process that died: it may be dropped. It was
 * never charged (the charge and the entry's completion are one transaction), so no charge repeats.
 */
const STALE_CLAIM_MS = 60 * 60 * 1000;
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
  deps: { store: AccountStore; now: () => Date },
  parts: { file: UploadedDocument; yaml: Uint8Array },
  run: (how: IdempotentRun) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const key = request.idempotency?.key;
  const account = request.account;
  if (key === undefined || !account) return { result: await run({}), replayed: false };

  const now = deps.now();
  const hash = requestHash(account.id, key, request.query, parts);
  const held = await deps.store.claimIdempotencyKey(
    { accountId: account.id, key, requestHash: hash, requestId: request.id, createdAt: now.toISOString() },
    expiredBefore(now),
    new Date(now.getTime() - STALE_CLAIM_MS),
  );
  if (held) {
    if (held.requestHash !== hash) throw new AppError('idempotency_key_reused');
    if (held.status === null) throw new AppError('idempotency_in_progress');
    return { result: await run({ replay: true }), replayed: true };
  }

  try {
    return { result: await run({ idempotency: { key, requestId: request.id } }), replayed: false };
  } catch (error) {
    // A failed call charged nothing: free the key so that a retry runs afresh.
    await deps.store.releaseIdempotencyKey(account.id, key, request.id).catch(() => {});
    throw error;
  }
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
