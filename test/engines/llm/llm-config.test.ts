import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { llmSettings } from '../../../src/engines/llm/llm-config.ts';

describe('LLM settings in the environment', () => {
  it('has no model by default, and reads one when both address and name are set', () => {
    assert.equal(llmSettings(loadConfig({})), null);
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'llama3.1',
      DEFAULT_ENGINE: 'hybrid',
    });
    assert.deepEqual(llmSettings(config), {
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      timeoutMs: 60_000,
      maxConcurrency: 4,
      contextTokens: 16_000,
      vision: false,
      hybridThreshold: 0.75,
      hybridOcrThreshold: 0.9,
      callTimeoutMs: 30000,
    });
  });

  it('bounds one call by half the whole budget unless LLM_CALL_TIMEOUT_MS says otherwise', () => {
    const base = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' };
    assert.equal(llmSettings(loadConfig({ ...base, LLM_TIMEOUT_MS: '300000' }))?.callTimeoutMs, 150_000);
    assert.equal(
      llmSettings(loadConfig({ ...base, LLM_TIMEOUT_MS: '300000', LLM_CALL_TIMEOUT_MS: '20000' }))
        ?.callTimeoutMs,
      20_000,
    );
  });

  it('sends pictures of scanned pages only when LLM_VISION says so', () => {
    const model = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llava' };
    assert.equal(llmSettings(loadConfig({ ...model, LLM_VISION: 'true' }))?.vision, true);
    assert.equal(llmSettings(loadConfig({ ...model, LLM_VISION: 'no' }))?.vision, false);
    assert.throws(() => loadConfig({ ...model, LLM_VISION: 'maybe' }), /LLM_VISION/);
  });

  it('stops the start with a message naming the variable', () => {
    assert.throws(
      () => loadConfig({ LLM_BASE_URL: 'http://x/v1' }),
      /LLM_MODEL: LLM_BASE_URL and LLM_MODEL must be set together/,
    );
    assert.throws(() => loadConfig({ DEFAULT_ENGINE: 'llm' }), /DEFAULT_ENGINE: llm needs a model/);
    assert.throws(() => loadConfig({ LLM_PROVIDER: 'gemini' }), ConfigError);
    assert.throws(() => loadConfig({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' }), /LLM_BASE_URL/);
  });
});
