import { availableParallelism } from 'node:os';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { AccountStore } from './accounts/account-store.ts';
import type { Plans } from './accounts/plans.ts';
import { PostgresAccountStore } from './accounts/postgres-store.ts';
import { SqliteAccountStore } from './accounts/sqlite-store.ts';
import { type Config, ConfigError } from './config.ts';
import { docxReader } from './documents/docx/docx-reader.ts';
import { jpegReader, pngReader } from './documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS, type OcrEngine, type ReadLimits } from './documents/model.ts';
import { createNativeTesseract, resolveOcrBackend } from './documents/ocr/native-tesseract.ts';
import { createPreparePool, withPreparePool } from './documents/ocr/prepare-pool.ts';
import { createTesseractPool } from './documents/ocr/tesseract-pool.ts';
import { pdfReader } from './documents/pdf/pdf-reader.ts';
import { createDocumentReading, type ReadDocument, type ReaderRegistry } from './documents/read-document.ts';
import { textReader } from './documents/text/text-reader.ts';
import { xlsxReader } from './documents/xlsx/xlsx-reader.ts';
import type { EngineChoices } from './engines/choose-engine.ts';
import type { ExtractionEngine } from './engines/engine.ts';
import { createModelEngines } from './engines/llm/create-engines.ts';
import { ENGINE_NAMES, type EngineName, type LlmSettings } from './engines/llm/llm-config.ts';
import { createEngine } from './engines/registry.ts';
import { AppError } from './errors.ts';
import { JobSlots } from './extraction/job-slots.ts';
import { DEFAULT_MAX_PAGES_IN_FLIGHT, PageBudget } from './extraction/page-budget.ts';
import { PaidExtraction } from './extraction/paid-extraction.ts';
import { AuthFailures } from './http/auth-failures.ts';
import { registerCanonicalPaths } from './http/canonical-path.ts';
import { registerEarlyRefusal } from './http/early-refusal.ts';
import { registerErrorHandling } from './http/error-handling.ts';
import type { ClaimLease } from './http/idempotency.ts';
import { hasPoolStats, Metrics, metricsRoute } from './http/metrics.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { callRecorder } from './http/record-calls.ts';
import { registerRequestLog } from './http/request-log.ts';
import { generateRoute } from './http/routes/generate.ts';
import { healthRoute } from './http/routes/health.ts';
import { SharedRedis } from './http/shared-redis.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { closingWhenIdle } from './idle-ocr.ts';
import { createLogger } from './logger.ts';
import { errorBodySchema } from './requests/error-body.ts';
import { describeFault } from './requests/log-safe.ts';
import type { UploadDeadline } from './requests/upload-deadline.ts';
import { VERSION } from './version.ts';
import type { Mailer } from './web/mailer.ts';
import { DOCS_HELMET, siteHelmet } from './web/security-headers.ts';
import { registerWebsite, websiteErrorPages } from './web/website.ts';

export interface AppDeps {
  store: AccountStore;
  readDocument: ReadDocument;
  /** The default engine; `engines` are those a request may choose with `engine=`. */
  engine: ExtractionEngine;
  engines?: EngineChoices;
  ocr?: OcrEngine;
  plans: Plans;
  limits: ReadLimits;
  logger?: Logger;
  now?: () => Date;
  tls?: { cert: Buffer | string; key: Buffer | string };
  trustProxy?: boolean | number | string[];
  rateLimitPerMinute?: number;
  /** Failed authentications per client address per minute before it gets 429 (AUTH_FAILURES_PER_MINUTE). */
  authFailuresPerMinute?: number;
  maxConcurrentJobs?: number;
  maxQueuedJobs?: number;
  /** Upload bytes held in memory at once (MAX_UPLOAD_BYTES_IN_FLIGHT). */
  maxUploadBytesInFlight?: number;
  uploadDeadline?: UploadDeadline;
  /** The lease of an Idempotency-Key claim and how often a running request renews it. */
  idempotencyLease?: ClaimLease;
  /** Document pages held in memory at once, all requests together (MAX_PAGES_IN_FLIGHT). */
  maxPagesInFlight?: number;
  exposeDocs?: boolean;
  /** GET /metrics is served only when set, and only for `Authorization: Bearer <token>`. */
  metricsToken?: string | undefined;
  /** Rate-limit counters shared through Redis (redis://…); in memory without it. */
  redisUrl?: string | undefined;
  /** Prefix of the rate-limit keys in Redis. */
  rateLimitNamespace?: string | undefined;
  /** The website (sign-up, keys, usage, playground); false for an API-only deployment. */
  website?: boolean;
  /** Sends the website's e-mails (password reset, sign-up) when SMTP_URL is set. */
  mailer?: Mailer;
  /** The site's address as its users reach it (PUBLIC_URL), for links in e-mails. */
  publicUrl?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on, new requests get 503 while the ones in flight finish. */
    startDraining(): void;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger('silent'),
    // One line per request is written by the request log, with only what may be logged.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => crypto.randomUUID(),
    trustProxy: fastifyTrustProxy(deps.trustProxy),
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    ...(deps.tls ? { https: { cert: deps.tls.cert, key: deps.tls.key } } : {}),
  }) as unknown as FastifyInstance;

  const knownPaths = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = knownPaths.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) methods.add(m);
    knownPaths.set(route.url, methods);
  });

  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  const metrics = new Metrics({ ocr: hasPoolStats(deps.ocr) ? deps.ocr : undefined });
  const recordCall = callRecorder(deps.store, now);
  registerRequestLog(app, async (line, request) => {
    metrics.observeRequest(line);
    await recordCall(line, request);
  });
  registerCanonicalPaths(app);
  registerEarlyRefusal(app);
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('connection', 'close');
      throw new AppError('unavailable', { reason: 'shutting down' }, { retryAfter: 5 });
    }
  });
  // A response sent while draining closes its connection: a keep-alive one (a proxy's) would otherwise
  // stay open once idle, and close() would wait for it until SHUTDOWN_GRACE_MS ends the process.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  const site = {
    docs: deps.exposeDocs ?? true,
    // Behind a TLS-terminating proxy (TRUST_PROXY) the browser speaks HTTPS even if we do not.
    secureCookies: Boolean(deps.tls) || isTrusting(deps.trustProxy),
  };
  registerErrorHandling(app, knownPaths, (deps.website ?? true) ? websiteErrorPages(site) : undefined);
  app.addSchema(errorBodySchema);

  // The site's security headers on every answer; /docs gets its own policy (openapi.ts).
  await app.register(helmet, siteHelmet({ https: site.secureCookies }));
  await app.register(multipart);
  const redis = deps.redisUrl ? new SharedRedis(deps.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => redis.close());
    await redis.connected();
  }
  await registerRateLimit(app, { redis, nameSpace: deps.rateLimitNamespace });
  if (deps.exposeDocs ?? true) await registerOpenApi(app, VERSION, DOCS_HELMET);

  // One pool of job slots for the API and the website's playground: both read documents.
  const jobs = new JobSlots({
    maxRunning: deps.maxConcurrentJobs ?? Math.max(2, availableParallelism()),
    maxQueued: deps.maxQueuedJobs ?? 32,
    maxBytes: deps.maxUploadBytesInFlight ?? 256 * 1024 * 1024,
    // Every job ends within its document's time limit; one held far past it is stuck.
    stuckAfterMs: 2 * deps.limits.timeoutMs + 30_000,
  });
  metrics.watchJobs(jobs);
  healthRoute(app, { store: deps.store, jobs, version: VERSION, now });
  // Off unless a token protects it: what the service is doing is not for whoever reaches the port.
  if (deps.metricsToken) metricsRoute(app, { metrics, token: deps.metricsToken });
  // Job slots bound the documents read at once; the page budget bounds what they weigh in memory.
  const pageBudget = new PageBudget(deps.maxPagesInFlight ?? DEFAULT_MAX_PAGES_IN_FLIGHT);
  metrics.watchPages(pageBudget);
  // One paid extraction for the API and the website's playground: the same standing check,
  // admission, engines and charge.
  const paid = new PaidExtraction({
    store: deps.store,
    plans: deps.plans,
    readDocument: deps.readDocument,
    engine: metrics.timeEngine(deps.engine),
    engines: Object.fromEntries(
      Object.entries(deps.engines ?? {}).map(([name, engine]) => [name, metrics.timeEngine(engine)]),
    ),
    limits: deps.limits,
    ...(deps.ocr ? { ocr: deps.ocr } : {}),
    pageBudget,
    jobs,
    now,
  });
  generateRoute(app, {
    store: deps.store,
    paid,
    ...(deps.uploadDeadline ? { uploadDeadline: deps.uploadDeadline } : {}),
    ...(deps.idempotencyLease ? { claimLease: deps.idempotencyLease } : {}),
    now,
    rateLimit: { max: deps.rateLimitPerMinute ?? 120, timeWindow: 60_000 },
    authFailures: new AuthFailures(
      { max: deps.authFailuresPerMinute ?? 30, windowMs: 60_000 },
      { redis, nameSpace: deps.rateLimitNamespace, now: () => now().getTime() },
    ),
  });
  if (deps.website ?? true) {
    await registerWebsite(app, {
      store: deps.store,
      paid,
      // local always; llm and hybrid only when a model is configured (the same engines the API offers).
      engineNames: ENGINE_NAMES.filter(
        (name) => name === 'local' || deps.engines?.[name] !== undefined || deps.engine.name === name,
      ),
      defaultEngine: deps.engine.name,
      limits: deps.limits,
      ...(deps.uploadDeadline ? { uploadDeadline: deps.uploadDeadline } : {}),
      now,
      ...site,
      ...(deps.mailer ? { mailer: deps.mailer } : {}),
      ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
    });
  }
  return app;
}

function isTrusting(trustProxy: AppDeps['trustProxy']): boolean {
  return Array.isArray(trustProxy) ? trustProxy.length > 0 : Boolean(trustProxy);
}

export interface Adapters {
  store: AccountStore;
  readDocument: ReadDocument;
  engine: ExtractionEngine;
  engines: EngineChoices;
  ocr?: OcrEngine & { close(): Promise<void> };
  close(): Promise<void>;
}

/** OCR worker threads are ended after this long without an image (src/idle-ocr.ts). */
const OCR_IDLE_MS = 10_000;

/** The concrete adapters for a configuration: the one place that picks implementations. */
export async function createAdapters(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'OCR_WORKERS'> &
    Partial<Pick<Config, 'OCR_BACKEND' | 'OCR_REREAD_LINES'>>,
  options: {
    logger?: Logger;
    withStore?: boolean;
    engine?: string;
    /** The configured model (null: none); `defaultEngine` picks among local, llm and hybrid. */
    llm?: LlmSettings | null;
    /** OCR worker threads are ended after this long without an image; OCR_IDLE_MS without it. */
    ocrIdleMs?: number;
    defaultEngine?: EngineName;
  } = {},
): Promise<Adapters> {
  const ocrBackend = resolveOcrBackend(config.OCR_BACKEND ?? 'auto');
  if (!ocrBackend) {
    throw new ConfigError('OCR_BACKEND=native: no tesseract 4 or later on PATH (Debian: tesseract-ocr)');
  }
  const store =
    options.withStore === false
      ? null
      : config.DATABASE_URL
        ? await PostgresAccountStore.open(config.DATABASE_URL)
        : new SqliteAccountStore(config.DATA_DIR);
  const ocrSize = config.OCR_WORKERS ? { size: config.OCR_WORKERS } : {};
  const ocr = closingWhenIdle(
    () =>
      withPreparePool(
        ocrBackend === 'native' ? createNativeTesseract(ocrSize) : createTesseractPool(ocrSize),
        createPreparePool(ocrSize),
      ),
    options.ocrIdleMs ?? OCR_IDLE_MS,
  );
  if (config.OCR_REREAD_LINES === false) ocr.rereadLines = false;
  const readers: ReaderRegistry = {
    pdf: pdfReader,
    jpeg: jpegReader,
    png: pngReader,
    docx: docxReader,
    xlsx: xlsxReader,
    text: textReader,
  };
  const readDocument = createDocumentReading(readers, (format, error) =>
    options.logger?.warn({ format, fault: describeFault(error) }, 'document reader failed'),
  );
  const local = createEngine(options.engine);
  const engines: EngineChoices = {
    local,
    ...(options.llm
      ? createModelEngines(options.llm, local, options.logger ? { logger: options.logger } : {})
      : {}),
  };
  return {
    store: store ?? closedStore,
    readDocument,
    engine: engines[options.defaultEngine ?? 'local'] ?? local,
    engines,
    ocr,
    async close() {
      await Promise.all([store?.close(), ocr.close()]);
    },
  };
}

/** Stands in where no store is wanted (offline extraction): any use is a bug. */
const closedStore = new Proxy({} as AccountStore, {
  get: () => () => Promise.reject(new Error('no account store in offline mode')),
});

export function readLimits(
  config: Pick<Config, 'MAX_PAGES' | 'MAX_PIXELS' | 'DOCUMENT_TIMEOUT_MS'>,
): ReadLimits {
  return {
    ...DEFAULT_READ_LIMITS,
    maxPages: config.MAX_PAGES,
    maxPixels: config.MAX_PIXELS,
    timeoutMs: config.DOCUMENT_TIMEOUT_MS,
  };
}
