import { buildApp, createAdapters, readLimits } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isStrayPdfRejection, rejectionName } from './documents/pdf/stray-rejections.ts';
import { llmSettings } from './engines/llm/llm-config.ts';
import { createLogger } from './logger.ts';
import { missingMallocEnv } from './malloc-env.ts';
import { missingNodeFlags } from './node-flags.ts';
import { defaultSender, smtpMailer } from './web/mailer.ts';

/** config → adapters → app → listen; the only place that exits the process. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`docjson: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const missing = missingNodeFlags();
  if (missing.length > 0) {
    logger.warn(
      { missing },
      'started without the V8 heap flags of `npm start` (src/node-flags.ts): memory may grow to several times what requests use',
    );
  }
  const allocator = missingMallocEnv();
  if (allocator.length > 0) {
    logger.warn(
      { missing: allocator },
      'started without the allocator settings of `npm start` (src/malloc-env.ts): memory freed by requests may stay with the process',
    );
  }
  process.on('unhandledRejection', (reason) => {
    if (isStrayPdfRejection(reason)) {
      logger.warn({ error: rejectionName(reason) }, 'pdf.js left a rejected promise behind; ignored');
      return;
    }
    logger.fatal({ error: rejectionName(reason) }, 'unhandled promise rejection; exiting');
    process.exit(1);
  });
  const adapters = await createAdapters(config, {
    logger,
    llm: llmSettings(config),
    defaultEngine: config.DEFAULT_ENGINE,
  });
  const app = await buildApp({
    ...adapters,
    plans: config.plans,
    limits: readLimits(config),
    logger,
    ...(config.tls ? { tls: config.tls } : {}),
    trustProxy: config.TRUST_PROXY,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute: config.AUTH_FAILURES_PER_MINUTE,
    maxConcurrentJobs: config.MAX_CONCURRENT_JOBS,
    maxQueuedJobs: config.MAX_QUEUED_JOBS,
    maxUploadBytesInFlight: config.MAX_UPLOAD_BYTES_IN_FLIGHT,
    uploadDeadline: { idleMs: config.UPLOAD_IDLE_TIMEOUT_MS, totalMs: config.UPLOAD_TIMEOUT_MS },
    maxPagesInFlight: config.MAX_PAGES_IN_FLIGHT,
    exposeDocs: config.EXPOSE_DOCS,
    metricsToken: config.METRICS_TOKEN,
    redisUrl: config.REDIS_URL,
    website: config.WEBSITE,
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    ...(config.SMTP_URL && config.PUBLIC_URL
      ? { mailer: smtpMailer(config.SMTP_URL, config.MAIL_FROM ?? defaultSender(config.PUBLIC_URL)) }
      : {}),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    app.startDraining();
    const force = setTimeout(() => {
      logger.error('requests still in flight after the grace period; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await adapters.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(
    {
      port: config.PORT,
      host: config.HOST,
      tls: Boolean(config.tls),
      store: config.DATABASE_URL ? 'postgres' : 'sqlite',
    },
    'docjson listening',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `docjson: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
