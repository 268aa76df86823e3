import type { Logger } from 'pino';
import { canWeigh, type ExtractionEngine } from '../engine.ts';
import { AnthropicClient } from './anthropic-client.ts';
import { CallSlots } from './call-slots.ts';
import type { RetryOptions } from './http-retry.ts';
import { HybridEngine } from './hybrid-engine.ts';
import type { LlmSettings } from './llm-config.ts';
import { LlmEngine } from './llm-engine.ts';
import type { ModelClient } from './model-client.ts';
import { OpenAiClient } from './openai-client.ts';

/** The engines a request may choose besides local: present only when a model is configured. */
export interface ModelEngines {
  llm: ExtractionEngine;
  hybrid: ExtractionEngine;
}

export function createModelEngines(
  settings: LlmSettings,
  local: ExtractionEngine,
  options: { logger?: Logger; retry?: Omit<RetryOptions, 'signal' | 'deadline'> } = {},
): ModelEngines {
  const clientOptions = {
    baseUrl: settings.baseUrl,
    model: settings.model,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    retry: {
      ...(settings.callTimeoutMs !== undefined ? { callTimeoutMs: settings.callTimeoutMs } : {}),
      ...options.retry,
    },
  };
  const client: ModelClient =
    settings.provider === 'anthropic' ? new AnthropicClient(clientOptions) : new OpenAiClient(clientOptions);
  const llm = new LlmEngine({
    client,
    slots: new CallSlots(settings.maxConcurrency),
    timeoutMs: settings.timeoutMs,
    contextTokens: settings.contextTokens,
    vision: settings.vision,
    ...(canWeigh(local) ? { weigher: local } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    llm,
    hybrid: new HybridEngine({
      local,
      llm,
      threshold: settings.hybridThreshold,
      ocrThreshold: settings.hybridOcrThreshold ?? settings.hybridThreshold,
      ...(options.logger ? { logger: options.logger } : {}),
    }),
  };
}
