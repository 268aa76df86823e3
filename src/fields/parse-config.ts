import { AppError } from '../errors.ts';
import { readConfigRoot } from './config/config-root.ts';
import type { TreeBuild } from './config/field-node.ts';
import { type ConfigLimits, MAX_REPORTED_ERRORS } from './config/limits.ts';
import { loadConfigTree } from './config/yaml-source.ts';
import type { FieldConfig } from './field.ts';

export type { ConfigLimits } from './config/limits.ts';

export const CONFIG_LIMITS: ConfigLimits = Object.freeze({
  maxBytes: 256 * 1024,
  maxFields: 200,
  maxDepth: 5,
  maxAliasNodes: 10_000,
});

/**
 * A client's field configuration (YAML or JSON, our `schemas.data` shape or a JSON Schema) as a
 * validated field tree. Throws AppError `invalid_yaml` when the text does not parse, and
 * `invalid_config` listing every problem found when it parses but does not describe valid fields.
 */
export function parseFieldConfig(source: Uint8Array | string): FieldConfig {
  const tree = loadConfigTree(source, CONFIG_LIMITS);
  const build: TreeBuild = { issues: [], limits: CONFIG_LIMITS, fieldCount: 0 };
  const fields = readConfigRoot(tree, build);
  if (build.issues.length > 0) {
    throw new AppError('invalid_config', { errors: build.issues.slice(0, MAX_REPORTED_ERRORS) });
  }
  return { fields };
}
