/**
 * The engine run on one read document under every wording, as the service would run it for users
 * who worded their fields each their own way; answers come back under config.yaml's field names,
 * so that cases.jsonl scores every wording alike.
 */
import type { Document } from '../src/documents/model.ts';
import type { DrawPages, EvidenceTree, ExtractionEngine, TokenCounts } from '../src/engines/engine.ts';
import { runEngine } from '../src/extraction/extract-document.ts';
import type { FieldValue } from '../src/fields/field.ts';
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
  configNames: string[],
  deps: ReadingDeps & { engine: ExtractionEngine },
  pageImages?: DrawPages,
): Promise<WordingRun[]> {
  const runs: WordingRun[] = [];
  for (const wording of wordings) {
    // Each run gets its own copy, as each request does: what one run leaves on it must not help the next.
    const prepared = {
      fields: wording.fields,
      document: structuredClone(document),
      ...(pageImages ? { pageImages } : {}),
    };
    const t0 = performance.now();
    try {
      const result = await runEngine(prepared, deps);
      const engineMs = performance.now() - t0;
      const data: Record<string, FieldValue> = {};
      const evidence: Record<string, EvidenceTree> = {};
      wording.fields.forEach((field, i) => {
        const name = configNames[i]!;
        if (field.name in result.data) data[name] = result.data[field.name]!;
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
