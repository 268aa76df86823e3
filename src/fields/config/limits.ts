/** Bounds on a client's field configuration; every one guards the service against a hostile or runaway file. */
export interface ConfigLimits {
  /** Checked before any parsing, so an oversized upload costs nothing. */
  readonly maxBytes: number;
  /** Every node of the field tree counts, nested ones included. */
  readonly maxFields: number;
  /** The root's own properties are depth 1; an array's items are one level below the array. */
  readonly maxDepth: number;
  /** Nodes materialised by expanding aliases (*name); stops "billion laughs" documents. */
  readonly maxAliasNodes: number;
}

/** YAML nesting (mappings and lists, not fields) beyond which reading stops: keeps recursion shallow. */
export const MAX_YAML_NESTING = 100;

/** Cap on the problems returned in one error, so a broken file cannot produce a huge response. */
export const MAX_REPORTED_ERRORS = 100;
