import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { generate } from '../../extraction/generate.ts';
import { requireCredit } from '../../http/authenticate.ts';
import { errorBody } from '../../http/error-body.ts';
import { describeFault } from '../../http/log-safe.ts';
import { toAppError } from '../../http/to-app-error.ts';
import { csrfToken, isValidCsrfToken } from '../csrf.ts';
import { readPlaygroundForm } from '../playground-form.ts';
import { frameFor, mustBeLoggedIn, PAGE_STATUS, refuseForm, sendPage } from '../respond.ts';
import { layout } from '../views/layout.ts';
import { EXAMPLE_YAML, type PlaygroundView, playgroundView } from '../views/playground-view.ts';
import type { WebsiteDeps } from '../website.ts';

export function playgroundPages(web: FastifyInstance, deps: WebsiteDeps): void {
  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Omit<PlaygroundView, 'csrf'>,
  ) =>
    sendPage(
      reply,
      status,
      layout(
        frameFor(request, deps, 'Playground', '/playground'),
        playgroundView({ csrf: csrfToken(request.webSession!.id), ...view }),
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
      try {
        const form = await readPlaygroundForm(request, plan.maxFileBytes);
        // Read into memory first (the token travels in the same body), checked before anything is done.
        if (!isValidCsrfToken(session.id, form.csrf)) return refuseForm(request, reply, deps);
        yaml = form.yaml;
        evidence = form.evidence;
        // The API's own checks and use case: same 402s, same charge, same call record (see record-calls).
        request.account = session.account;
        await requireCredit(deps.now, deps)(request);
        if (!form.document)
          throw new AppError('missing_part', {
            errors: [{ path: 'document', message: 'choose a document' }],
          });
        request.logContext.bytes = form.document.bytes.length;
        const release = await deps.jobs.acquire();
        try {
          const outcome = await generate(
            {
              account: request.account ?? session.account, // refilled by requireCredit
              file: form.document,
              yaml: Buffer.from(form.yaml, 'utf8'),
              onDocument: ({ format, pages }) => Object.assign(request.logContext, { format, pages }),
            },
            deps,
          );
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
          return show(request, reply, PAGE_STATUS.ok, { yaml, evidence, answer });
        } finally {
          release();
        }
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === 'internal_error')
          request.log.error({ fault: describeFault(error) }, 'playground failed');
        const answer = { status: appError.status, json: errorBody(appError, request.id) };
        return show(request, reply, appError.status, { yaml, evidence, answer });
      }
    },
  );
}
