import { type Alias, isAlias, isMap, isScalar, isSeq, type Node } from 'yaml';
import { MAX_YAML_NESTING } from './limits.ts';

/** What one pass over the unexpanded document learns: alias targets and the problems found on the way. */
export interface AnchorIndex {
  targets: Map<Alias, Node>;
  /** Offsets of keys repeated within one mapping. */
  duplicateKeys: number[];
  /** Offsets of aliases that name no anchor written before them. */
  unknownAliases: number[];
  /** Offset of the first node nested deeper than MAX_YAML_NESTING, if any. */
  tooDeepAt: number | undefined;
}

interface Walk extends AnchorIndex {
  anchors: Map<string, Node>;
}

/**
 * Resolves every alias once, in document order, so expansion later is a map lookup rather than the
 * yaml package's per-alias document search. Duplicate keys are checked here too because the package's
 * own check is quadratic in the number of keys.
 */
export function indexAnchors(root: Node | null): AnchorIndex {
  const walk: Walk = {
    anchors: new Map(),
    targets: new Map(),
    duplicateKeys: [],
    unknownAliases: [],
    tooDeepAt: undefined,
  };
  if (root !== null) visit(root, 0, walk);
  return {
    targets: walk.targets,
    duplicateKeys: walk.duplicateKeys,
    unknownAliases: walk.unknownAliases,
    tooDeepAt: walk.tooDeepAt,
  };
}

function visit(node: unknown, depth: number, walk: Walk): void {
  if (isAlias(node)) {
    const target = walk.anchors.get(node.source);
    if (target === undefined) walk.unknownAliases.push(startOf(node));
    else walk.targets.set(node, target);
    return;
  }
  if (!isMap(node) && !isSeq(node) && !isScalar(node)) return;
  if (depth > MAX_YAML_NESTING) {
    walk.tooDeepAt ??= startOf(node);
    return;
  }
  if (isMap(node)) visitMap(node.items, depth, walk);
  if (isSeq(node)) for (const item of node.items) visit(item, depth + 1, walk);
  // Registered after the children: an alias inside its own anchor would make a cycle.
  if (node.anchor) walk.anchors.set(node.anchor, node);
}

function visitMap(pairs: { key: unknown; value: unknown }[], depth: number, walk: Walk): void {
  const seen = new Set<string>();
  for (const pair of pairs) {
    if (isScalar(pair.key)) {
      // Same rule as YAML's: keys collide when their resolved values are equal.
      const identity = `${typeof pair.key.value}:${String(pair.key.value)}`;
      if (seen.has(identity)) walk.duplicateKeys.push(startOf(pair.key));
      seen.add(identity);
    }
    visit(pair.key, depth + 1, walk);
    visit(pair.value, depth + 1, walk);
  }
}

function startOf(node: { range?: [number, number, number] | null }): number {
  return node.range?.[0] ?? 0;
}
