import { type Account, type AccountStore, isExpired } from '../accounts/account-store.ts';
import { refillMonthlyCredit } from '../accounts/monthly-credit.ts';
import type { Plan, Plans } from '../accounts/plans.ts';
import { chooseEngine, type EngineChoices } from '../engines/choose-engine.ts';
import type { TokenCounts } from '../engines/engine.ts';
import type { EngineName } from '../engines/llm/llm-config.ts';
import { AppError } from '../errors.ts';
import type { ExtractionDeps } from './extract-document.ts';
import { type GenerateOutcome, type GenerateRequest, generate } from './generate.ts';
import type { JobSlots, JobTicket } from './job-slots.ts';

export interface PaidExtractionDeps extends ExtractionDeps {
  store: AccountStore;
  plans: Plans;
  jobs: JobSlots;
  now: () => Date;
  /** Engines a call may choose (the API's `engine=`, the playground's select); `engine` is the default. */
  engines?: EngineChoices;
}

export interface PaidCall extends Omit<GenerateRequest, 'account'> {
  /** The account as its standing check returned it (refilled). */
  account: Account;
  /** The engine asked for; the default without it. */
  engine?: EngineName | undefined;
  /** The call's admission, taken before its upload was read: waits here for a slot. */
  ticket: JobTicket;
}

/**
 * The one paid extraction both front ends call (the API's POST /api/v1/generate and the website's
 * playground), in the same steps: the account's standing before the upload is read (expiry, the
 * month's refill, an empty balance), admission to the job slots before the body is read (a slot only
 * once it is whole), the engine chosen, then generate() (read, cost ≤ credit, extract, charge).
 */
export class PaidExtraction {
  readonly #deps: PaidExtractionDeps;

  constructor(deps: PaidExtractionDeps) {
    this.#deps = deps;
  }

  /** The engine a call asks for, or 400 engine_not_configured: checked before any charge or body. */
  engineFor(name: EngineName | undefined) {
    return chooseEngine(this.#deps, name);
  }

  /** The account's plan (its upload limit). */
  planOf(account: Account): Plan {
    return this.planNamed(account.plan);
  }

  planNamed(name: string): Plan {
    const plan = this.#deps.plans[name];
    if (!plan)
      throw new AppError('internal_error', {}, { cause: new Error(`plan "${name}" is not configured`) });
    return plan;
  }

  /**
   * An expired plan or an empty balance is refused before the upload is read. A valid plan's monthly
   * credit is refilled first (the month's first call), so that it is what is checked. A replay (an
   * Idempotency-Key answered again) costs nothing, so the call that spent the last credit may be retried.
   */
  async standing(account: Account, options: { replay?: boolean } = {}): Promise<Account> {
    const now = this.#deps.now();
    if (isExpired(account, now)) {
      throw new AppError('subscription_expired', { plan: account.plan, expired_on: account.expiresAt });
    }
    const refilled = await refillMonthlyCredit(this.#deps.store, this.#deps.plans, account, now);
    if (refilled.credits <= 0 && !options.replay) {
      throw new AppError('insufficient_credit', { credits_left: refilled.credits });
    }
    return refilled;
  }

  /** Admission before the body is read, for an upload of at most `bytes`; 503 overloaded past the bounds. */
  admit(bytes: number): JobTicket {
    return this.#deps.jobs.admit(bytes);
  }

  /** Waits for a job slot, then runs the paid story. */
  async run(call: PaidCall): Promise<GenerateOutcome> {
    const engine = this.engineFor(call.engine);
    await call.ticket.run(call.signal);
    const { ticket: _ticket, engine: _engine, ...request } = call;
    return generate(request, { ...this.#deps, engine });
  }
}

/** Only the two counts of an engine's usage, for the request's log context and so its call record. */
export function tokenCounts(usage: TokenCounts): TokenCounts {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
}
