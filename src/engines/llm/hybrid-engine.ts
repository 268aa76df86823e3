import type { Logger } from 'pino';
import type { Document } from '../../documents/model.ts';
import type { Field } from '../../fields/field.ts';
import type { EvidenceTree, ExtractionEngine, ExtractionResult, ExtractOptions } from '../engine.ts';
import { isEvidence, tagEngine, treeConfidence } from './evidence-tree.ts';
import type { LlmEngine } from './llm-engine.ts';
import { ModelFailure } from './model-failure.ts';
import type { FieldHint } from './prompt.ts';

/**
 * The local engine first; only the fields it answers below the threshold go to the model, with
 * what it proposed as hints. A field keeps whichever answer is surer. When the model fails, the
 * local result stands (the request still succeeds).
 */
export class HybridEngine implements ExtractionEngine {
  readonly name = 'hybrid';
  readonly #local: ExtractionEngine;
  readonly #llm: LlmEngine;
  readonly #threshold: number;
  readonly #logger: Logger | undefined;

  constructor(options: { local: ExtractionEngine; llm: LlmEngine; threshold: number; logger?: Logger }) {
    this.#local = options.local;
    this.#llm = options.llm;
    this.#threshold = options.threshold;
    this.#logger = options.logger;
  }

  async extract(
    document: Document,
    fields: Field[],
    options: ExtractOptions = {},
  ): Promise<ExtractionResult> {
    const local = await this.#local.extract(document, fields, options);
    const data = { ...local.data };
    const evidence: Record<string, EvidenceTree> = {};
    for (const f of fields) evidence[f.name] = tagEngine(local.evidence[f.name] ?? NONE, 'local');
    const weak = fields.filter((f) => treeConfidence(local.evidence[f.name]) < this.#threshold);
    // Hybrid reports tokens even when it asked nothing (0): the call record tells it from local (none).
    if (weak.length === 0) return { data, evidence, usage: { inputTokens: 0, outputTokens: 0 } };

    let asked: ExtractionResult;
    try {
      asked = await this.#llm.answer(document, weak, {
        ...options,
        engine: 'hybrid',
        hints: weak.flatMap((f) => hintOf(f, local)),
      });
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      this.#logger?.warn({ engine: 'hybrid', reason: error.reason }, 'model failed; local answers kept');
      return { data, evidence, usage: error.usage ?? { inputTokens: 0, outputTokens: 0 } };
    }
    for (const f of weak) {
      const value = asked.data[f.name] ?? null;
      const empty = value === null || (Array.isArray(value) && value.length === 0);
      if (empty) continue;
      const modelEvidence = asked.evidence[f.name] ?? NONE;
      if (treeConfidence(modelEvidence) >= treeConfidence(local.evidence[f.name]) || isEmptyLocal(local, f)) {
        data[f.name] = value;
        evidence[f.name] = modelEvidence;
      }
    }
    return { data, evidence, usage: asked.usage ?? { inputTokens: 0, outputTokens: 0 } };
  }
}

const NONE: EvidenceTree = { confidence: 0, page: null, text: null };

function isEmptyLocal(local: ExtractionResult, field: Field): boolean {
  const value = local.data[field.name];
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

/** What the local engine proposed for a weak field, when it proposed anything. */
function hintOf(field: Field, local: ExtractionResult): FieldHint[] {
  if (isEmptyLocal(local, field)) return [];
  const tree = local.evidence[field.name];
  return [
    {
      field: field.name,
      value: local.data[field.name],
      confidence: treeConfidence(tree),
      text: isEvidence(tree) ? tree.text : null,
    },
  ];
}
