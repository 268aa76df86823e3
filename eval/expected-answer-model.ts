/**
 * A stand-in language model for the eval: an HTTP server speaking the OpenAI chat completions and the
 * Anthropic Messages protocols that answers every prompt with the corpus's expected values. It proves
 * the llm and hybrid plumbing end to end (prompt, structured answer, typing, grounding, merging,
 * scoring): with a model that is never wrong, every field the eval still scores wrong is lost by the
 * service, not by the model. It is an eval tool: it reads the corpus it is given and never ships.
 *
 * A prompt is matched to its case by the lines of its document part (between its <document-…> tags), against the lines each case's
 * document gives the model (the same reader and the same src/engines/llm/document-text.ts); the
 * schema's property names are mapped to config.yaml's fields through the wording that lists them
 * in that order, so that every wording, and hybrid's subsets of fields, are answered.
 * npm run eval:fake-llm (eval/fake-llm.ts) starts it and runs the eval against it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentText, pageMarker } from '../src/engines/llm/document-text.ts';
import type { Case, Corpus, Half } from './corpus.ts';
import type { DocumentCache } from './document-cache.ts';
import { ANSWER_RULES, type AnswerRule } from './fake-answers.ts';
import { type Tally, tally } from './labelled.ts';
import { type ReadingDeps, readCases } from './read-cases.ts';
import { shownInText } from './shown-in-text.ts';

/** A case the fake can answer: its corpus (for the wordings) and its expected values. */
interface Known {
  corpus: Corpus;
  case: Case;
  lines: number;
  /** The document's lines as the model is given them (what a misleading liar picks its lies from). */
  text: string[];
}

/** What the fake saw, for the report printed after the eval. */
export interface ModelTally {
  requests: number;
  /** Prompts whose document matched no case: answered with nulls. */
  unmatched: number;
  /** Schemas naming a field no wording of the matched corpus lists in that order: answered with nulls. */
  unknownFields: number;
  /** Page pictures received (LLM_VISION); the answers never depend on them. */
  images: number;
  /** Fields asked, over every request (a field asked in two chunks counts twice). */
  fieldsAsked: number;
}

/** Per corpus, per config.yaml field and half: how much of the expected values the read text shows. */
export type Shown = Map<string, { fields: string[]; tallies: Record<Half, Tally>[] }>;

/** The engine's page markers are the prompt's, not the document's. */
const PAGE_MARKER = new RegExp(`^${pageMarker(0).replace('0', '\\d+')}$`);

/** Share of a prompt's document lines that must belong to one case for the prompt to be that case's. */
const MIN_SHARE = 0.5;

export class ExpectedAnswerModel {
  readonly tally: ModelTally = { requests: 0, unmatched: 0, unknownFields: 0, images: 0, fieldsAsked: 0 };
  /** The ceiling the eval's figures are to be read against (shown-in-text.ts). */
  readonly shown: Shown = new Map();
  readonly #known: Known[] = [];
  /** Each line of every known document → the cases whose documents hold it. */
  readonly #byLine = new Map<string, Set<number>>();
  readonly #server: Server;
  readonly #rule: AnswerRule;

  private constructor(rule: AnswerRule) {
    this.#rule = rule;
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  /** Reads the cases' documents (through the eval's reader and cache) and starts listening. */
  static async start(
    corpora: { corpus: Corpus; cases: Case[] }[],
    deps: ReadingDeps,
    options: {
      cache?: DocumentCache;
      log: (line: string) => void;
      port?: number;
      /** How the expected value becomes the answer (fake-answers.ts); the truth by default. */
      rule?: AnswerRule;
    },
  ): Promise<ExpectedAnswerModel> {
    const model = new ExpectedAnswerModel(options.rule ?? ANSWER_RULES.oracle);
    for (const { corpus, cases } of corpora) {
      for await (const read of readCases(corpus, cases, deps, options)) {
        if (read.document) model.#learn(corpus, read.case, documentText(read.document));
        model.#count(
          corpus,
          read.case,
          read.document ? shownInText(read.document, corpus.wordings[0]!.fields, read.case.expected) : {},
        );
      }
    }
    await new Promise<void>((resolve) => model.#server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return model;
  }

  /** The base URL to give as LLM_BASE_URL. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v1`;
  }

  get cases(): number {
    return this.#known.length;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** An unreadable document shows nothing: its fields count against the ceiling, as in the eval. */
  #count(corpus: Corpus, c: Case, scores: Record<string, number>): void {
    const fields = corpus.wordings[0]!.fields.map((f) => f.name);
    const entry = this.shown.get(corpus.name) ?? {
      fields,
      tallies: fields.map(() => ({ tuning: tally(), checking: tally() })),
    };
    this.shown.set(corpus.name, entry);
    fields.forEach((name, i) => {
      if (!(name in c.expected)) return;
      const counted = entry.tallies[i]![c.half];
      counted.scored++;
      counted.right += scores[name] ?? 0;
    });
  }

  #learn(corpus: Corpus, c: Case, pages: { lines: string[] }[]): void {
    const id = this.#known.length;
    const text = pages.flatMap((p) => p.lines);
    const lines = new Set(text.map(squash).filter((l) => l !== ''));
    this.#known.push({ corpus, case: c, lines: lines.size, text });
    for (const line of lines) {
      const holders = this.#byLine.get(line) ?? new Set<number>();
      holders.add(id);
      this.#byLine.set(line, holders);
    }
  }

  /** The case whose document holds most of the prompt's lines (ties: the one with fewer lines). */
  #match(prompt: string): Known | undefined {
    const part = /<(document-[0-9a-f]+)>\n([\s\S]*)<\/\1>/.exec(prompt)?.[2] ?? '';
    const lines = part
      .split('\n')
      .filter((l) => !PAGE_MARKER.test(l))
      .map(squash)
      .filter((l) => l !== '');
    if (lines.length === 0) return undefined;
    const hits = new Map<number, number>();
    for (const line of lines)
      for (const id of this.#byLine.get(line) ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
    let best: number | undefined;
    for (const [id, n] of hits) {
      const current = best === undefined ? -1 : hits.get(best)!;
      if (n > current || (n === current && this.#known[id]!.lines < this.#known[best!]!.lines)) best = id;
    }
    return best !== undefined && hits.get(best)! >= lines.length * MIN_SHARE ? this.#known[best] : undefined;
  }

  /** The expected values under the schema's own property names. */
  #answer(prompt: string, names: string[]): Record<string, unknown> {
    this.tally.fieldsAsked += names.length;
    const nulls = Object.fromEntries(names.map((n) => [n, null]));
    const known = this.#match(prompt);
    if (!known) {
      this.tally.unmatched++;
      return nulls;
    }
    const configNames = configNamesOf(known.corpus, names);
    if (!configNames) {
      this.tally.unknownFields++;
      return nulls;
    }
    // A field cases.jsonl leaves out is not scored: null is as good an answer as any.
    const fields = known.corpus.wordings[0]!.fields;
    return Object.fromEntries(
      names.map((n, i) => {
        const name = configNames[i]!;
        const field = fields.find((f) => f.name === name)!;
        const asked = { field, lines: known.text, key: `${known.case.file}/${name}` };
        return [n, this.#rule(known.case.expected[name] ?? null, asked)];
      }),
    );
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(res, 400, { error: { message: 'not JSON' } });
    }
    this.tally.requests++;
    if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) {
      return reply(res, 200, this.#openAi(body));
    }
    if (req.method === 'POST' && req.url?.endsWith('/messages')) {
      return reply(res, 200, this.#anthropic(body));
    }
    reply(res, 404, { error: { message: 'unknown path' } });
  }

  #openAi(body: Record<string, unknown>): unknown {
    const { prompt, tokens } = this.#read(body, 'image_url');
    const format = body.response_format as { json_schema?: { schema?: Schema } } | undefined;
    const content = JSON.stringify(this.#answer(prompt, propertyNames(format?.json_schema?.schema)));
    return {
      id: `chatcmpl-expected-${this.tally.requests}`,
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      usage: { prompt_tokens: tokens, completion_tokens: Math.ceil(content.length / 4) },
    };
  }

  #anthropic(body: Record<string, unknown>): unknown {
    const { prompt, tokens } = this.#read(body, 'image');
    const tool = ((body.tools ?? []) as { name: string; input_schema?: Schema }[])[0];
    const input = this.#answer(prompt, propertyNames(tool?.input_schema));
    return {
      id: `msg_expected_${this.tally.requests}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'tool_use', id: `toolu_expected_${this.tally.requests}`, name: tool?.name, input }],
      stop_reason: 'tool_use',
      usage: { input_tokens: tokens, output_tokens: Math.ceil(JSON.stringify(input).length / 4) },
    };
  }

  /**
   * The user's text, and the prompt's tokens as a provider would count them: four characters a
   * token, a page picture about 1,600 (counted, never looked at: the answers come from the corpus).
   */
  #read(body: Record<string, unknown>, imageType: string): { prompt: string; tokens: number } {
    const messages = ((body.messages ?? []) as { role: string; content: unknown }[]).filter(
      (m) => m.role === 'user',
    );
    const prompt = messages.map((m) => textOf(m.content)).join('\n');
    const parts = messages.flatMap((m) =>
      Array.isArray(m.content) ? (m.content as { type?: unknown }[]) : [],
    );
    const images = parts.filter((p) => p?.type === imageType).length;
    this.tally.images += images;
    const system = typeof body.system === 'string' ? body.system : '';
    return { prompt, tokens: Math.ceil((prompt.length + system.length) / 4) + images * 1600 };
  }
}

type Schema = { properties?: Record<string, unknown> };

function propertyNames(schema: Schema | undefined): string[] {
  return Object.keys(schema?.properties ?? {});
}

/**
 * config.yaml's names for the schema's properties: the first wording that lists them all in the
 * same order (hybrid asks for a subset of the fields, so they need not be contiguous).
 */
function configNamesOf(corpus: Corpus, names: string[]): string[] | undefined {
  const config = corpus.wordings[0]!.fields.map((f) => f.name);
  for (const wording of corpus.wordings) {
    const positions = names.map((n) => wording.fields.findIndex((f) => f.name === n));
    if (positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))) {
      return positions.map((p) => config[p]!);
    }
  }
  return undefined;
}

/** A message's text: a string, or the text parts of a list (a list also carries images). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (typeof p === 'object' && p !== null && typeof p.text === 'string' ? p.text : ''))
    .join('\n');
}

function squash(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
