import type { ErrorItem } from '../../errors.ts';
import type { DateOrder } from '../field.ts';
import { dateOrderFromFormat } from './date-format.ts';
import { joinPath, presentValue, pushIssue, type SourceMap, type SourceNode } from './source-tree.ts';

/** Hints longer than this are not date patterns, and are not worth scanning. */
const MAX_DATE_FORMAT_LENGTH = 64;

/**
 * The field's `description`, after JSON Schema's `title` when it has one ("Purchase date: The day the
 * goods were bought"): a title names the field as a person would, and is read as its description's head.
 */
export function readDescription(map: SourceMap, path: string, issues: ErrorItem[]): string {
  const title = readText(map, path, 'title', issues);
  const description = readText(map, path, 'description', issues);
  return title && description ? `${title}: ${description}` : title || description;
}

function readText(map: SourceMap, path: string, key: string, issues: ErrorItem[]): string {
  const node = presentValue(map, key);
  if (node === undefined) return '';
  if (node.kind === 'scalar') return typeof node.value === 'string' ? node.value : node.text;
  pushIssue(issues, joinPath(path, key), `The ${key} must be text.`, node.at);
  return '';
}

/** A field's own `required: true|false`. The list form belongs to objects and is read there. */
export function readRequiredFlag(
  map: SourceMap,
  path: string,
  isObject: boolean,
  issues: ErrorItem[],
): boolean {
  const node = presentValue(map, 'required');
  if (node === undefined) return false;
  if (node.kind === 'scalar' && typeof node.value === 'boolean') return node.value;
  if (node.kind === 'seq' && isObject) return false;
  const message = isObject
    ? "Set required to true or false, or to a list of this object's field names."
    : 'Set required to true or false.';
  pushIssue(issues, joinPath(path, 'required'), message, node.at);
  return false;
}

/**
 * JSON Schema's object-level `required: [name, ...]`. Every name must be one of the object's
 * properties, or the client believes a field is enforced that does not exist.
 */
export function readRequiredNames(
  map: SourceMap,
  path: string,
  propertyNames: ReadonlySet<string>,
  issues: ErrorItem[],
): Set<string> {
  const names = new Set<string>();
  const node = presentValue(map, 'required');
  if (node?.kind !== 'seq') return names;
  for (const [index, item] of node.items.entries()) {
    if (item.kind === 'scalar' && item.value !== null && propertyNames.has(item.text)) names.add(item.text);
    else {
      const message = 'This entry of required is not the name of a field listed under properties.';
      pushIssue(issues, joinPath(joinPath(path, 'required'), index), message, item.at);
    }
  }
  return names;
}

export function readAliases(map: SourceMap, path: string, issues: ErrorItem[]): string[] {
  const node = presentValue(map, 'aliases');
  const aliasesPath = joinPath(path, 'aliases');
  if (node === undefined) return [];
  // A lone label is read as a list of one: the intent is plain.
  if (node.kind === 'scalar') return [labelText(node, aliasesPath, issues)].filter((label) => label !== '');
  if (node.kind === 'map') {
    pushIssue(
      issues,
      aliasesPath,
      'Make aliases a list of alternative labels, e.g. [Invoice no, Bill no].',
      node.at,
    );
    return [];
  }
  return node.items.map((item, index) => labelText(item, joinPath(aliasesPath, index), issues));
}

function labelText(node: SourceNode, path: string, issues: ErrorItem[]): string {
  if (node.kind === 'scalar' && node.value !== null && node.text.trim() !== '') {
    return typeof node.value === 'string' ? node.value : node.text;
  }
  pushIssue(issues, path, 'Each alias must be a non-empty label.', node.at);
  return '';
}

const EMPTY_ENUM = 'An enum field needs a non-empty list of allowed values, e.g. values: [paid, unpaid].';

/** `values: [...]`, or JSON Schema's `enum: [...]`; each value kept as the text the client wrote. */
export function readEnumValues(map: SourceMap, path: string, issues: ErrorItem[]): string[] {
  const values = presentValue(map, 'values');
  const enumList = presentValue(map, 'enum');
  if (values !== undefined && enumList !== undefined) {
    pushIssue(
      issues,
      joinPath(path, 'enum'),
      'Give the allowed values once, under values or under enum.',
      enumList.at,
    );
  }
  const node = values ?? enumList;
  const listPath = joinPath(path, values === undefined && enumList !== undefined ? 'enum' : 'values');
  if (node?.kind !== 'seq') {
    pushIssue(issues, listPath, EMPTY_ENUM, node?.at ?? map.at);
    return [];
  }
  const before = issues.length;
  const out = collectEnumValues(node.items, listPath, issues);
  if (out.length === 0 && issues.length === before) pushIssue(issues, listPath, EMPTY_ENUM, node.at);
  return out;
}

function collectEnumValues(items: SourceNode[], listPath: string, issues: ErrorItem[]): string[] {
  const out: string[] = [];
  for (const [index, item] of items.entries()) {
    const itemPath = joinPath(listPath, index);
    // An explicit null (~, null) is JSON Schema's way of allowing "no value", which every field allows.
    if (item.kind === 'scalar' && item.value === null && item.text !== '') continue;
    if (item.kind !== 'scalar' || item.text === '') {
      pushIssue(issues, itemPath, 'Each enum value must be a single non-empty word or number.', item.at);
    } else if (out.includes(item.text)) {
      pushIssue(issues, itemPath, 'This enum value is listed twice; remove the duplicate.', item.at);
    } else out.push(item.text);
  }
  return out;
}

/** `date_format` on a date or datetime field; elsewhere it is a mistake worth pointing out. */
export function readDateOrder(
  map: SourceMap,
  path: string,
  isDate: boolean,
  issues: ErrorItem[],
): DateOrder | undefined {
  const node = presentValue(map, 'date_format');
  if (node === undefined) return undefined;
  const formatPath = joinPath(path, 'date_format');
  if (!isDate) {
    pushIssue(
      issues,
      formatPath,
      'Remove date_format: it applies only to date and datetime fields.',
      node.at,
    );
    return undefined;
  }
  const hint = node.kind === 'scalar' && typeof node.value === 'string' ? node.value : '';
  const order = hint.length <= MAX_DATE_FORMAT_LENGTH ? dateOrderFromFormat(hint) : undefined;
  if (order === undefined) {
    const message =
      'Write date_format as a pattern showing the order of day, month and year (DD/MM/YYYY, MM-DD-YY, YYYY.MM.DD) or as day-first or month-first.';
    pushIssue(issues, formatPath, message, node.at);
  }
  return order;
}
