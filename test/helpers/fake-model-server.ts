import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: its headers and parsed JSON body. */
export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** What the fake answers: a status, headers and body; `hang` never answers (a model too slow). */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is, not as JSON (a broken body). */
  raw?: string;
  hang?: boolean;
}

export type Script = Reply | ((request: Received) => Reply);

/**
 * A model server on 127.0.0.1 (port 0) speaking the OpenAI chat completions or the Anthropic Messages
 * protocol as the replies say: each request takes the next scripted reply, the last one repeats.
 */
export class FakeModelServer {
  readonly received: Received[] = [];
  #script: Script[] = [];
  readonly #server: Server;
  readonly #hanging = new Set<ServerResponse>();

  private constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  static async start(): Promise<FakeModelServer> {
    const fake = new FakeModelServer();
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v1`;
  }

  /** The replies for the next requests, in order; the last one answers every request after them. */
  script(...replies: Script[]): void {
    this.#script = replies;
    this.received.length = 0;
  }

  async close(): Promise<void> {
    for (const res of this.#hanging) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Received = {
      path: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
    };
    this.received.push(request);
    const next = this.#script.length > 1 ? this.#script.shift()! : this.#script[0];
    const reply = typeof next === 'function' ? next(request) : (next ?? { status: 500 });
    if (reply.hang) {
      this.#hanging.add(res);
      return;
    }
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
  }
}

// Response shapes as the real services send them.

export function openAiAnswer(content: string, usage = { prompt_tokens: 812, completion_tokens: 64 }): Reply {
  return {
    body: {
      id: 'chatcmpl-9xYz',
      object: 'chat.completion',
      created: 1_732_000_000,
      model: 'gpt-4o-mini-2024-07-18',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      system_fingerprint: 'fp_0ba0d124f1',
    },
  };
}

export const openAiJson = (value: unknown) => openAiAnswer(JSON.stringify(value));
export const openAiFenced = (value: unknown) =>
  openAiAnswer(
    `Here is the extracted data:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nLet me know if you need more.`,
  );

export function openAiRefusal(): Reply {
  return {
    body: {
      id: 'chatcmpl-refused',
      object: 'chat.completion',
      model: 'gpt-4o-mini-2024-07-18',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: null, refusal: "I'm sorry, I can't help with that." },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 700, completion_tokens: 9, total_tokens: 709 },
    },
  };
}

export function anthropicToolUse(input: unknown, name = 'extracted_fields'): Reply {
  return {
    body: {
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-20250514',
      content: [{ type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name, input }],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1024, output_tokens: 88 },
    },
  };
}

export function anthropicText(text: string): Reply {
  return {
    body: {
      id: 'msg_text',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-20250514',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 1000, output_tokens: 50 },
    },
  };
}

export function anthropicRefusal(): Reply {
  return {
    body: {
      id: 'msg_refusal',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-20250514',
      content: [],
      stop_reason: 'refusal',
      usage: { input_tokens: 1000, output_tokens: 0 },
    },
  };
}

export function rateLimited(retryAfterSeconds: number): Reply {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
    },
  };
}

export function serverError(status = 500): Reply {
  return {
    status,
    body: { error: { message: 'The server had an error processing your request.', type: 'server_error' } },
  };
}

export const malformedBody: Reply = { raw: '{"choices": [{"message": {"content": "{\\"total\\": 1' };
export const malformedContent = openAiAnswer(
  'The total is 1,481.47 and the invoice number is INV-2024-0042.',
);
export const hang: Reply = { hang: true };
