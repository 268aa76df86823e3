import type { TokenCounts } from '../engine.ts';
import { ModelFailure } from './model-failure.ts';

/** The answer's object; a malformed one fails with the tokens it cost (they are counted all the same). */
export function parsedWithUsage(text: string, usage: TokenCounts): Record<string, unknown> {
  try {
    if (text.trim() === '') throw new ModelFailure('malformed');
    return parseAnswerText(text);
  } catch (error) {
    if (error instanceof ModelFailure) error.usage = { ...usage };
    throw error;
  }
}

/**
 * The JSON object in a model's text: bare, inside a ```json fence, or with words around it.
 * Anything else is a malformed answer.
 */
export function parseAnswerText(text: string): Record<string, unknown> {
  const candidates = [text.trim()];
  for (const fence of text.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g))
    candidates.push(fence[1]!.trim());
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    const parsed = tryParse(candidate);
    if (isObject(parsed)) return parsed;
  }
  const balanced = firstBalancedObject(text);
  const parsed = balanced === null ? undefined : tryParse(balanced);
  if (isObject(parsed)) return parsed;
  throw new ModelFailure('malformed');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first {...} whose braces balance, strings respected: an object followed by more prose. */
function firstBalancedObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}
