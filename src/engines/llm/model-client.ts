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

/** One provider's protocol: a prompt in, the answer's JSON object out. Throws ModelFailure. */
export interface ModelClient {
  readonly provider: string;
  readonly model: string;
  ask(prompt: Prompt, signal: AbortSignal): Promise<ModelAnswer>;
}
