import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/**
 * A pack read and checked against its shape. The engine reads its vocabulary once, when it is
 * imported: a pack that is not valid JSON or not of its shape stops the start with the pack's file and
 * the path inside it, instead of a field quietly matching nothing.
 */
export function readPack<T extends z.ZodType>(file: URL, schema: T): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`vocabulary pack ${file.pathname}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`vocabulary pack ${file.pathname} is malformed: ${issues.join('; ')}`);
}
