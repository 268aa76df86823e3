import type { Field } from '../field.ts';
import { readProperties, type TreeBuild } from './field-node.ts';
import { kindOfTypeWord, resolveKind } from './field-types.ts';
import { joinPath, lookup, presentValue, pushIssue, type SourceMap, type SourceNode } from './source-tree.ts';

/**
 * The field tree of a whole configuration. Two shapes are accepted: ours, with the fields under
 * `schemas.data`, and a bare JSON Schema object, whose paths then start at its own root.
 */
export function readConfigRoot(tree: SourceNode, build: TreeBuild): Field[] {
  if (tree.kind !== 'map') {
    const message =
      'The configuration must be a mapping with a schemas.data section, or a JSON Schema object.';
    pushIssue(build.issues, '', message, tree.at);
    return [];
  }
  const root = locateRoot(tree, build);
  return root === undefined ? [] : readRootObject(root.map, root.path, build);
}

function locateRoot(tree: SourceMap, build: TreeBuild): { map: SourceMap; path: string } | undefined {
  const schemas = lookup(tree, 'schemas');
  if (schemas === undefined) {
    if (isJsonSchemaRoot(tree)) return { map: tree, path: '' };
    const message =
      'Describe the fields under schemas.data.properties, or send a JSON Schema with properties.';
    pushIssue(build.issues, '', message, tree.at);
    return undefined;
  }
  if (schemas.value.kind !== 'map') {
    pushIssue(build.issues, 'schemas', 'Make schemas a mapping that holds a data section.', schemas.value.at);
    return undefined;
  }
  const data = lookup(schemas.value, 'data');
  if (data?.value.kind !== 'map') {
    const message = 'Add a data section under schemas, with type: object and the fields under properties.';
    pushIssue(build.issues, 'schemas.data', message, data?.value.at ?? schemas.value.at);
    return undefined;
  }
  return { map: data.value, path: 'schemas.data' };
}

function isJsonSchemaRoot(tree: SourceMap): boolean {
  if (lookup(tree, 'properties') !== undefined || lookup(tree, '$schema') !== undefined) return true;
  const type = presentValue(tree, 'type');
  return type?.kind === 'scalar' && typeof type.value === 'string' && kindOfTypeWord(type.value) === 'object';
}

/** The root is always an object; `type` may be left out when `properties` is there. */
function readRootObject(map: SourceMap, path: string, build: TreeBuild): Field[] {
  if (presentValue(map, 'type') !== undefined) {
    const kind = resolveKind(map, path, build.issues);
    if (kind !== undefined && kind !== 'object') {
      const typeAt = lookup(map, 'type')?.value.at;
      pushIssue(build.issues, joinPath(path, 'type'), 'The data schema must have type object.', typeAt);
    }
  }
  return readProperties(map, path, 1, build);
}
