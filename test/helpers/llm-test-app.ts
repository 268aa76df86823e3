import { createModelEngines } from '../../src/engines/llm/create-engines.ts';
import type { LlmSettings } from '../../src/engines/llm/llm-config.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestApp, LogCapture, type TestApp } from './test-app.ts';

export const MODEL_KEY = 'sk-test-MODELKEY-7c1e99';

export interface LlmTestApp extends TestApp {
  /** Delays the model client asked to wait between tries (not waited: tests never sleep). */
  delays: number[];
}

/** The app with llm and hybrid engines talking to a fake model server; logs of app and engines captured. */
export async function createLlmTestApp(
  settings: Partial<LlmSettings> & { baseUrl: string },
): Promise<LlmTestApp> {
  const logs = new LogCapture();
  const logger = createLogger('info', logs);
  const delays: number[] = [];
  const local = new LocalEngine();
  const engines = createModelEngines(
    {
      provider: 'openai',
      model: 'test-model',
      apiKey: MODEL_KEY,
      timeoutMs: 10_000,
      maxConcurrency: 2,
      contextTokens: 16_000,
      vision: false,
      hybridThreshold: 0.6,
      ...settings,
    },
    local,
    {
      logger,
      retry: {
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    },
  );
  const t = await createTestApp({ engine: local, engines: { local, ...engines }, logger });
  return Object.assign(t, { logs, delays });
}
