import type { Account, AccountStore } from '../accounts/account-store.ts';
import type { ExtractionResult } from '../engines/engine.ts';
import { AppError } from '../errors.ts';
import {
  type ExtractionDeps,
  prepareExtraction,
  runEngine,
  type UploadedDocument,
} from './extract-document.ts';
import { admission } from './page-budget.ts';

export interface GenerateRequest {
  account: Account;
  file: UploadedDocument;
  yaml: Uint8Array;
  signal?: AbortSignal;
  /** Told what was read as soon as it is known, for the request's log line. */
  onDocument?: (facts: { format: string; pages: number }) => void;
  /** A replayed Idempotency-Key: extracted again, neither checked against the credit nor charged. */
  replay?: boolean;
  /** The Idempotency-Key this call claimed: marked done with the charge, in one transaction. */
  idempotency?: { key: string; requestId: string };
}

export interface GenerateOutcome extends ExtractionResult {
  pagesBilled: number;
  creditsRemaining: number;
}

/**
 * The paid extraction: read the configuration and the document, make sure the credit covers the
 * document, extract, then charge — the charge is the last step, so a failure never costs credit.
 * The document's pages are held on the page budget from the moment the reader counts them until
 * the outcome is returned (the document is garbage after that).
 */
export async function generate(
  request: GenerateRequest,
  deps: ExtractionDeps & { store: AccountStore },
): Promise<GenerateOutcome> {
  const pages = admission(deps.pageBudget);
  try {
    return await generateAdmitted(request, deps, pages.admit);
  } finally {
    pages.release();
  }
}

async function generateAdmitted(
  request: GenerateRequest,
  deps: ExtractionDeps & { store: AccountStore },
  admit: ReturnType<typeof admission>['admit'],
): Promise<GenerateOutcome> {
  const prepared = await prepareExtraction(request.file, request.yaml, deps, request.signal, admit);
  const cost = prepared.document.meta.billedPages;
  request.onDocument?.({ format: prepared.document.meta.format, pages: cost });
  if (request.replay) {
    const result = await runEngine(prepared, deps, request.signal);
    return { ...result, pagesBilled: cost, creditsRemaining: request.account.credits };
  }
  if (request.account.credits < cost) throw insufficient(cost, request.account.credits);

  const result = await runEngine(prepared, deps, request.signal);
  // A client that has left gets no answer, so it pays for none (one leaving after this point, while
  // the answer is on its way, is charged; its Idempotency-Key retry then replays the answer free).
  request.signal?.throwIfAborted();

  const completes = request.idempotency && { ...request.idempotency, status: 200 };
  const remaining = await deps.store.charge(request.account.id, cost, completes);
  if (remaining === null) {
    const now = await deps.store.getAccount(request.account.id);
    throw insufficient(cost, now?.credits ?? 0);
  }
  return { ...result, pagesBilled: cost, creditsRemaining: remaining };
}

function insufficient(needed: number, left: number): AppError {
  return new AppError('insufficient_credit', { credits_needed: needed, credits_left: left });
}
