import { type Alias, isAlias, isMap, isScalar, isSeq, type LineCounter, type Node } from 'yaml';
import { AppError } from '../../errors.ts';
import { MAX_YAML_NESTING } from './limits.ts';
import {
  type Position,
  positionAt,
  type SourceEntry,
  type SourceNode,
  type SourceScalar,
} from './source-tree.ts';

interface Expansion {
  targets: Map<Alias, Node>;
  lineCounter: LineCounter;
  /** Nodes produced through aliases so far, against maxAliasNodes. */
  expanded: number;
  maxAliasNodes: number;
  /** Keys and indexes leading to the node being built, turned into a path only when a limit trips. */
  trail: (string | number)[];
}

/**
 * Builds the plain tree, expanding aliases as it goes. Every node produced through an alias counts
 * against maxAliasNodes, so a document whose aliases multiply (a "billion laughs") stops after a
 * bounded amount of work instead of exhausting memory.
 */
export function expandTree(
  root: Node,
  targets: Map<Alias, Node>,
  lineCounter: LineCounter,
  maxAliasNodes: number,
): SourceNode {
  const expansion: Expansion = { targets, lineCounter, expanded: 0, maxAliasNodes, trail: [] };
  return convert(root, 0, false, expansion);
}

function convert(node: unknown, depth: number, viaAlias: boolean, ex: Expansion): SourceNode {
  if (isAlias(node)) {
    const target = ex.targets.get(node);
    return target === undefined ? nullScalar(at(node, ex)) : convert(target, depth, true, ex);
  }
  if (viaAlias) charge(node, ex);
  if (depth > MAX_YAML_NESTING) {
    throw limitError(
      node,
      ex,
      `The configuration is nested more than ${MAX_YAML_NESTING} levels deep; flatten it.`,
    );
  }
  if (isScalar(node)) return { kind: 'scalar', value: node.value, text: scalarText(node), at: at(node, ex) };
  if (isSeq(node)) {
    const items = node.items.map((item, index) =>
      within(index, ex, () => convert(item, depth + 1, viaAlias, ex)),
    );
    return { kind: 'seq', items, at: at(node, ex) };
  }
  if (isMap(node)) {
    const entries = node.items.map((pair) => convertPair(pair, depth, viaAlias, ex));
    return { kind: 'map', entries, at: at(node, ex) };
  }
  return nullScalar(undefined);
}

function convertPair(
  pair: { key: unknown; value: unknown },
  depth: number,
  viaAlias: boolean,
  ex: Expansion,
): SourceEntry {
  const key = keyText(pair.key, viaAlias, ex);
  const keyAt = isScalar(pair.key) || isAlias(pair.key) ? at(pair.key, ex) : undefined;
  const value =
    pair.value === null || pair.value === undefined
      ? nullScalar(keyAt)
      : within(key ?? '?', ex, () => convert(pair.value, depth + 1, viaAlias, ex));
  return { key, keyAt, value };
}

/** Keys are read as the client wrote them; a key that is a mapping or a list has no usable text. */
function keyText(key: unknown, viaAlias: boolean, ex: Expansion): string | undefined {
  if (key === null || key === undefined) return '';
  if (isAlias(key)) {
    const target = ex.targets.get(key);
    if (!isScalar(target)) return undefined;
    charge(target, ex);
    return scalarText(target);
  }
  if (!isScalar(key)) return undefined;
  if (viaAlias) charge(key, ex);
  return scalarText(key);
}

function scalarText(node: { source?: string; value: unknown }): string {
  return node.source ?? String(node.value);
}

function charge(node: unknown, ex: Expansion): void {
  ex.expanded += 1;
  if (ex.expanded > ex.maxAliasNodes) {
    throw limitError(
      node,
      ex,
      `Aliases (*name) expand this configuration beyond ${ex.maxAliasNodes} nodes; write the repeated parts out or reuse them less.`,
    );
  }
}

function within<T>(step: string | number, ex: Expansion, build: () => T): T {
  ex.trail.push(step);
  try {
    return build();
  } finally {
    ex.trail.pop();
  }
}

function limitError(node: unknown, ex: Expansion, message: string): AppError {
  const position = at(node, ex);
  const path = ex.trail.join('.');
  return new AppError('invalid_config', {
    errors: [position === undefined ? { path, message } : { path, message, ...position }],
  });
}

function at(node: unknown, ex: Expansion): Position | undefined {
  const range = (node as { range?: [number, number, number] | null } | null)?.range;
  return range ? positionAt(ex.lineCounter, range[0]) : undefined;
}

function nullScalar(position: Position | undefined): SourceScalar {
  return { kind: 'scalar', value: null, text: '', at: position };
}
