import type { ErrorItem } from '../../errors.ts';
import type { Field } from '../field.ts';
import {
  readAliases,
  readDateOrder,
  readDescription,
  readEnumValues,
  readRequiredFlag,
  readRequiredNames,
} from './field-attributes.ts';
import { resolveKind } from './field-types.ts';
import type { ConfigLimits } from './limits.ts';
import { joinPath, lookup, presentValue, pushIssue, type SourceMap, type SourceNode } from './source-tree.ts';

export interface TreeBuild {
  issues: ErrorItem[];
  limits: ConfigLimits;
  /** Field nodes seen so far, nested ones and array items included. */
  fieldCount: number;
}

const MAX_NAME_LENGTH = 128;
/** Names that would reach Object.prototype when a client's code indexes a result object by them. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The fields listed under an object's `properties`, in the order written. `depth` is the depth of
 * those fields: 1 for the root's own properties.
 */
export function readProperties(map: SourceMap, path: string, depth: number, build: TreeBuild): Field[] {
  const propertiesPath = joinPath(path, 'properties');
  const node = presentValue(map, 'properties');
  if (node?.kind !== 'map' || node.entries.length === 0) {
    const message =
      node === undefined || node.kind === 'map'
        ? 'List at least one field under properties.'
        : 'Make properties a mapping from each field name to its description.';
    pushIssue(build.issues, propertiesPath, message, node?.at ?? map.at);
    return [];
  }
  const names = new Set(node.entries.flatMap((e) => (e.key === undefined ? [] : [e.key])));
  const required = readRequiredNames(map, path, names, build.issues);
  const seen = new Set<string>();
  const fields: Field[] = [];
  for (const { key, keyAt, value } of node.entries) {
    const fieldPath = joinPath(propertiesPath, key ?? '?');
    const problem = nameProblem(key, seen);
    if (problem !== undefined) pushIssue(build.issues, fieldPath, problem, keyAt ?? value.at);
    if (key === undefined) continue;
    seen.add(key);
    const field = readField(key, value, fieldPath, depth, build, required.has(key));
    if (field !== undefined && problem === undefined) fields.push(field);
  }
  return fields;
}

function nameProblem(key: string | undefined, seen: ReadonlySet<string>): string | undefined {
  if (key === undefined) return 'Field names must be plain text, not a list or a mapping.';
  if (key.trim() === '') return 'Field names must not be empty.';
  if (key.length > MAX_NAME_LENGTH) return `Field names must be at most ${MAX_NAME_LENGTH} characters long.`;
  if (RESERVED_NAMES.has(key))
    return 'This field name is reserved (__proto__, constructor, prototype); choose another.';
  if (key === '<<') return 'Merge keys (<<) are not supported; write the fields out in full.';
  if (seen.has(key)) return 'This field name appears twice in the same object; rename one of them.';
  return undefined;
}

/** One field node and, for arrays and objects, everything below it. */
function readField(
  name: string,
  node: SourceNode,
  path: string,
  depth: number,
  build: TreeBuild,
  requiredByParent: boolean,
): Field | undefined {
  const { issues, limits } = build;
  build.fieldCount += 1;
  if (build.fieldCount === limits.maxFields + 1) {
    pushIssue(
      issues,
      path,
      `A configuration may hold at most ${limits.maxFields} fields, nested ones included; remove some.`,
      node.at,
    );
  }
  if (build.fieldCount > limits.maxFields) return undefined;
  if (depth > limits.maxDepth) {
    pushIssue(
      issues,
      path,
      `Fields may be nested at most ${limits.maxDepth} levels deep; flatten this part.`,
      node.at,
    );
    return undefined;
  }
  if (node.kind !== 'map') {
    pushIssue(issues, path, 'Describe this field as a mapping with a type, e.g. { type: string }.', node.at);
    return undefined;
  }
  if (lookup(node, '<<') !== undefined) {
    pushIssue(
      issues,
      joinPath(path, '<<'),
      'Merge keys (<<) are not supported; write the entries out in full.',
      node.at,
    );
  }
  const kind = resolveKind(node, path, issues);
  const base = {
    name,
    path,
    description: readDescription(node, path, issues),
    required: readRequiredFlag(node, path, kind === 'object', issues) || requiredByParent,
    aliases: readAliases(node, path, issues),
  };
  const dateOrder = readDateOrder(node, path, kind === 'date' || kind === 'datetime', issues);
  switch (kind) {
    case undefined:
      return undefined;
    case 'date':
    case 'datetime':
      return dateOrder === undefined ? { ...base, kind } : { ...base, kind, dateOrder };
    case 'enum':
      return { ...base, kind, values: readEnumValues(node, path, issues) };
    case 'array':
      return readArray(node, base, depth, build);
    case 'object':
      return { ...base, kind, properties: readProperties(node, path, depth + 1, build) };
    default:
      return { ...base, kind };
  }
}

function readArray(
  node: SourceMap,
  base: { name: string; path: string; description: string; required: boolean; aliases: string[] },
  depth: number,
  build: TreeBuild,
): Field | undefined {
  const itemsPath = joinPath(base.path, 'items');
  const items = presentValue(node, 'items');
  if (items === undefined) {
    const message = 'An array field needs items describing one element, e.g. items: { type: string }.';
    pushIssue(build.issues, itemsPath, message, node.at);
    return undefined;
  }
  // The element is written out under the array's own name: it is "one of" the array.
  const element = readField(base.name, items, itemsPath, depth + 1, build, false);
  return element === undefined ? undefined : { ...base, kind: 'array', items: element };
}
