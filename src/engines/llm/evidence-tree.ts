import type { Evidence, EvidenceTree } from '../engine.ts';

export function isEvidence(tree: EvidenceTree | undefined): tree is Evidence {
  return (
    typeof tree === 'object' && tree !== null && !Array.isArray(tree) && typeof tree.confidence === 'number'
  );
}

/** The weakest confidence in a tree (an empty list, or a missing branch: 0). */
export function treeConfidence(tree: EvidenceTree | undefined): number {
  if (tree === undefined) return 0;
  if (isEvidence(tree)) return tree.confidence;
  const branches = Array.isArray(tree) ? tree : Object.values(tree);
  return branches.length === 0 ? 0 : Math.min(...branches.map(treeConfidence));
}

/** The first place a tree points at, as a key: "page:bbox|cell|paragraph", or '' when nowhere. */
export function locationKey(tree: EvidenceTree | undefined): string {
  if (tree === undefined) return '';
  if (isEvidence(tree)) {
    if (tree.page === null) return '';
    return `${tree.page}:${tree.cell ?? tree.bbox?.join(',') ?? tree.paragraph ?? tree.text ?? ''}`;
  }
  for (const branch of Array.isArray(tree) ? tree : Object.values(tree)) {
    const key = locationKey(branch);
    if (key) return key;
  }
  return '';
}

/** Marks every leaf with the engine that answered it. */
export function tagEngine(tree: EvidenceTree, engine: 'local' | 'llm'): EvidenceTree {
  if (isEvidence(tree)) return { ...tree, engine };
  if (Array.isArray(tree)) return tree.map((t) => tagEngine(t, engine));
  return Object.fromEntries(Object.entries(tree).map(([k, t]) => [k, tagEngine(t, engine)]));
}
