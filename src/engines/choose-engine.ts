import { AppError } from '../errors.ts';
import type { ExtractionEngine } from './engine.ts';
import type { EngineName } from './llm/llm-config.ts';

/** The engines a request may name; llm and hybrid only when a model is configured. */
export type EngineChoices = Partial<Record<EngineName, ExtractionEngine>>;

/** The engine a request asked for (the service's default when it named none), or 400 engine_not_configured. */
export function chooseEngine(
  deps: { engine: ExtractionEngine; engines?: EngineChoices | undefined },
  name: EngineName | undefined,
): ExtractionEngine {
  if (name === undefined) return deps.engine;
  const engine = deps.engines?.[name] ?? (deps.engine.name === name ? deps.engine : undefined);
  if (!engine) throw new AppError('engine_not_configured', { engine: name });
  return engine;
}
