import type { LineCounter } from 'yaml';
import type { ErrorItem } from '../../errors.ts';

/**
 * A YAML document reduced to mappings, lists and scalars, aliases already expanded, each node
 * remembering where it was written so problems can point at a line and column.
 */
export interface Position {
  line: number;
  column: number;
}

export interface SourceScalar {
  kind: 'scalar';
  /** Value as resolved by the YAML core schema: string, number, boolean or null. */
  value: unknown;
  /** The characters the client wrote (quotes removed), e.g. "01" for the number 1. */
  text: string;
  at: Position | undefined;
}

export interface SourceEntry {
  /** The key as written; undefined when the key is itself a mapping or a list. */
  key: string | undefined;
  keyAt: Position | undefined;
  value: SourceNode;
}

export interface SourceMap {
  kind: 'map';
  entries: SourceEntry[];
  at: Position | undefined;
}

export interface SourceSeq {
  kind: 'seq';
  items: SourceNode[];
  at: Position | undefined;
}

export type SourceNode = SourceScalar | SourceMap | SourceSeq;

export function lookup(map: SourceMap, key: string): SourceEntry | undefined {
  return map.entries.find((entry) => entry.key === key);
}

/** True for an absent value: `key:` with nothing after it, `~` or `null`. */
export function isNull(node: SourceNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}

/** The entry's value unless the key is missing or left empty. */
export function presentValue(map: SourceMap, key: string): SourceNode | undefined {
  const entry = lookup(map, key);
  return entry === undefined || isNull(entry.value) ? undefined : entry.value;
}

export function joinPath(base: string, key: string | number): string {
  return base === '' ? String(key) : `${base}.${key}`;
}

export function pushIssue(issues: ErrorItem[], path: string, message: string, at?: Position): void {
  issues.push(at === undefined ? { path, message } : { path, message, line: at.line, column: at.column });
}

/** 1-based line and column of a character offset, as the client's editor shows them. */
export function positionAt(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  // LineCounter answers line 0 for offsets before its first recorded line start.
  return line === 0 ? { line: 1, column: offset + 1 } : { line, column: col };
}
