import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../../accounts/account-store.ts';
import { type PaidExtraction, tokenCounts } from '../../extraction/paid-extraction.ts';
import { abortWhenClientLeaves } from '../../requests/client-left.ts';
import { uploadBound } from '../../requests/upload-bound.ts';
import type { UploadDeadline } from '../../requests/upload-deadline.ts';
import type { AuthFailures } from '../auth-failures.ts';
import { authenticate } from '../authenticate.ts';
import { type ClaimLease, readIdempotencyKey, runIdempotently } from '../idempotency.ts';
import { setModelHeaders } from '../model-headers.ts';
import { readParts } from '../read-parts.ts';
import {
  type GenerateQuery,
  generateHeadersSchema,
  generateQuerySchema,
  generateSuccessSchema,
} from './generate-schema.ts';

export interface GenerateRouteDeps {
  store: AccountStore;
  /** The paid extraction the playground calls too. */
  paid: PaidExtraction;
  /** How long an upload may take to arrive (idle and in all); the defaults without it. */
  uploadDeadline?: UploadDeadline;
  now: () => Date;
  /** How long an Idempotency-Key claim holds its key unless renewed; the defaults without it. */
  claimLease?: ClaimLease;
  rateLimit: { max: number; timeWindow: number };
  /** Failed authentications counted per address (429 past their limit, before any lookup). */
  authFailures?: AuthFailures;
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
        async (request) => void deps.paid.engineFor(request.query.engine),
        readIdempotencyKey(deps.store, deps.now),
        async (request) => {
          request.account = await deps.paid.standing(request.account!, {
            replay: request.idempotency?.replay === true,
          });
        },
      ],
      config: { rateLimit: deps.rateLimit },
    },
    async (request, reply) => {
      const account = request.account!;
      const plan = deps.paid.planOf(account);
      // Admitted before the body is read (its bytes are held from now on); a slot is taken only once
      // the body is whole, so a slow upload never holds one. The ticket ends with the request, on every path.
      const ticket = deps.paid.admit(uploadBound(request, plan.maxFileBytes));
      const signal = abortWhenClientLeaves(reply.raw);
      try {
        const parts = await readParts(request, plan.maxFileBytes, deps.uploadDeadline);
        request.logContext.bytes = parts.file.bytes.length;
        const { result: outcome, replayed } = await runIdempotently(request, deps, parts, (how) =>
          deps.paid.run({
            account,
            engine: request.query.engine,
            ticket,
            file: parts.file,
            yaml: parts.yaml,
            signal,
            onDocument: ({ format, pages }) => Object.assign(request.logContext, { format, pages }),
            ...how,
          }),
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
