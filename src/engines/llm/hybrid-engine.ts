import type { Logger } from 'pino';
import type { Document } from '../../documents/model.ts';
import type { Field, FieldValue } from '../../fields/field.ts';
import {
  canWeigh,
  type Evidence,
  type EvidenceTree,
  type ExtractionEngine,
  type ExtractionResult,
  type ExtractOptions,
  type WeighedValue,
} from '../engine.ts';
import { isEvidence, tagEngine, treeConfidence } from './evidence-tree.ts';
import { GROUNDED_CONFIDENCE, MISREAD_NOTE, sameValue } from './ground.ts';
import type { LlmEngine } from './llm-engine.ts';
import { approximateFind, foldLookAlikes, misreadBudget } from './look-alike.ts';
import { failureCode, ModelFailure } from './model-failure.ts';
import type { FieldHint } from './prompt.ts';

/**
 * A rival the model names replaces the local answer only when the local engine itself found it
 * where such a field's value stands and weighed it at least this share of its own answer: the
 * model settles a close call, it does not overrule a clear one.
 */
const RIVAL_SHARE = 0.5;
/** Local values shown to the model per field, likeliest first. */
const HINTS_PER_FIELD = 3;

/**
 * The local engine first; only the fields it answers null or below the threshold (its calibrated
 * confidence; a higher one for an answer read on a page OCR read) go to the model, with the values it weighed as hints. A field keeps the local answer
 * unless the model's is better grounded (see #choose). When the model fails, the local result
 * stands, and says so (`fallback`, and a note on the fields it would have asked about).
 */
export class HybridEngine implements ExtractionEngine {
  readonly name = 'hybrid';
  readonly #local: ExtractionEngine;
  readonly #llm: LlmEngine;
  readonly #threshold: number;
  readonly #ocrThreshold: number;
  readonly #logger: Logger | undefined;

  /** `ocrThreshold`: the bar for a local answer read on a page OCR read (HYBRID_OCR_THRESHOLD). */
  constructor(options: {
    local: ExtractionEngine;
    llm: LlmEngine;
    threshold: number;
    ocrThreshold?: number;
    logger?: Logger;
  }) {
    this.#local = options.local;
    this.#llm = options.llm;
    this.#threshold = options.threshold;
    this.#ocrThreshold = options.ocrThreshold ?? options.threshold;
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
    const ocrPages = new Set(document.pages.filter((p) => p.source === 'ocr').map((p) => p.number));
    const bar = (tree: EvidenceTree | undefined) =>
      isEvidence(tree) && tree.page !== null && ocrPages.has(tree.page)
        ? this.#ocrThreshold
        : this.#threshold;
    const weak = fields.filter((f) => treeConfidence(local.evidence[f.name]) < bar(local.evidence[f.name]));
    // Hybrid reports tokens even when it asked nothing (0): the call record tells it from local (none).
    if (weak.length === 0) return { data, evidence, usage: { inputTokens: 0, outputTokens: 0 } };

    const weighed = canWeigh(this.#local) ? await this.#local.weigh(document, weak) : {};
    let asked: ExtractionResult;
    try {
      asked = await this.#llm.answer(document, weak, {
        ...options,
        engine: 'hybrid',
        hints: weak.flatMap((f) => hintsOf(f, local, weighed[f.name] ?? [])),
        weighed,
      });
    } catch (error) {
      if (!(error instanceof ModelFailure)) throw error;
      const code = failureCode(error);
      this.#logger?.warn({ engine: 'hybrid', reason: error.reason }, 'model failed; local answers kept');
      const note = `the language model did not answer (${code}): the local engine's answer`;
      for (const f of weak) evidence[f.name] = noted(evidence[f.name]!, note);
      return {
        data,
        evidence,
        usage: error.usage ?? { inputTokens: 0, outputTokens: 0 },
        model: this.#llm.model,
        fallback: code,
      };
    }
    for (const f of weak) {
      const chosen = choose(f, local, asked, weighed[f.name] ?? []);
      if (!chosen) continue;
      data[f.name] = chosen.value;
      evidence[f.name] = chosen.evidence;
    }
    return {
      data,
      evidence,
      usage: asked.usage ?? { inputTokens: 0, outputTokens: 0 },
      model: this.#llm.model,
    };
  }
}

const NONE: EvidenceTree = { confidence: 0, page: null, text: null };

/**
 * The model's answer for a weak field when it is to replace the local one, else null. The model's
 * answer is taken where the local engine has none, where it is the local answer read right (OCR
 * misread it), and where the local engine found it too, where such a field's value stands, and
 * weighed it close to its own answer. A value printed elsewhere, or not at all, never replaces a
 * local answer.
 */
function choose(
  field: Field,
  local: ExtractionResult,
  asked: ExtractionResult,
  weighed: WeighedValue[],
): { value: FieldValue; evidence: EvidenceTree } | null {
  const value = asked.data[field.name] ?? null;
  const modelEvidence = asked.evidence[field.name] ?? NONE;
  if (isEmpty(value)) return null;
  if (isEmpty(local.data[field.name])) return { value, evidence: modelEvidence };
  const localValue = local.data[field.name]!;
  const localEvidence = local.evidence[field.name];
  const localConfidence = treeConfidence(localEvidence);
  if (field.kind === 'object' || field.kind === 'array') {
    return treeConfidence(modelEvidence) > localConfidence ? { value, evidence: modelEvidence } : null;
  }
  if (sameValue(field, localValue, value)) {
    if (typeof value !== 'string' || value === localValue || !isEvidence(localEvidence)) return null;
    // The same reading, written otherwise: the model read the letters OCR misread.
    return { value, evidence: { ...localEvidence, engine: 'llm', note: MISREAD_NOTE } };
  }
  if (fullerReading(value, localValue, modelEvidence, localEvidence)) {
    return { value, evidence: { ...(modelEvidence as Evidence), confidence: localConfidence } };
  }
  if (treeConfidence(modelEvidence) < GROUNDED_CONFIDENCE) return null;
  const rival = weighed.find((w) => w.placed && sameValue(field, w.value, value));
  if (!rival || rival.confidence < RIVAL_SHARE * localConfidence) return null;
  const confidence = Math.min(GROUNDED_CONFIDENCE, Math.max(rival.confidence, localConfidence));
  return { value, evidence: { ...(modelEvidence as Evidence), confidence } };
}

/**
 * The model's value holds the local one (as OCR read it) and stands where the local one was read:
 * the local engine read part of the value ("Jalan Manis 4 …" where the line says "14 Jalan Manis 4 …",
 * an address's last line of three). Never a shorter value: a part of the right answer is wrong.
 */
function fullerReading(
  value: FieldValue,
  localValue: FieldValue,
  modelEvidence: EvidenceTree,
  localEvidence: EvidenceTree | undefined,
): boolean {
  if (typeof value !== 'string' || typeof localValue !== 'string') return false;
  if (!isEvidence(modelEvidence) || !isEvidence(localEvidence)) return false;
  if (modelEvidence.page === null || modelEvidence.page !== localEvidence.page) return false;
  if (!overlaps(modelEvidence, localEvidence)) return false;
  const whole = foldLookAlikes(value);
  const part = foldLookAlikes(localValue);
  if (part.length >= whole.length || part.length < 4) return false;
  return whole.includes(part) || approximateFind(whole, part, misreadBudget(part.length)) !== null;
}

/** Two places on one page that share some of it: boxes that meet, the same cell or paragraph. */
function overlaps(a: Evidence, b: Evidence): boolean {
  if (a.bbox && b.bbox)
    return a.bbox[0] < b.bbox[2] && b.bbox[0] < a.bbox[2] && a.bbox[1] < b.bbox[3] && b.bbox[1] < a.bbox[3];
  if (a.cell !== undefined || b.cell !== undefined) return a.cell === b.cell;
  if (a.paragraph !== undefined && b.paragraph !== undefined) return a.paragraph === b.paragraph;
  return a.text !== null && b.text !== null && (a.text.includes(b.text) || b.text.includes(a.text));
}

function isEmpty(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

/** The local answer and the other values the local engine weighed for a weak field, as hints. */
function hintsOf(field: Field, local: ExtractionResult, weighed: WeighedValue[]): FieldHint[] {
  const hints: FieldHint[] = [];
  const tree = local.evidence[field.name];
  if (!isEmpty(local.data[field.name])) {
    hints.push({
      field: field.name,
      value: local.data[field.name],
      confidence: treeConfidence(tree),
      text: isEvidence(tree) ? tree.text : null,
    });
  }
  for (const w of weighed) {
    if (hints.length >= HINTS_PER_FIELD) break;
    if (hints.some((h) => JSON.stringify(h.value) === JSON.stringify(w.value))) continue;
    hints.push({ field: field.name, value: w.value, confidence: w.confidence, text: w.text });
  }
  return hints;
}

/** Every leaf of a tree with a note added. */
function noted(tree: EvidenceTree, note: string): EvidenceTree {
  if (isEvidence(tree)) return { ...tree, note: tree.note ? `${tree.note}; ${note}` : note };
  if (Array.isArray(tree)) return tree.length === 0 ? [] : tree.map((t) => noted(t, note));
  return Object.fromEntries(Object.entries(tree).map(([k, t]) => [k, noted(t, note)]));
}
