import type { FastifyReply } from 'fastify';
import type { ModelUse } from '../errors.ts';

/**
 * A language model's part in a call, in the answer's headers (llm, hybrid; a failed call's too):
 * X-LLM-Model, X-LLM-Tokens-In, X-LLM-Tokens-Out; X-LLM-Fallback when hybrid answered without the
 * model (its failure's code). The same counts go to the call record (Usage).
 */
export function setModelHeaders(
  reply: FastifyReply,
  outcome: {
    model?: string;
    usage?: { inputTokens: number; outputTokens: number };
    fallback?: string;
  },
): void {
  if (outcome.model) reply.header('x-llm-model', outcome.model);
  if (outcome.usage) {
    reply.header('x-llm-tokens-in', String(outcome.usage.inputTokens));
    reply.header('x-llm-tokens-out', String(outcome.usage.outputTokens));
  }
  if (outcome.fallback) reply.header('x-llm-fallback', outcome.fallback);
}

export function modelUseOutcome(use: ModelUse): {
  model: string;
  usage: { inputTokens: number; outputTokens: number };
} {
  return { model: use.model, usage: { inputTokens: use.inputTokens, outputTokens: use.outputTokens } };
}
