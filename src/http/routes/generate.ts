import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../../accounts/account-store.ts';
import type { Plans } from '../../config.ts';
import { chooseEngine, type EngineChoices } from '../../engines/choose-engine.ts';
import { AppError } from '../../errors.ts';
import type { ExtractionDeps } from '../../extraction/extract-document.ts';
import { generate } from '../../extraction/generate.ts';
import type { AuthFailures } from '../auth-failures.ts';
import { authenticate, requireCredit } from '../authenticate.ts';
import { abortWhenClientLeaves } from '../client-left.ts';
import { type ClaimLease, readIdempotencyKey, runIdempotently } from '../idempotency.ts';
import type { JobSlots } from '../job-slots.ts';
import { setModelHeaders } from '../model-headers.ts';
import { readParts, uploadBound } from '../read-parts.ts';
import { tokenCounts } from '../record-calls.ts';
import type { UploadDeadline } from '../upload-deadline.ts';
import {
  type GenerateQuery,
  generateHeadersSchema,
  generateQuerySchema,
  generateSuccessSchema,
} from './generate-schema.ts';

export interface GenerateRouteDeps extends ExtractionDeps {
  store: AccountStore;
  plans: Plans;
  jobs: JobSlots;
  /** How long an upload may take to arrive (idle and in all); the defaults without it. */
  uploadDeadline?: UploadDeadline;
  now: () => Date;
  /** How long an Idempotency-Key claim holds its key unless renewed; the defaults without it. */
  claimLease?: ClaimLease;
  rateLimit: { max: number; timeWindow: number };
  /** Failed authentications counted per address (429 past their limit, before any lookup). */
  authFailures?: AuthFailures;
  /** Engines a request may choose with `engine=`; `engine` above is the default. */
  engines?: EngineChoices;
}

const errorResponses = Object.fromEntries(
  [400, 401, 402, 409, 422, 429, 500, 503].map((status) => [status, { $ref: 'ErrorBody#' }]),
);

export function generateRoute(app: FastifyInstance, deps: GenerateRouteDeps) {
  app.post<{ Querystring: GenerateQuery }>(
    '/api/v1/generate',
    {
      schema: {
        summary: 'Extract the fields a YAML configuration describes from a document',
        tags: ['extraction'],
        security: [{ apiKey: [] }],
        consumes: ['multipart/form-data'],
        querystring: generateQuerySchema,
        headers: generateHeadersSchema,
        response: { 200: generateSuccessSchema, ...errorResponses },
      },
      onRequest: authenticate(deps.store, deps.now, deps.authFailures),
      // engine_not_configured is a bad parameter: refused before any key is claimed or body read.
      preHandler: [
        async (request) => void chooseEngine(deps, request.query.engine),
        readIdempotencyKey(deps.store, deps.now),
        requireCredit(deps.now, deps),
      ],
      config: { rateLimit: deps.rateLimit },
    },
    async (request, reply) => {
      const account = request.account!;
      const plan = deps.plans[account.plan];
      if (!plan)
        throw new AppError('internal_error', {}, { cause: new Error('account plan is not configured') });
      const engine = chooseEngine(deps, request.query.engine);
      // Admitted before the body is read (its bytes are held from now on); a slot is taken only once
      // the body is whole, so a slow upload never holds one. The ticket ends with the request, on every path.
      const ticket = deps.jobs.admit(uploadBound(request, plan.maxFileBytes));
      const signal = abortWhenClientLeaves(reply.raw);
      try {
        const parts = await readParts(request, plan.maxFileBytes, deps.uploadDeadline);
        request.logContext.bytes = parts.file.bytes.length;
        await ticket.run(signal);
        const { result: outcome, replayed } = await runIdempotently(request, deps, parts, (how) =>
          generate(
            {
              account,
              file: parts.file,
              yaml: parts.yaml,
              signal,
              onDocument: ({ format, pages }) => Object.assign(request.logContext, { format, pages }),
              ...how,
            },
            { ...deps, engine },
          ),
        );
        // A model's tokens (llm, hybrid) go to the call record; a replay asked the model again.
        if (outcome.usage) Object.assign(request.logContext, tokenCounts(outcome.usage));
        setModelHeaders(reply, outcome);
        if (replayed) {
          reply.header('idempotent-replayed', 'true');
          request.logContext.pages = 0; // nothing billed this time (the call record and metrics)
        }
        reply.header('x-pages-billed', String(outcome.pagesBilled));
        reply.header('x-credits-remaining', String(outcome.creditsRemaining));
        const executionTime = Math.round(performance.now() - request.startedAt) / 1000;
        return {
          execution_time: executionTime,
          status: 'success',
          data: outcome.data,
          ...(request.query.evidence ? { evidence: outcome.evidence } : {}),
        };
      } finally {
        ticket.release();
      }
    },
  );
}
