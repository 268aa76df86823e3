import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentFormat } from '../../documents/model.ts';
import { chooseEngine } from '../../engines/choose-engine.ts';
import { ENGINE_NAMES, type EngineName } from '../../engines/llm/llm-config.ts';
import { AppError } from '../../errors.ts';
import { generate } from '../../extraction/generate.ts';
import { requireCredit } from '../../http/authenticate.ts';
import { abortWhenClientLeaves } from '../../http/client-left.ts';
import { errorBody } from '../../http/error-body.ts';
import type { JobTicket } from '../../http/job-slots.ts';
import { describeFault } from '../../http/log-safe.ts';
import { uploadBound } from '../../http/read-parts.ts';
import { tokenCounts } from '../../http/record-calls.ts';
import { toAppError } from '../../http/to-app-error.ts';
import { csrfToken, isValidCsrfToken } from '../csrf.ts';
import { hasPictures, type PagePicture, pagePictures } from '../page-pictures.ts';
import { readPlaygroundForm } from '../playground-form.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, refuseForm, sendPage } from '../respond.ts';
import { evidenceMarks, evidenceSection } from '../views/evidence-view.ts';
import { layout } from '../views/layout.ts';
import { EXAMPLE_YAML, type PlaygroundView, playgroundView } from '../views/playground-view.ts';
import type { WebsiteDeps } from '../website.ts';

/** The names the API's `engine=` accepts; anything else is refused the same way. */
function engineName(value: string | undefined): EngineName | undefined {
  if (value === undefined || value === '') return undefined;
  if ((ENGINE_NAMES as readonly string[]).includes(value)) return value as EngineName;
  throw new AppError('malformed_request', {
    errors: [{ path: 'engine', message: `must be one of ${ENGINE_NAMES.join(', ')}` }],
  });
}

export function playgroundPages(web: FastifyInstance, deps: WebsiteDeps): void {
  // local always; llm and hybrid only when a model is configured (the same engines the API offers).
  const offered = ENGINE_NAMES.filter(
    (name) => name === 'local' || deps.engines?.[name] !== undefined || deps.engine.name === name,
  );
  const defaultEngine = offered.find((name) => name === deps.engine.name) ?? 'local';
  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Omit<PlaygroundView, 'csrf' | 'engines' | 'engine'> & { engine?: EngineName | undefined },
  ) =>
    sendPage(
      reply,
      status,
      layout(
        frameFor(request, deps, 'Playground', '/playground'),
        playgroundView({
          csrf: csrfToken(request.webSession!.id),
          ...view,
          engines: offered,
          engine: view.engine ?? defaultEngine,
        }),
      ),
    );

  web.get('/playground', { schema: { hide: true }, onRequest: mustBeLoggedIn }, async (request, reply) =>
    show(request, reply, PAGE_STATUS.ok, { yaml: EXAMPLE_YAML, evidence: false }),
  );

  web.post(
    '/playground',
    { schema: { hide: true }, onRequest: mustBeLoggedIn, config: { tokenInBody: 'multipart' } },
    async (request, reply) => {
      const session = request.webSession!;
      const plan = deps.plans[session.account.plan];
      if (!plan) throw new Error('account plan is not configured');
      let yaml = EXAMPLE_YAML;
      let evidence = false;
      let chosen: EngineName | undefined;
      // As the API: admitted before the body is read, a slot only once it is whole, freed on every path.
      let ticket: JobTicket | undefined;
      try {
        ticket = deps.jobs.admit(uploadBound(request, plan.maxFileBytes));
        const form = await readPlaygroundForm(request, plan.maxFileBytes, deps.uploadDeadline);
        // Read into memory first (the token travels in the same body), checked before anything is done.
        if (!isValidCsrfToken(session.id, form.csrf)) return refuseForm(request, reply, deps);
        yaml = form.yaml;
        evidence = form.evidence;
        // As the API's engine=: the same choice, the same 400 engine_not_configured, before any charge.
        chosen = engineName(form.engine);
        const engine = chooseEngine(deps, chosen);
        // The API's own checks and use case: same 402s, same charge, same call record (see record-calls).
        request.account = session.account;
        await requireCredit(deps.now, deps)(request);
        if (!form.document)
          throw new AppError('missing_part', {
            errors: [{ path: 'document', message: 'choose a document' }],
          });
        request.logContext.bytes = form.document.bytes.length;
        const signal = abortWhenClientLeaves(reply.raw);
        await ticket.run(signal);
        {
          let format: string | undefined;
          const outcome = await generate(
            {
              account: request.account ?? session.account, // refilled by requireCredit
              file: form.document,
              yaml: Buffer.from(form.yaml, 'utf8'),
              signal,
              onDocument: (facts) => {
                format = facts.format;
                Object.assign(request.logContext, { format: facts.format, pages: facts.pages });
              },
            },
            { ...deps, engine },
          );
          if (outcome.usage) Object.assign(request.logContext, tokenCounts(outcome.usage));
          const json = {
            execution_time: Math.round(performance.now() - request.startedAt) / 1000,
            status: 'success',
            data: outcome.data,
            ...(evidence ? { evidence: outcome.evidence } : {}),
          };
          const answer = {
            status: 200,
            json,
            pagesBilled: outcome.pagesBilled,
            creditsLeft: outcome.creditsRemaining,
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
            answer,
            ...(evidenceHtml ? { evidenceHtml } : {}),
          });
        }
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === 'internal_error')
          request.log.error({ fault: describeFault(error) }, 'playground failed');
        const answer = { status: appError.status, json: errorBody(appError, request.id) };
        return show(request, reply, appError.status, { yaml, evidence, engine: chosen, answer });
      } finally {
        ticket?.release();
      }
    },
  );

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
