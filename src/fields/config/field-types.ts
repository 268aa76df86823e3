import type { ErrorItem } from '../../errors.ts';
import type { FieldKind } from '../field.ts';
import { joinPath, lookup, presentValue, pushIssue, type SourceMap, type SourceNode } from './source-tree.ts';

export const ALLOWED_TYPES = 'string, double, integer, boolean, date, datetime, enum, array, object';

/** Type words and their aliases, lower case. A Map, so "constructor" is not found on a prototype. */
const TYPE_WORDS = new Map<string, FieldKind>([
  ['string', 'string'],
  ['text', 'string'],
  ['double', 'double'],
  ['number', 'double'],
  ['float', 'double'],
  ['decimal', 'double'],
  ['integer', 'integer'],
  ['int', 'integer'],
  ['boolean', 'boolean'],
  ['bool', 'boolean'],
  ['date', 'date'],
  ['datetime', 'datetime'],
  ['date-time', 'datetime'],
  ['date_time', 'datetime'],
  ['enum', 'enum'],
  ['array', 'array'],
  ['object', 'object'],
]);

/** Only a type word that looks like one is repeated back; anything else could be client data. */
const ECHOABLE = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

const UNSUPPORTED_SCHEMA_KEYS = ['$ref', 'oneOf', 'anyOf', 'allOf'];

/**
 * The kind of one field from its `type` (native words or JSON Schema's), refined by JSON Schema's
 * `format` and `enum`, or inferred from `properties` / `items` / `values` when `type` is absent.
 * Reports into `issues` and answers undefined when the kind cannot be told.
 */
export function resolveKind(map: SourceMap, path: string, issues: ErrorItem[]): FieldKind | undefined {
  const typePath = joinPath(path, 'type');
  const typeNode = presentValue(map, 'type');
  const kind = typeNode === undefined ? inferKind(map) : readTypeNode(typeNode, typePath, issues);
  if (typeNode === undefined && kind === undefined) {
    pushIssue(issues, typePath, missingTypeMessage(map), map.at);
  }
  return kind === undefined ? undefined : refineKind(kind, map);
}

/** The kind a type word names, case-insensitively; undefined for an unknown word. */
export function kindOfTypeWord(word: string): FieldKind | undefined {
  return TYPE_WORDS.get(word.trim().toLowerCase());
}

function readTypeNode(node: SourceNode, path: string, issues: ErrorItem[]): FieldKind | undefined {
  if (node.kind === 'seq') return readTypeUnion(node.items, path, issues);
  if (node.kind !== 'scalar' || typeof node.value !== 'string') {
    pushIssue(issues, path, `The type must be one of ${ALLOWED_TYPES}.`, node.at);
    return undefined;
  }
  const kind = kindOfTypeWord(node.value);
  if (kind === undefined) pushIssue(issues, path, unknownTypeMessage(node.value), node.at);
  return kind;
}

/** JSON Schema's nullable form, `type: [string, "null"]`: one real type plus an optional null. */
function readTypeUnion(items: SourceNode[], path: string, issues: ErrorItem[]): FieldKind | undefined {
  // Unquoted null in YAML is the null value, quoted "null" (as in JSON) is the word.
  const words = items.filter(
    (item) => !(item.kind === 'scalar' && (item.value === null || item.value === 'null')),
  );
  const only = words[0];
  if (words.length !== 1 || only === undefined) {
    pushIssue(
      issues,
      path,
      'Give a single type; a list may only add "null", e.g. [string, "null"].',
      items[0]?.at,
    );
    return undefined;
  }
  return readTypeNode(only, path, issues);
}

function inferKind(map: SourceMap): FieldKind | undefined {
  if (lookup(map, 'properties') !== undefined) return 'object';
  if (lookup(map, 'items') !== undefined) return 'array';
  if (lookup(map, 'values') !== undefined || lookup(map, 'enum') !== undefined) return 'enum';
  return formatKind(map);
}

/** A string with a date format or a list of allowed values is a date or an enum. */
function refineKind(kind: FieldKind, map: SourceMap): FieldKind {
  if (kind !== 'string') return kind;
  if (lookup(map, 'values') !== undefined || lookup(map, 'enum') !== undefined) return 'enum';
  return formatKind(map) ?? kind;
}

function formatKind(map: SourceMap): 'date' | 'datetime' | undefined {
  const format = presentValue(map, 'format');
  if (format?.kind !== 'scalar' || typeof format.value !== 'string') return undefined;
  const kind = kindOfTypeWord(format.value);
  return kind === 'date' || kind === 'datetime' ? kind : undefined;
}

function unknownTypeMessage(word: string): string {
  const trimmed = word.trim();
  return ECHOABLE.test(trimmed)
    ? `Unknown type "${trimmed}"; use one of ${ALLOWED_TYPES}.`
    : `Unknown type; use one of ${ALLOWED_TYPES}.`;
}

function missingTypeMessage(map: SourceMap): string {
  if (UNSUPPORTED_SCHEMA_KEYS.some((key) => lookup(map, key) !== undefined)) {
    return `$ref, oneOf, anyOf and allOf are not supported; give this field a type, one of ${ALLOWED_TYPES}.`;
  }
  return `Missing type; add a type, one of ${ALLOWED_TYPES}.`;
}
