import type { Field, FieldValue } from '../../fields/field.ts';
import type { EvidenceTree } from '../engine.ts';
import { isEvidence, locationKey, treeConfidence } from './evidence-tree.ts';
import type { Found } from './ground.ts';
import { isObject } from './parse-answer.ts';

/**
 * Answers of successive chunks merged into one: a scalar keeps the best-grounded answer (the first
 * one on a tie), an object merges property by property, and lists are concatenated, an item that an
 * earlier chunk already gave (same value at the same place) left out.
 */
export function mergeFound(field: Field, a: Found, b: Found): Found {
  if (field.kind === 'array') return mergeLists(a, b);
  if (field.kind === 'object') {
    if (!isObject(a.value)) return b;
    if (!isObject(b.value)) return a;
    const value: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const p of field.properties) {
      const merged = mergeFound(
        p,
        {
          value: (a.value as Record<string, FieldValue>)[p.name] ?? null,
          evidence: branch(a.evidence, p.name),
        },
        {
          value: (b.value as Record<string, FieldValue>)[p.name] ?? null,
          evidence: branch(b.evidence, p.name),
        },
      );
      value[p.name] = merged.value;
      evidence[p.name] = merged.evidence;
    }
    return { value, evidence };
  }
  if (b.value === null) return a;
  if (a.value === null) return b;
  return treeConfidence(b.evidence) > treeConfidence(a.evidence) ? b : a;
}

function mergeLists(a: Found, b: Found): Found {
  const values = [...(a.value as FieldValue[])];
  const evidence = [...(a.evidence as EvidenceTree[])];
  const seen = new Set(values.map((v, i) => itemKey(v, evidence[i])));
  (b.value as FieldValue[]).forEach((v, i) => {
    const e = (b.evidence as EvidenceTree[])[i]!;
    const key = itemKey(v, e);
    if (seen.has(key)) return;
    seen.add(key);
    values.push(v);
    evidence.push(e);
  });
  return { value: values, evidence };
}

/** An item of a list: the same value at the same place (or nowhere) is the same item. */
export function itemKey(value: FieldValue, evidence: EvidenceTree | undefined): string {
  return `${JSON.stringify(value)}@${locationKey(evidence)}`;
}

function branch(tree: EvidenceTree, name: string): EvidenceTree {
  if (isEvidence(tree) || Array.isArray(tree)) return tree;
  return tree[name] ?? { confidence: 0, page: null, text: null };
}
