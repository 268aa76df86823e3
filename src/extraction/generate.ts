import type { Account, AccountStore } from '../accounts/account-store.ts';
import type { ExtractionResult } from '../engines/engine.ts';
import { AppError } from '../errors.ts';
import {
  type ExtractionDeps,
  prepareExtraction,
  runEngine,
  type UploadedDocument,
} from './extract-document.ts';

export interface GenerateRequest {
  account: Account;
  file: UploadedDocument;
  yaml: Uint8Array;
  signal?: AbortSignal;
  /** Told what was read as soon as it is known, for the request's log line. */
  onDocument?: (facts: { format: string; pages: number }) => void;
}

export interface GenerateOutcome extends ExtractionResult {
  pagesBilled: number;
  creditsRemaining: number;
}

/**
 * The paid extraction: read the configuration and the document, make sure the credit covers the
 * document, extract, then charge — the charge is the last step, so a failure never costs credit.
 */
export async function generate(
  request: GenerateRequest,
  deps: ExtractionDeps & { store: AccountStore },
): Promise<GenerateOutcome> {
  const prepared = await prepareExtraction(request.file, request.yaml, deps, request.signal);
  const cost = prepared.document.meta.billedPages;
  request.onDocument?.({ format: prepared.document.meta.format, pages: cost });
  if (request.account.credits < cost) throw insufficient(cost, request.account.credits);

  const result = await runEngine(prepared, deps, request.signal);

  const remaining = await deps.store.charge(request.account.id, cost);
  if (remaining === null) {
    const now = await deps.store.getAccount(request.account.id);
    throw insufficient(cost, now?.credits ?? 0);
  }
  return { ...result, pagesBilled: cost, creditsRemaining: remaining };
}

function insufficient(needed: number, left: number): AppError {
  return new AppError('insufficient_credit', { credits_needed: needed, credits_left: left });
}
