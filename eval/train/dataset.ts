/**
 * The scorer's training data: for every labelled document, every wording and every field the local
 * engine answers with a value (scalars, lists of scalars, the properties of objects; not line
 * items), the values the routes found, each as its feature row and whether it is the right answer
 * by the corpus rules. Documents are read as the eval reads them (its cache included).
 */
import type { Document } from '../../src/documents/model.ts';
import { profileField } from '../../src/engines/local/field-profile.ts';
import { FEATURE_NAMES, featureRows, noneRow } from '../../src/engines/local/learned/features.ts';
import { fieldHints, readingOf, valuesFor } from '../../src/engines/local/local-engine.ts';
import { chooseMany, handChoice, type RankedValue } from '../../src/engines/local/select.ts';
import type { Field } from '../../src/fields/field.ts';
import type { Corpus, Half } from '../corpus.ts';
import type { DocumentCache } from '../document-cache.ts';
import { type ReadingDeps, readCases } from '../read-cases.ts';
import { scoreField } from '../score.ts';

/** One field of one document under one wording: its values' rows, which are right, and what the routes' own choice scored. */
export interface FieldSample {
  corpus: string;
  file: string;
  half: Half;
  wording: string;
  /** The config.yaml path of the field ("total", "customer.name"). */
  field: string;
  /** one: a scalar (the best value or null); many: a list (every right value). */
  kind: 'one' | 'many';
  expected: unknown;
  rows: number[][];
  /** The row that stands for answering null. */
  none: number[];
  /** Per row: 1 when the value alone is a right answer (for a list: one of the expected members). */
  right: number[];
  /** The values' keys, for scoring a list by the corpus rules. */
  values: unknown[];
  /** The score (0–1) the routes' own choice got on this field. */
  hand: number;
}

export interface CorpusSamples {
  corpus: string;
  features: string[];
  samples: FieldSample[];
}

export async function corpusSamples(
  corpus: Corpus,
  deps: ReadingDeps,
  options: { cache?: DocumentCache; log: (line: string) => void },
): Promise<CorpusSamples> {
  const samples: FieldSample[] = [];
  const config = corpus.wordings[0]!.fields;
  for await (const read of readCases(corpus, corpus.cases, deps, options)) {
    if (!read.document) continue;
    for (const wording of corpus.wordings) {
      const document: Document = structuredClone(read.document);
      const { view, hints } = readingOf(document);
      const visit = (field: Field, target: Field, expected: unknown, path: string, parent?: Field) => {
        if (expected === undefined) return;
        if (field.kind === 'object' && target.kind === 'object') {
          const got = (expected ?? {}) as Record<string, unknown>;
          field.properties.forEach((p, i) => {
            const t = target.properties[i];
            if (t) visit(p, t, expected === null ? null : got[t.name], `${path}.${t.name}`, field);
          });
          return;
        }
        if (field.kind === 'array' && field.items.kind === 'object') return;
        const profile = profileField(field, parent);
        const many = field.kind === 'array';
        const ranked: RankedValue[] = valuesFor(view, profile, fieldHints(field, hints), { standIns: !many });
        const values = ranked.map((c) => c.candidate.value);
        const right = values.map((v) => rightValue(expected, v, many));
        const handAnswer = many
          ? chooseMany(ranked).map((c) => c.candidate.value)
          : (handChoice(ranked)?.candidate.value ?? null);
        samples.push({
          corpus: corpus.name,
          file: read.case.file,
          half: read.case.half,
          wording: wording.name,
          field: path,
          kind: many ? 'many' : 'one',
          expected,
          rows: featureRows(view, profile, ranked),
          none: noneRow(view, profile, ranked),
          right,
          values,
          hand: scoreField(expected, handAnswer),
        });
      };
      wording.fields.forEach((field, i) => {
        const target = config[i]!;
        visit(field, target, read.case.expected[target.name], target.name);
      });
    }
  }
  return { corpus: corpus.name, features: [...FEATURE_NAMES], samples };
}

/** A value is right alone: the answer itself (a scalar), or one of the members (a list). */
function rightValue(expected: unknown, value: unknown, many: boolean): number {
  if (expected === null || expected === undefined) return 0;
  if (many) {
    const members = Array.isArray(expected) ? expected : [expected];
    return members.some((m) => scoreField(m, value) === 1) ? 1 : 0;
  }
  return scoreField(expected, value) === 1 ? 1 : 0;
}
