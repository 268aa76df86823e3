import type { Logger } from 'pino';
import type { Document } from '../../documents/model.ts';
import { AppError } from '../../errors.ts';
import type { Field, FieldValue } from '../../fields/field.ts';
import { guessTypingHints, type TypingHints } from '../../fields/typing/index.ts';
import type {
  DrawPages,
  EvidenceTree,
  ExtractionEngine,
  ExtractionResult,
  ExtractOptions,
  WeighedValue,
  WeighingEngine,
} from '../engine.ts';
import type { CallSlots } from './call-slots.ts';
import { type Chunk, estimateTokens, splitIntoChunks } from './chunks.ts';
import { documentText } from './document-text.ts';
import { isEvidence } from './evidence-tree.ts';
import type { Found } from './found.ts';
import { type Grounding, ground } from './ground.ts';
import { answerSchema } from './json-schema.ts';
import { DocumentIndex } from './locate.ts';
import { mergeFound } from './merge-chunks.ts';
import type { AskTime, ModelClient, TokenUsage } from './model-client.ts';
import { type FailureReason, failureCode, ModelFailure } from './model-failure.ts';
import { buildPrompt, type FieldHint, type Prompt, type PromptImage } from './prompt.ts';
import { schemaProblems, typeAnswer, unwrapped } from './type-answer.ts';

export interface LlmEngineOptions {
  client: ModelClient;
  slots: CallSlots;
  timeoutMs: number;
  /** Tokens one call may use, prompt and answer. */
  contextTokens: number;
  /** Scanned pages also sent as pictures (LLM_VISION). */
  vision?: boolean;
  /** Where each field's values stand, for grounding the model's (the local engine). */
  weigher?: WeighingEngine;
  logger?: Logger;
}

/** What hybrid passes the model's engine besides the request's options. */
export interface AnswerOptions extends ExtractOptions {
  engine: 'llm' | 'hybrid';
  hints?: FieldHint[];
  /** The local engine's weighing of the fields, already made (hybrid): not made again. */
  weighed?: Record<string, WeighedValue[]>;
}

/** Questions asked again after an answer that is not JSON or does not follow the schema. */
const MAX_REASKS = 2;
/** Seconds a client is asked to wait when the provider named no wait. */
const DEFAULT_RETRY_AFTER_S = 5;

/** What a client is told of a model's failure (details.reason): never the prompt nor the answer. */
const FAILURE_REASONS: Record<FailureReason, string> = {
  unreachable: 'the language model could not be reached',
  timeout: 'the language model did not answer in time',
  status: 'the language model answered with an error',
  refused: 'the language model refused to answer',
  malformed: 'the language model did not answer with the JSON asked for, asked three times',
  auth: "the language model's provider refused the service's key",
  model_not_found: "the language model's provider has no such model",
};

/** Room kept in the context for the answer. */
const ANSWER_SHARE = 0.25;
const MAX_ANSWER_TOKENS = 4096;
/**
 * A scanned page's picture: about 1.15 million pixels, the most Anthropic takes without scaling it
 * down and more than OpenAI's high detail keeps of a page's short side (768 px), so that a receipt's
 * small print stays legible; far below MAX_PIXELS.
 */
const VISION_PIXELS = 1_150_000;
/** What such a picture costs: Anthropic counts width × height / 750 (about 1,530); OpenAI's tiles about as much. */
const IMAGE_TOKENS = 1600;

/**
 * The bring-your-own-model engine: the document's text (in chunks under the token budget) and the
 * schema derived from the fields go to the configured model; its answer is typed like any other
 * reading and every value is looked for in the document before it is believed.
 */
export class LlmEngine implements ExtractionEngine {
  readonly name = 'llm';
  readonly #options: LlmEngineOptions;

  constructor(options: LlmEngineOptions) {
    this.#options = options;
  }

  get model(): string {
    return this.#options.client.model;
  }

  async extract(
    document: Document,
    fields: Field[],
    options: ExtractOptions = {},
  ): Promise<ExtractionResult> {
    try {
      return { ...(await this.answer(document, fields, { ...options, engine: 'llm' })), model: this.model };
    } catch (error) {
      if (error instanceof ModelFailure) throw this.#appError(error);
      throw error;
    }
  }

  /** The failure as the client is told it: a code it can act on, the provider's wait, the tokens spent. */
  #appError(failure: ModelFailure): AppError {
    const code = failureCode(failure);
    const usage = failure.usage ?? { inputTokens: 0, outputTokens: 0 };
    const retryAfter =
      code !== 'llm_unavailable'
        ? undefined
        : failure.retryAfterMs !== undefined
          ? Math.max(1, Math.ceil(failure.retryAfterMs / 1000))
          : DEFAULT_RETRY_AFTER_S;
    return new AppError(
      code,
      {
        reason: FAILURE_REASONS[failure.reason],
        retryable: code === 'llm_unavailable',
        ...(failure.status !== undefined ? { provider_status: failure.status } : {}),
      },
      {
        cause: failure,
        ...(retryAfter !== undefined ? { retryAfter } : {}),
        modelUse: { model: this.model, ...usage },
      },
    );
  }

  /** The model's grounded answer; throws ModelFailure when the model cannot give one (hybrid falls back). */
  async answer(document: Document, fields: Field[], options: AnswerOptions): Promise<ExtractionResult> {
    const started = performance.now();
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    const { client, slots, timeoutMs } = this.#options;
    // Waiting for a call slot is bounded on its own; the model's time starts with the first call.
    const waiting = withTimeout(options.signal, timeoutMs);
    let budget: { signal: AbortSignal; deadline: number } | undefined;
    const startBudget = () => {
      budget ??= { signal: withTimeout(options.signal, timeoutMs), deadline: Date.now() + timeoutMs };
      return budget;
    };
    const schema = answerSchema(fields);
    // Pictures only of the pages OCR read: a page with a text layer is read exactly already.
    const scanned = new Set(
      this.#options.vision && options.pageImages
        ? document.pages.filter((p) => p.source === 'ocr').map((p) => p.number)
        : [],
    );
    const chunks = this.#chunks(document, schema, options.hints, scanned);
    const pages = documentText(document);
    const hints = guessTypingHints(
      pages
        .map((p) => p.lines.join('\n'))
        .join('\n')
        .slice(0, 200_000),
    );
    const index = new DocumentIndex(document, hints);
    const weighed = options.weighed ?? (await this.#options.weigher?.weigh(document, fields));
    let outcome = 'ok';
    try {
      const answers = await Promise.all(
        chunks.map((chunk, i) =>
          slots.run(waiting, async () => {
            const time = startBudget();
            const signal = time.signal;
            // Drawn inside the slot, so that at most LLM_MAX_CONCURRENCY chunks' pictures are in memory.
            const images = await this.#pictures(
              chunk.pages.filter((p) => scanned.has(p)),
              options.pageImages,
              signal,
              options.engine,
            );
            const prompt = buildPrompt({
              schema,
              chunkText: chunk.text,
              part: { index: i, count: chunks.length },
              ...(options.hints ? { hints: options.hints } : {}),
              images,
            });
            const { typed, untyped } = await askChecked(client, prompt, fields, hints, time, usage);
            const grounding = { index, pages: chunk.pages, ...(weighed ? { weighed } : {}) };
            return groundChunk(fields, typed, grounding, untyped);
          }),
        ),
      );
      return { ...mergeChunks(fields, answers), usage: { ...usage } };
    } catch (error) {
      const aborted = waiting.aborted || budget?.signal.aborted === true;
      outcome = error instanceof ModelFailure ? error.reason : aborted ? 'timeout' : 'error';
      const failure =
        error instanceof ModelFailure
          ? error
          : aborted
            ? new ModelFailure('timeout', { cause: error })
            : undefined;
      if (!failure) throw error;
      failure.usage = { ...usage };
      throw failure;
    } finally {
      // Never the prompt, the answer or a value: what ran, how big, how long.
      this.#options.logger?.info(
        {
          engine: options.engine,
          provider: client.provider,
          model: client.model,
          calls: chunks.length,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          durationMs: Math.round(performance.now() - started),
          outcome,
        },
        'model call',
      );
    }
  }

  /** The pages' pictures for one call, as base64 PNG; none when they cannot be drawn (the text remains). */
  async #pictures(
    pages: number[],
    draw: DrawPages | undefined,
    signal: AbortSignal,
    engine: 'llm' | 'hybrid',
  ): Promise<PromptImage[]> {
    if (!draw || pages.length === 0) return [];
    try {
      const drawn = await draw(pages, VISION_PIXELS, signal);
      return drawn.map((d) => ({
        page: d.page,
        data: Buffer.from(d.png.buffer, d.png.byteOffset, d.png.byteLength).toString('base64'),
      }));
    } catch (error) {
      if (signal.aborted) throw error;
      this.#options.logger?.warn({ engine, reason: 'pictures not drawn' }, 'scanned pages sent as text only');
      return [];
    }
  }

  #chunks(document: Document, schema: object, hints: FieldHint[] | undefined, scanned: Set<number>): Chunk[] {
    const { contextTokens } = this.#options;
    const answer = Math.min(MAX_ANSWER_TOKENS, Math.floor(contextTokens * ANSWER_SHARE));
    const overhead =
      estimateTokens(JSON.stringify(schema)) +
      estimateTokens(
        buildPrompt({ schema: {}, chunkText: '', part: { index: 0, count: 2 }, ...(hints ? { hints } : {}) })
          .user,
      ) +
      300;
    const pages = documentText(document).map((p) =>
      scanned.has(p.page) ? { ...p, imageTokens: IMAGE_TOKENS } : p,
    );
    return splitIntoChunks(pages, Math.max(256, contextTokens - answer - overhead));
  }
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  return signal ? AbortSignal.any([signal, AbortSignal.timeout(ms)]) : AbortSignal.timeout(ms);
}

/**
 * One chunk's question, asked again (at most MAX_REASKS times) while the answer is not JSON or does
 * not follow the schema, each time with what was wrong; the last answer is taken as it is (its
 * values of the wrong type are then null). Every call's tokens are counted, a failed one's too.
 */
async function askChecked(
  client: ModelClient,
  first: Prompt,
  fields: Field[],
  hints: TypingHints,
  time: AskTime,
  usage: TokenUsage,
): Promise<{ typed: Record<string, FieldValue>; untyped: Set<string> }> {
  let prompt = first;
  for (let asked = 0; ; asked++) {
    let answer: Record<string, unknown>;
    try {
      const reply = await client.ask(prompt, time);
      usage.inputTokens += reply.usage.inputTokens;
      usage.outputTokens += reply.usage.outputTokens;
      answer = unwrapped(reply.value, fields);
    } catch (error) {
      if (error instanceof ModelFailure && error.usage) {
        usage.inputTokens += error.usage.inputTokens;
        usage.outputTokens += error.usage.outputTokens;
      }
      if (!(error instanceof ModelFailure) || error.reason !== 'malformed' || asked >= MAX_REASKS)
        throw error;
      prompt = {
        ...first,
        reask: { answer: '(not a JSON object)', problems: ['the answer was not one JSON object'] },
      };
      continue;
    }
    const problems = schemaProblems(fields, answer, hints);
    if (problems.length === 0 || asked >= MAX_REASKS) {
      // Fields whose last answer was not of their type: null, and said so.
      const untyped = new Set(
        fields.filter((f) => schemaProblems([f], answer, hints).length > 0).map((f) => f.name),
      );
      return { typed: typeAnswer(fields, answer, hints), untyped };
    }
    prompt = { ...first, reask: { answer: JSON.stringify(answer), problems } };
  }
}

/** What a field's evidence says when the model's last answer for it did not follow the schema. */
const UNTYPED_NOTE = "the model's answer did not follow the field's type, asked three times";

function groundChunk(
  fields: Field[],
  typed: Record<string, FieldValue>,
  grounding: Grounding,
  untyped: Set<string>,
): Record<string, Found> {
  return Object.fromEntries(
    fields.map((f) => {
      const found = ground(f, typed[f.name] ?? null, grounding);
      const evidence = found.evidence;
      if (!untyped.has(f.name) || found.value !== null || !isEvidence(evidence)) return [f.name, found];
      return [f.name, { ...found, evidence: { ...evidence, note: UNTYPED_NOTE } }];
    }),
  );
}

function mergeChunks(fields: Field[], answers: Record<string, Found>[]): ExtractionResult {
  const data: Record<string, FieldValue> = {};
  const evidence: Record<string, EvidenceTree> = {};
  for (const field of fields) {
    const merged = mergeFound(
      field,
      answers.map((a) => a[field.name]!),
    );
    data[field.name] = merged.value;
    evidence[field.name] = merged.evidence;
  }
  return { data, evidence };
}
