import type { ExtractionEngine } from './engine.ts';
import { LocalEngine } from './local/local-engine.ts';

/** Engines by name; the offline local engine is the default. LLM engines join here behind the same interface. */
export const ENGINES: Record<string, () => ExtractionEngine> = {
  local: () => new LocalEngine(),
};

export const DEFAULT_ENGINE = 'local';

export function createEngine(name: string = DEFAULT_ENGINE): ExtractionEngine {
  const make = ENGINES[name];
  if (!make) throw new Error(`unknown engine "${name}"; available: ${Object.keys(ENGINES).join(', ')}`);
  return make();
}
