/**
 * The engine run on one read document under every wording, as the service would run it for users
 * who worded their fields each their own way; answers come back under config.yaml's field names,
 * so that cases.jsonl scores every wording alike.
 */
import type { Document, ReadAgain } from '../src/documents/model.ts';
import type { DrawPages, EvidenceTree, ExtractionEngine, TokenCounts } from '../src/engines/engine.ts';
import { runEngine } from '../src/extraction/extract-document.ts';
import type { Field, FieldValue } from '../src/fields/field.ts';
import type { Wording } from './corpus.ts';
import type { ReadingDeps } from './read-cases.ts';

export interface WordingRun {
  wording: Wording;
  /** Keyed by config.yaml's field names. */
  data: Record<string, FieldValue>;
  evidence: Record<string, EvidenceTree>;
  engineMs: number;
  /** The model's tokens (llm, hybrid); absent for the local engine. */
  usage?: TokenCounts;
  failure?: string;
}

export async function runWordings(
  document: Document,
  wordings: Wording[],
  configFields: Field[],
  deps: ReadingDeps & { engine: ExtractionEngine },
  pageImages?: DrawPages,
  readAgain?: ReadAgain,
): Promise<WordingRun[]> {
  const runs: WordingRun[] = [];
  for (const wording of wordings) {
    // Each run gets its own copy, as each request does: what one run leaves on it must not help the next.
    const prepared = {
      fields: wording.fields,
      document: structuredClone(document),
      ...(pageImages ? { pageImages } : {}),
      ...(readAgain ? { readAgain } : {}),
    };
    const t0 = performance.now();
    try {
      const result = await runEngine(prepared, deps);
      const engineMs = performance.now() - t0;
      const data: Record<string, FieldValue> = {};
      const evidence: Record<string, EvidenceTree> = {};
      wording.fields.forEach((field, i) => {
        const target = configFields[i]!;
        const name = target.name;
        if (field.name in result.data) data[name] = asConfigNames(result.data[field.name]!, field, target);
        if (field.name in result.evidence) evidence[name] = result.evidence[field.name]!;
      });
      runs.push({ wording, data, evidence, engineMs, ...(result.usage ? { usage: result.usage } : {}) });
    } catch (error) {
      const failure = (error as { code?: string }).code ?? 'exception';
      runs.push({ wording, data: {}, evidence: {}, engineMs: performance.now() - t0, failure });
    }
  }
  return runs;
}

/**
 * A value under the wording's property names, renamed to config.yaml's by position (property *i* of
 * an object of the wording is property *i* of config.yaml's), so that line items score alike.
 */
export function asConfigNames(value: FieldValue, field: Field, target: Field): FieldValue {
  if (value === null) return value;
  if (field.kind === 'array' && target.kind === 'array' && Array.isArray(value))
    return value.map((item) => asConfigNames(item, field.items, target.items));
  if (
    field.kind === 'object' &&
    target.kind === 'object' &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    const renamed: Record<string, FieldValue> = {};
    field.properties.forEach((p, i) => {
      const to = target.properties[i];
      if (to && p.name in value) renamed[to.name] = asConfigNames(value[p.name]!, p, to);
    });
    return renamed;
  }
  return value;
}
