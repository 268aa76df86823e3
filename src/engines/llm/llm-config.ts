import { z } from 'zod';
import { envBoolean } from '../../env-boolean.ts';

/**
 * The language-model settings in the environment. They are merged into the service's one environment
 * schema (src/config.ts), so a bad value stops the start like any other.
 */
export const llmEnvShape = {
  /** OpenAI-compatible servers: the base ending in /v1 (Ollama, vLLM, llama.cpp, LM Studio, OpenAI). */
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  LLM_API_KEY: z.string().trim().min(1).optional(),
  LLM_MODEL: z.string().trim().min(1).optional(),
  LLM_PROVIDER: z.enum(['openai', 'anthropic']).default('openai'),
  /** The model's whole part of a request, retries and re-asks included, from its first call. */
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * One call to the model: a call that hangs longer is abandoned and tried again, within
   * LLM_TIMEOUT_MS. Unset: half of LLM_TIMEOUT_MS, so that a hung call leaves time for another try
   * and a slow local model given a long budget is not cut short.
   */
  LLM_CALL_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  /** Model calls in flight at once, across requests. */
  LLM_MAX_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** Tokens one call may use (prompt + answer); longer documents are split into chunks. */
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1024).default(16_000),
  /** Scanned pages (read by OCR) also sent as images, to a model that reads them; never by default. */
  LLM_VISION: envBoolean.default(false),
  DEFAULT_ENGINE: z.enum(['local', 'llm', 'hybrid']).default('local'),
  /**
   * hybrid: fields the local engine answers null or below this calibrated confidence are asked of
   * the model. 0.75 is the lowest at which the answers kept local were right 90% of the time on the
   * shared corpora's tuning halves (npm run fit-hybrid).
   */
  HYBRID_THRESHOLD: z.coerce.number().min(0).max(1).default(0.75),
  /**
   * hybrid: the same bar for an answer read on a page OCR read, higher: OCR misreads letters even
   * where the right line was chosen (on the receipts, answers stated 0.9–1.0 were right 71% of the
   * time), and the model's reading of them is grounded as a misreading (docs/llm.md). 0.9: hybrid
   * gains 9 points there with a model that answers right, nothing lost with a lying one.
   */
  HYBRID_OCR_THRESHOLD: z.coerce.number().min(0).max(1).default(0.9),
} as const;

export type EngineName = 'local' | 'llm' | 'hybrid';
export const ENGINE_NAMES = ['local', 'llm', 'hybrid'] as const;

type LlmEnv = {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
  LLM_PROVIDER: 'openai' | 'anthropic';
  LLM_TIMEOUT_MS: number;
  LLM_CALL_TIMEOUT_MS?: number | undefined;
  LLM_MAX_CONCURRENCY: number;
  LLM_CONTEXT_TOKENS: number;
  LLM_VISION: boolean;
  DEFAULT_ENGINE: EngineName;
  HYBRID_THRESHOLD: number;
  HYBRID_OCR_THRESHOLD: number;
};

/** Cross-field rules: a model needs both an address and a name; llm/hybrid by default need a model. */
export function checkLlmEnv(env: LlmEnv, ctx: z.RefinementCtx): void {
  if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL'],
      message: 'LLM_BASE_URL and LLM_MODEL must be set together',
    });
  }
  if (env.DEFAULT_ENGINE !== 'local' && !env.LLM_BASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DEFAULT_ENGINE'],
      message: `${env.DEFAULT_ENGINE} needs a model: set LLM_BASE_URL and LLM_MODEL`,
    });
  }
}

/** What the engines need to call a model. */
export interface LlmSettings {
  provider: 'openai' | 'anthropic';
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** One call's time; absent: only the whole budget (timeoutMs) bounds it. */
  callTimeoutMs?: number;
  maxConcurrency: number;
  contextTokens: number;
  /** Send scanned pages as images too (LLM_VISION). */
  vision: boolean;
  hybridThreshold: number;
  /** The threshold for an answer read on a page OCR read; absent: hybridThreshold. */
  hybridOcrThreshold?: number;
}

/** The model's settings, or null when none is configured (llm and hybrid are then refused). */
export function llmSettings(env: LlmEnv): LlmSettings | null {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  return {
    provider: env.LLM_PROVIDER,
    baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
    callTimeoutMs: env.LLM_CALL_TIMEOUT_MS ?? Math.floor(env.LLM_TIMEOUT_MS / 2),
    maxConcurrency: env.LLM_MAX_CONCURRENCY,
    contextTokens: env.LLM_CONTEXT_TOKENS,
    vision: env.LLM_VISION,
    hybridThreshold: env.HYBRID_THRESHOLD,
    hybridOcrThreshold: env.HYBRID_OCR_THRESHOLD,
  };
}
