import { postJson } from './http-retry.ts';
import type { AskTime, ClientOptions, ModelAnswer, ModelClient } from './model-client.ts';
import { ModelFailure } from './model-failure.ts';
import { isObject, parsedWithUsage } from './parse-answer.ts';
import { followUps, type Prompt, userContent } from './prompt.ts';

const ANTHROPIC_VERSION = '2023-06-01';
const MAX_OUTPUT_TOKENS = 4096;

/** A page's picture as this API takes it. */
const PICTURE = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});

/** The Anthropic Messages API; the answer is forced through a tool whose input schema is the answer's. */
export class AnthropicClient implements ModelClient {
  readonly provider = 'anthropic';
  readonly model: string;
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.model = options.model;
    this.#options = options;
  }

  async ask(prompt: Prompt, time: AskTime): Promise<ModelAnswer> {
    const response = await postJson(
      `${this.#options.baseUrl}/messages`,
      {
        'anthropic-version': ANTHROPIC_VERSION,
        ...(this.#options.apiKey ? { 'x-api-key': this.#options.apiKey } : {}),
      },
      {
        model: this.model,
        max_tokens: MAX_OUTPUT_TOKENS,
        temperature: 0,
        system: prompt.system,
        messages: [{ role: 'user', content: userContent(prompt, PICTURE) }, ...followUps(prompt)],
        tools: [
          {
            name: prompt.name,
            description: 'Record the data extracted from the document.',
            input_schema: prompt.schema,
          },
        ],
        tool_choice: { type: 'tool', name: prompt.name },
      },
      { ...this.#options.retry, ...time },
    );
    return readMessage(response.body, prompt.name);
  }
}

function readMessage(body: unknown, tool: string): ModelAnswer {
  if (!isObject(body) || !Array.isArray(body.content)) throw new ModelFailure('malformed');
  if (body.stop_reason === 'refusal') throw new ModelFailure('refused');
  const blocks = body.content.filter(isObject);
  const call = blocks.find((b) => b.type === 'tool_use' && b.name === tool);
  const usage = isObject(body.usage) ? body.usage : {};
  const tokens = {
    inputTokens: typeof usage.input_tokens === 'number' ? usage.input_tokens : 0,
    outputTokens: typeof usage.output_tokens === 'number' ? usage.output_tokens : 0,
  };
  if (call && isObject(call.input)) return { value: call.input, usage: tokens };
  // A model that answered in text despite the forced tool: take the JSON from the text.
  const text = blocks.map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : '')).join('');
  return { value: parsedWithUsage(text, tokens), usage: tokens };
}
