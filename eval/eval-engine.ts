/**
 * The engine an eval runs, chosen among those the service offers: local, or llm and hybrid with the
 * model the environment configures exactly as for the server (LLM_BASE_URL, LLM_MODEL, LLM_PROVIDER,
 * LLM_API_KEY, HYBRID_THRESHOLD …, read by src/config.ts), so that a figure measured here is the
 * figure the service gives with the same variables.
 */
import type { Config } from '../src/config.ts';
import {
  ENGINE_NAMES,
  type EngineName,
  type LlmSettings,
  llmSettings,
} from '../src/engines/llm/llm-config.ts';

export type EvalEngine =
  | { name: EngineName; llm: LlmSettings | null; problem?: undefined }
  | { problem: string };

export function evalEngine(config: Config, name: string): EvalEngine {
  if (!(ENGINE_NAMES as readonly string[]).includes(name)) {
    return { problem: `--engine ${name}: use ${ENGINE_NAMES.join(', ')}` };
  }
  const llm = llmSettings(config);
  if (name !== 'local' && !llm) {
    return {
      problem: `--engine ${name} needs a model: set LLM_BASE_URL and LLM_MODEL (and LLM_PROVIDER, LLM_API_KEY as the model asks), as for the server`,
    };
  }
  return { name: name as EngineName, llm };
}
