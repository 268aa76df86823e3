import type { BBox, Document } from '../documents/model.ts';
import type { Field, FieldValue } from '../fields/field.ts';

/** Where a value was found (../shared/spec/decisions.md, success body): page and one of bbox, cell or paragraph. */
export interface Evidence {
  confidence: number;
  page: number | null;
  bbox?: [number, number, number, number];
  cell?: string;
  paragraph?: number;
  text: string | null;
  /** How the value was found: label, table, prose, type, layout. */
  source?: string;
  /** Why a value is null or doubtful ("not found in the document", "required field not found"). */
  note?: string;
  /** Which engine answered, where more than one may (llm, hybrid). */
  engine?: 'local' | 'llm';
}

export type EvidenceTree = Evidence | EvidenceTree[] | { [key: string]: EvidenceTree };

/** Tokens a language model used for one call, as its provider counted them. */
export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
}

export interface ExtractionResult {
  data: Record<string, FieldValue>;
  evidence: Record<string, EvidenceTree>;
  /** Set by the engines that ask a model (llm, hybrid); absent for the local engine. */
  usage?: TokenCounts;
  /** The model asked (llm, hybrid when it asked one). */
  model?: string;
  /** Why hybrid answered with the local engine's answers alone: the model's failure, as an error code. */
  fallback?: string;
}

/** A page of the document drawn as a PNG, in memory (for a model that reads images: LLM_VISION). */
export interface PageImage {
  /** 1-based. */
  page: number;
  png: Uint8Array;
}

/** Draws the given pages of the document being extracted, each within `pixels`; [] where it cannot. */
export type DrawPages = (pages: number[], pixels: number, signal?: AbortSignal) => Promise<PageImage[]>;

export interface ExtractOptions {
  signal?: AbortSignal;
  /** The document's pages as pictures, drawn on demand from the upload; engines that ignore images ignore it. */
  pageImages?: DrawPages;
}

export interface ExtractionEngine {
  readonly name: string;
  extract(document: Document, fields: Field[], options?: ExtractOptions): Promise<ExtractionResult>;
}

/** A value an engine weighed for a field, with where it stands (hybrid's hints and its grounding). */
export interface WeighedValue {
  value: FieldValue;
  /** The confidence it would be answered with. */
  confidence: number;
  page: number;
  /** The line it was read from. */
  text: string;
  /** Where on the page the lines it was read from stand, in points (absent where the page has no geometry). */
  boxes?: BBox[];
  /**
   * Found where such a field's value stands: beside a label that names the field, in its column, in
   * its place on the page; not merely a value of the field's type printed somewhere.
   */
  placed: boolean;
}

/** An engine that can say which values it weighed for each scalar field, likeliest first. */
export interface WeighingEngine extends ExtractionEngine {
  weigh(document: Document, fields: Field[]): Promise<Record<string, WeighedValue[]>>;
}

export function canWeigh(engine: ExtractionEngine): engine is WeighingEngine {
  return typeof (engine as Partial<WeighingEngine>).weigh === 'function';
}
