import { postJson } from './http-retry.ts';
import type { AskTime, ClientOptions, ModelAnswer, ModelClient, TokenUsage } from './model-client.ts';
import { ModelFailure } from './model-failure.ts';
import { isObject, parsedWithUsage } from './parse-answer.ts';
import { followUps, type Prompt, userContent } from './prompt.ts';

/** A page's picture as this API takes it. */
const PICTURE = (data: string) => ({
  type: 'image_url',
  image_url: { url: `data:image/png;base64,${data}` },
});

/**
 * How the answer's shape is asked for, best first: structured output under the schema, JSON mode
 * with the schema in the instructions, a forced function call whose parameters are the schema.
 */
type AnswerMode = 'json_schema' | 'json_object' | 'tools';
const NEXT_MODE: Record<AnswerMode, AnswerMode | null> = {
  json_schema: 'json_object',
  json_object: 'tools',
  tools: null,
};

/** Any OpenAI-compatible chat completions server: OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp, LM Studio. */
export class OpenAiClient implements ModelClient {
  readonly provider = 'openai';
  readonly model: string;
  readonly #options: ClientOptions;
  /** The first mode the server accepted, kept for the next calls (a server does not learn new ones). */
  #mode: AnswerMode = 'json_schema';

  constructor(options: ClientOptions) {
    this.model = options.model;
    this.#options = options;
  }

  async ask(prompt: Prompt, time: AskTime): Promise<ModelAnswer> {
    for (;;) {
      const mode = this.#mode;
      try {
        const response = await postJson(
          `${this.#options.baseUrl}/chat/completions`,
          this.#options.apiKey ? { authorization: `Bearer ${this.#options.apiKey}` } : {},
          requestBody(this.model, prompt, mode),
          { ...this.#options.retry, ...time },
        );
        return readCompletion(response.body, prompt.name);
      } catch (error) {
        // A server that rejects the request's shape (400/422: "response_format is not supported")
        // is asked again in the next mode; any other failure is the answer.
        const next = NEXT_MODE[mode];
        const rejected = error instanceof ModelFailure && (error.status === 400 || error.status === 422);
        if (!rejected || next === null) throw error;
        if (this.#mode === mode) this.#mode = next;
      }
    }
  }
}

function requestBody(model: string, prompt: Prompt, mode: AnswerMode): Record<string, unknown> {
  const system =
    mode === 'json_object'
      ? `${prompt.system}\nThe JSON object must follow this JSON Schema:\n${JSON.stringify(prompt.schema)}`
      : prompt.system;
  const body: Record<string, unknown> = {
    model,
    temperature: 0,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: userContent(prompt, PICTURE) },
      ...followUps(prompt),
    ],
  };
  if (mode === 'json_schema') {
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: prompt.name, schema: prompt.schema, strict: true },
    };
  } else if (mode === 'json_object') {
    body.response_format = { type: 'json_object' };
  } else {
    body.tools = [
      {
        type: 'function',
        function: {
          name: prompt.name,
          description: 'Record the data extracted from the document.',
          parameters: prompt.schema,
        },
      },
    ];
    body.tool_choice = { type: 'function', function: { name: prompt.name } };
  }
  return body;
}

function readCompletion(body: unknown, tool: string): ModelAnswer {
  if (!isObject(body) || !Array.isArray(body.choices)) throw new ModelFailure('malformed');
  const message = isObject(body.choices[0]) ? body.choices[0].message : undefined;
  const usage = isObject(body.usage) ? body.usage : {};
  const tokens: TokenUsage = {
    inputTokens: typeof usage.prompt_tokens === 'number' ? usage.prompt_tokens : 0,
    outputTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
  };
  if (!isObject(message)) throw withUsage(new ModelFailure('malformed'), tokens);
  if (typeof message.refusal === 'string' && message.refusal !== '')
    throw withUsage(new ModelFailure('refused'), tokens);
  const call = Array.isArray(message.tool_calls)
    ? message.tool_calls.find((c) => isObject(c) && isObject(c.function) && c.function.name === tool)
    : undefined;
  const args = isObject(call) && isObject(call.function) ? call.function.arguments : undefined;
  const content = typeof args === 'string' ? args : textOf(message.content);
  if (content === null) throw withUsage(new ModelFailure('malformed'), tokens);
  return { value: parsedWithUsage(content, tokens), usage: tokens };
}

function withUsage(failure: ModelFailure, usage: TokenUsage): ModelFailure {
  failure.usage = { ...usage };
  return failure;
}

/** `content` is a string, or (some servers) a list of `{type: "text", text}` parts. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return null;
}
