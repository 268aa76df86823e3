import { postJson } from './http-retry.ts';
import type { ClientOptions, ModelAnswer, ModelClient } from './model-client.ts';
import { ModelFailure } from './model-failure.ts';
import { isObject, parseAnswerText } from './parse-answer.ts';
import { type Prompt, userContent } from './prompt.ts';

/** A page's picture as this API takes it. */
const PICTURE = (data: string) => ({
  type: 'image_url',
  image_url: { url: `data:image/png;base64,${data}` },
});

/** Any OpenAI-compatible chat completions server: OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp, LM Studio. */
export class OpenAiClient implements ModelClient {
  readonly provider = 'openai';
  readonly model: string;
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.model = options.model;
    this.#options = options;
  }

  async ask(prompt: Prompt, signal: AbortSignal): Promise<ModelAnswer> {
    const response = await postJson(
      `${this.#options.baseUrl}/chat/completions`,
      this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {},
      {
        model: this.model,
        temperature: 0,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: userContent(prompt, PICTURE) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: prompt.name, schema: prompt.schema, strict: true },
        },
      },
      { ...this.#options.retry, signal },
    );
    return readCompletion(response.body);
  }
}

function readCompletion(body: unknown): ModelAnswer {
  if (!isObject(body) || !Array.isArray(body.choices)) throw new ModelFailure('malformed');
  const message = isObject(body.choices[0]) ? body.choices[0].message : undefined;
  if (!isObject(message)) throw new ModelFailure('malformed');
  if (typeof message.refusal === 'string' && message.refusal !== '') throw new ModelFailure('refused');
  const content = textOf(message.content);
  if (content === null) throw new ModelFailure('malformed');
  const usage = isObject(body.usage) ? body.usage : {};
  return {
    value: parseAnswerText(content),
    usage: {
      inputTokens: typeof usage.prompt_tokens === 'number' ? usage.prompt_tokens : 0,
      outputTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
    },
  };
}

/** `content` is a string, or (some servers) a list of `{type: "text", text}` parts. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return null;
}
