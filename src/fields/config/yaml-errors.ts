import { type Document, isMap, isScalar, isSeq } from 'yaml';
import { MAX_YAML_NESTING } from './limits.ts';

const MAX_KEY_IN_PATH = 128;

const GENERIC = 'The YAML is not valid here; check the indentation, colons, quotes and brackets.';

/**
 * Our own wording for each yaml error code. The package's messages can quote the source (tag and
 * anchor names, excerpts), and configuration text must never reach a log.
 */
const MESSAGES = new Map<string, string>([
  ['ALIAS_PROPS', 'An alias (*name) cannot carry its own anchor or tag; remove them.'],
  ['BAD_ALIAS', 'This alias (*name) is malformed; write it as * followed by the anchor name.'],
  ['BAD_DIRECTIVE', 'This % directive is not supported; remove it.'],
  [
    'BAD_DQ_ESCAPE',
    'This double-quoted text has an invalid backslash escape; double the backslash or use single quotes.',
  ],
  [
    'BAD_INDENT',
    'The indentation is wrong here; indent nested entries further than their parent, with spaces.',
  ],
  ['BAD_PROP_ORDER', 'Put the anchor (&name) or tag before the value, not after it.'],
  ['BAD_SCALAR_START', 'A plain value cannot start with this character; put the value in quotes.'],
  [
    'BLOCK_AS_IMPLICIT_KEY',
    'A key cannot span several lines or hold a nested block; check the indentation and colons.',
  ],
  ['BLOCK_IN_FLOW', 'An indented block cannot appear inside [ ] or { }; use [ ] / { } syntax or quotes.'],
  ['DUPLICATE_KEY', 'This key appears twice in the same mapping; remove or rename one of them.'],
  ['KEY_OVER_1024_CHARS', 'A key is longer than 1024 characters; shorten it.'],
  ['MISSING_CHAR', 'A closing quote, bracket or a colon after a key is missing here.'],
  ['MULTILINE_IMPLICIT_KEY', 'A key must fit on one line; check for a missing colon or closing quote.'],
  ['MULTIPLE_ANCHORS', 'A value can have only one anchor (&name); remove the extra one.'],
  ['MULTIPLE_DOCS', 'The file holds more than one YAML document (separated by ---); keep only one.'],
  ['MULTIPLE_TAGS', 'A value can have only one tag; remove the extra one.'],
  ['NON_STRING_KEY', 'Keys must be plain text.'],
  ['RESOURCE_EXHAUSTION', 'The YAML is nested too deeply to read; flatten it.'],
  ['TAB_AS_INDENT', 'Tabs cannot be used for indentation; use spaces.'],
  [
    'TAG_RESOLVE_FAILED',
    'Tags such as !custom or !!binary are not allowed, and !!int or !!float must match the value; remove the tag.',
  ],
  ['UNEXPECTED_TOKEN', 'Unexpected character here; check the indentation, colons, quotes and brackets.'],
  ['BAD_COLLECTION_TYPE', 'This tag does not fit the value it is attached to; remove the tag.'],
  [
    'UNKNOWN_ALIAS',
    'This alias (*name) refers to no anchor (&name) written before it; define the anchor first.',
  ],
]);

export function yamlErrorMessage(code: string): string {
  return MESSAGES.get(code) ?? GENERIC;
}

/**
 * The dotted path of the deepest entry whose source contains `offset`, so a syntax error reads
 * "schemas.data.properties.total" rather than only a line number. Aliases are not followed.
 */
export function pathAtOffset(doc: Document, offset: number): string {
  const steps: string[] = [];
  let node: unknown = doc.contents;
  while ((isMap(node) || isSeq(node)) && steps.length <= MAX_YAML_NESTING) {
    const next = childAt(node.items as unknown[], offset, isSeq(node));
    if (next === undefined) break;
    steps.push(next.step);
    node = next.node;
  }
  return steps.join('.');
}

function childAt(
  items: unknown[],
  offset: number,
  isList: boolean,
): { step: string; node: unknown } | undefined {
  for (const [index, item] of items.entries()) {
    if (isList) {
      if (contains(item, offset)) return { step: String(index), node: item };
      continue;
    }
    const pair = item as { key: unknown; value: unknown };
    const step = keyStep(pair.key, index);
    if (contains(pair.value, offset)) return { step, node: pair.value };
    // Between the key and its value sit the colon, anchors and tags: still this entry.
    if (startOf(pair.key) <= offset && offset < endOf(pair.value ?? pair.key))
      return { step, node: undefined };
  }
  return undefined;
}

/**
 * A key as written, unless a broken document produced something no field name could be (very
 * long or spanning lines): that is likely value text swept into a key, which must not be echoed.
 */
function keyStep(key: unknown, index: number): string {
  if (!isScalar(key)) return String(index);
  const text = String(key.source ?? key.value);
  return text.length > MAX_KEY_IN_PATH || /[\r\n]/.test(text) ? String(index) : text;
}

function contains(node: unknown, offset: number): boolean {
  return startOf(node) <= offset && offset < endOf(node);
}

function rangeOf(node: unknown): [number, number, number] | undefined {
  return (node as { range?: [number, number, number] | null } | null | undefined)?.range ?? undefined;
}

function startOf(node: unknown): number {
  return rangeOf(node)?.[0] ?? Number.POSITIVE_INFINITY;
}

function endOf(node: unknown): number {
  return rangeOf(node)?.[2] ?? Number.NEGATIVE_INFINITY;
}
