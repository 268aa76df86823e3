import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentFormat } from '../../documents/model.ts';
import { ENGINE_NAMES, type EngineName } from '../../engines/llm/llm-config.ts';
import { AppError } from '../../errors.ts';
import type { JobTicket } from '../../extraction/job-slots.ts';
import { tokenCounts } from '../../extraction/paid-extraction.ts';
import { abortWhenClientLeaves } from '../../requests/client-left.ts';
import { errorBody } from '../../requests/error-body.ts';
import { describeFault } from '../../requests/log-safe.ts';
import { toAppError } from '../../requests/to-app-error.ts';
import { uploadBound } from '../../requests/upload-bound.ts';
import { csrfToken, isValidCsrfToken } from '../csrf.ts';
import { hasPictures, type PagePicture, pagePictures } from '../page-pictures.ts';
import { readPlaygroundForm } from '../playground-form.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, redirect, refuseForm, sendPage } from '../respond.ts';
import { evidenceMarks, evidenceSection } from '../views/evidence-view.ts';
import { layout } from '../views/layout.ts';
import { EXAMPLE_YAML, type PlaygroundView, playgroundView } from '../views/playground-view.ts';
import type { WebsiteDeps } from '../website-deps.ts';

/** A form's one-time id is kept (as an Idempotency-Key of the account's) this long. */
const SUBMISSION_TTL_MS = 24 * 60 * 60 * 1000;
const SUBMISSION = /^[A-Za-z0-9_-]{22}$/;

const NOTICES: Record<string, string> = {
  repeated:
    'That form was sent already, and its answer shown then: it was not extracted or billed again. Choose the document again to extract it once more.',
};

/** The names the API's `engine=` accepts; anything else is refused the same way. */
function engineName(value: string | undefined): EngineName | undefined {
  if (value === undefined || value === '') return undefined;
  if ((ENGINE_NAMES as readonly string[]).includes(value)) return value as EngineName;
  throw new AppError('malformed_request', {
    errors: [{ path: 'engine', message: `must be one of ${ENGINE_NAMES.join(', ')}` }],
  });
}

export function playgroundPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const offered = deps.engineNames;
  const defaultEngine = offered.find((name) => name === deps.defaultEngine) ?? 'local';
  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Omit<PlaygroundView, 'csrf' | 'engines' | 'engine' | 'submission'> & {
      engine?: EngineName | undefined;
    },
  ) =>
    sendPage(
      reply,
      status,
      layout(
        frameFor(request, deps, 'Playground', '/playground'),
        playgroundView({
          csrf: csrfToken(request.webSession!.id),
          submission: randomBytes(16).toString('base64url'),
          ...view,
          engines: offered,
          engine: view.engine ?? defaultEngine,
        }),
      ),
    );

  web.get<{ Querystring: { done?: string } }>(
    '/playground',
    { schema: { hide: true }, onRequest: mustBeLoggedIn },
    async (request, reply) => {
      const notice = NOTICES[request.query.done ?? ''];
      return show(request, reply, PAGE_STATUS.ok, {
        yaml: EXAMPLE_YAML,
        evidence: false,
        ...(notice ? { notice } : {}),
      });
    },
  );

  /**
   * The API's own paid extraction (deps.paid): the same standing check (402s), job-slot admission
   * before the body is read, engines, charge and call record; the answer shown as the API sends it.
   */
  web.post(
    '/playground',
    { schema: { hide: true }, onRequest: mustBeLoggedIn, config: { tokenInBody: 'multipart' } },
    async (request, reply) => {
      const session = request.webSession!;
      let yaml = EXAMPLE_YAML;
      let evidence = false;
      let chosen: EngineName | undefined;
      let ticket: JobTicket | undefined;
      try {
        const plan = deps.paid.planOf(session.account);
        ticket = deps.paid.admit(uploadBound(request, plan.maxFileBytes));
        const form = await readPlaygroundForm(request, plan.maxFileBytes, deps.uploadDeadline);
        // Read into memory first (the token travels in the same body), checked before anything is done.
        if (!isValidCsrfToken(session.id, form.csrf)) return refuseForm(request, reply, deps);
        yaml = form.yaml;
        evidence = form.evidence;
        chosen = engineName(form.engine);
        deps.paid.engineFor(chosen);
        if (form.refused) throw form.refused;
        // The record is the call's as the API's is: its account, its request id.
        request.account = await deps.paid.standing(session.account);
        if (!form.document)
          throw new AppError('missing_part', {
            errors: [{ path: 'document', message: 'choose a document' }],
          });
        if (!(await claimSubmission(session.account.id, form.submission, request.id))) {
          request.account = undefined; // nothing was done: no call to record
          return redirect(reply, '/playground?done=repeated');
        }
        request.logContext.bytes = form.document.bytes.length;
        const signal = abortWhenClientLeaves(reply.raw);
        let format: string | undefined;
        const outcome = await deps.paid.run({
          account: request.account,
          engine: chosen,
          ticket,
          file: form.document,
          yaml: Buffer.from(form.yaml, 'utf8'),
          signal,
          onDocument: (facts) => {
            format = facts.format;
            Object.assign(request.logContext, { format: facts.format, pages: facts.pages });
          },
        });
        if (outcome.usage) Object.assign(request.logContext, tokenCounts(outcome.usage));
        const json = {
          execution_time: Math.round(performance.now() - request.startedAt) / 1000,
          status: 'success',
          data: outcome.data,
          ...(evidence ? { evidence: outcome.evidence } : {}),
        };
        const evidenceHtml = evidence
          ? evidenceSection(
              evidenceMarks(outcome.evidence),
              hasPictures(format) ? await drawPages(request, form.document.bytes, format) : [],
            )
          : undefined;
        return show(request, reply, PAGE_STATUS.ok, {
          yaml,
          evidence,
          engine: chosen,
          answer: {
            status: 200,
            json,
            requestId: request.id,
            pagesBilled: outcome.pagesBilled,
            creditsLeft: outcome.creditsRemaining,
          },
          ...(evidenceHtml ? { evidenceHtml } : {}),
        });
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === 'internal_error')
          request.log.error({ fault: describeFault(error) }, 'playground failed');
        const answer = {
          status: appError.status,
          json: errorBody(appError, request.id),
          requestId: request.id,
        };
        return show(request, reply, appError.status, { yaml, evidence, engine: chosen, answer });
      } finally {
        ticket?.release();
      }
    },
  );

  /**
   * A form is answered once: its one-time id is claimed in the store (the API's Idempotency-Key
   * table, under the account), so a reload that posts it again, on any instance, does nothing.
   */
  async function claimSubmission(accountId: string, submission: string, requestId: string): Promise<boolean> {
    if (!SUBMISSION.test(submission)) return true; // a form from before this field: answered as sent
    const now = deps.now();
    const held = await deps.store.claimIdempotencyKey(
      {
        accountId,
        key: `playground:${submission}`,
        requestHash: 'playground',
        requestId,
        createdAt: now.toISOString(),
        leaseUntil: new Date(now.getTime() + SUBMISSION_TTL_MS).toISOString(),
      },
      {
        expiredBefore: new Date(now.getTime() - SUBMISSION_TTL_MS),
        now,
        unleasedBefore: new Date(now.getTime() - SUBMISSION_TTL_MS),
      },
    );
    return held === null;
  }

  /** The first pages as pictures, in memory; a page that cannot be drawn costs the picture, not the answer. */
  async function drawPages(
    request: FastifyRequest,
    bytes: Uint8Array,
    format: DocumentFormat,
  ): Promise<PagePicture[]> {
    try {
      return await pagePictures(bytes, format, deps.limits);
    } catch (error) {
      request.log.warn({ fault: describeFault(error) }, 'playground pages not drawn');
      return [];
    }
  }
}
