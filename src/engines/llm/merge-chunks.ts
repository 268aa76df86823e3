import type { Field, FieldValue } from '../../fields/field.ts';
import type { EvidenceTree } from '../engine.ts';
import { isEvidence, treeConfidence } from './evidence-tree.ts';
import type { Found } from './found.ts';
import { mergeMembers } from './list-members.ts';
import { isObject } from './parse-answer.ts';

/**
 * Answers of successive chunks merged into one: a scalar keeps the best-grounded answer (the first
 * one on a tie), an object merges property by property, and lists are merged member by member
 * (list-members.ts: a member another chunk already gave is left out).
 */
export function mergeFound(field: Field, answers: Found[]): Found {
  if (field.kind === 'array') return mergeMembers(answers);
  if (field.kind === 'object') {
    const objects = answers.filter((a) => isObject(a.value));
    if (objects.length === 0) return answers[0]!;
    const value: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const p of field.properties) {
      const merged = mergeFound(
        p,
        objects.map((a) => ({
          value: (a.value as Record<string, FieldValue>)[p.name] ?? null,
          evidence: branch(a.evidence, p.name),
        })),
      );
      value[p.name] = merged.value;
      evidence[p.name] = merged.evidence;
    }
    return { value, evidence };
  }
  return answers.reduce((a, b) => {
    if (b.value === null) return a;
    if (a.value === null) return b;
    return treeConfidence(b.evidence) > treeConfidence(a.evidence) ? b : a;
  });
}

function branch(tree: EvidenceTree, name: string): EvidenceTree {
  if (isEvidence(tree) || Array.isArray(tree)) return tree;
  return tree[name] ?? { confidence: 0, page: null, text: null };
}
