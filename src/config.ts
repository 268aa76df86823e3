import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { type Plans, plansSchema } from './accounts/plans.ts';
import { checkLlmEnv, llmEnvShape } from './engines/llm/llm-config.ts';
import { envBoolean } from './env-boolean.ts';
import { DEFAULT_MAX_PAGES_IN_FLIGHT } from './extraction/page-budget.ts';

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((s) => s.trim());
    if (list.every((s) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s))) return list;
    ctx.addIssue({ code: 'custom', message: 'use true, false, a hop count or a list of addresses/CIDRs' });
    return z.NEVER;
  });

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy.default(false),
    PLANS_FILE: z.string().min(1).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
    /** Failed authentications a client address may make in a minute; past it, 429 before any lookup. */
    AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Rate-limit counters shared by every instance; without it each instance counts alone. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** GET /metrics is served only when set, and only for `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z.string().trim().min(16, 'use at least 16 characters').optional(),
    /** Documents read at once; reading is CPU-bound, so more than the cores only adds memory. */
    MAX_CONCURRENT_JOBS: z.coerce.number().int().positive().default(Math.max(2, availableParallelism())),
    MAX_QUEUED_JOBS: z.coerce.number().int().nonnegative().default(32),
    /** Upload bytes held in memory at once by admitted requests; past it, 503 overloaded. */
    MAX_UPLOAD_BYTES_IN_FLIGHT: z.coerce
      .number()
      .int()
      .positive()
      .default(256 * 1024 * 1024),
    /** An upload with no byte for this long, or not whole after UPLOAD_TIMEOUT_MS, gets 408. */
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    MAX_PAGES: z.coerce.number().int().positive().default(500),
    /**
     * Document pages held in memory at once, all requests together: a request waits (within its
     * DOCUMENT_TIMEOUT_MS) until its pages fit; one larger than the whole budget runs alone.
     */
    MAX_PAGES_IN_FLIGHT: z.coerce.number().int().positive().default(DEFAULT_MAX_PAGES_IN_FLIGHT),
    MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
    DOCUMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    OCR_WORKERS: z.coerce.number().int().positive().optional(),
    /** wasm: tesseract.js; native: the `tesseract` CLI (≥ 4); auto: wasm for now (see native-tesseract.ts). */
    OCR_BACKEND: z.enum(['auto', 'wasm', 'native']).default('auto'),
    /** Doubtful lines of a scan read again, enlarged (ocr/reread-lines.ts): surer letters, slower OCR. */
    OCR_REREAD_LINES: envBoolean.default(true),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(30_000),
    EXPOSE_DOCS: envBoolean.default(true),
    /** The website (sign-up, API keys, usage, playground); false serves the API alone. */
    WEBSITE: envBoolean.default(true),
    /** The site's address as users reach it (https://docs.example.com): links in e-mails and the CLI's reset links. */
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'must be an http:// or https:// URL')
      .optional(),
    /** Password-reset links (and sign-up notices) by e-mail: smtp://user:pass@host:587 or smtps://… */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The sender of those e-mails; "docjson <no-reply@PUBLIC_URL's host>" without it. */
    MAIL_FROM: z.string().trim().min(3).optional(),
    /** Bring-your-own model (LLM_*, DEFAULT_ENGINE, HYBRID_THRESHOLD): see src/engines/llm/llm-config.ts. */
    ...llmEnvShape,
  })
  .superRefine((env, ctx) => {
    checkLlmEnv(env, ctx);
    if (env.SMTP_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'set PUBLIC_URL with SMTP_URL: the links in e-mails need the address users reach the site at',
      });
    }
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'],
        message: 'TLS_CERT_FILE and TLS_KEY_FILE must be set together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  plans: Plans;
  tls?: { cert: Buffer; key: Buffer };
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const defaultPlansFile = new URL('../config/plans.json', import.meta.url);

export function loadPlans(file?: string): Plans {
  const path = file ? resolve(file) : defaultPlansFile;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`PLANS_FILE: cannot read a JSON plans file (${(error as Error).message})`);
  }
  const plans = plansSchema.safeParse(raw);
  if (!plans.success) {
    throw new ConfigError(`PLANS_FILE: ${plans.error.issues.map(formatIssue).join('; ')}`);
  }
  if (Object.keys(plans.data).length === 0) throw new ConfigError('PLANS_FILE: no plan defined');
  return plans.data;
}

function formatIssue(issue: z.core.$ZodIssue): string {
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

/** Parses the environment once, at start; a bad value is a message a person can act on. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const config: Config = { ...parsed.data, plans: loadPlans(parsed.data.PLANS_FILE) };
  if (parsed.data.TLS_CERT_FILE && parsed.data.TLS_KEY_FILE) {
    config.tls = {
      cert: readTlsFile('TLS_CERT_FILE', parsed.data.TLS_CERT_FILE),
      key: readTlsFile('TLS_KEY_FILE', parsed.data.TLS_KEY_FILE),
    };
  }
  return config;
}

function readTlsFile(name: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code})`);
  }
}
