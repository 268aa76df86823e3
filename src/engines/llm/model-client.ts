import type { RetryOptions } from './http-retry.ts';
import type { Prompt } from './prompt.ts';

/** The tokens one call used, as the provider counted them (0 when it does not say). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelAnswer {
  value: Record<string, unknown>;
  usage: TokenUsage;
}

/** The time one question may take: the whole exchange's signal and deadline (ms since the epoch). */
export interface AskTime {
  signal: AbortSignal;
  deadline?: number;
}

/** One provider's protocol: a prompt in, the answer's JSON object out. Throws ModelFailure. */
export interface ModelClient {
  readonly provider: string;
  readonly model: string;
  ask(prompt: Prompt, time: AskTime): Promise<ModelAnswer>;
}

/** Where a client sends its calls and how it retries them. */
export interface ClientOptions {
  baseUrl: string;
  model: string;
  /** Optional for local servers (Ollama, vLLM, llama.cpp). */
  apiKey?: string;
  retry?: Omit<RetryOptions, 'signal' | 'deadline'>;
}
