/**
 * Where a document comes from, as far as it says how it writes dates. A US address ("Portland, ME
 * 04101") says month first; nothing else is read, because "$" and English are written day first
 * in most of the world (Singapore, Australia, Canada in part).
 */
import type { DateOrder } from '../../fields/field.ts';
import words from './data/address-words.json' with { type: 'json' };

const US_STATES = new Set(words.usStates);
/** A city, its state's two capitals, then a ZIP code: "San Francisco, CA 94105", "Eugene, OR 97477-1234". */
const STATE_AND_ZIP = /\p{L},\s*([A-Z]{2})\.?\s+\d{5}(?:-\d{4})?(?![\p{L}\p{N}])/gu;

export function dateOrderOfPlace(text: string): DateOrder | undefined {
  for (const m of text.matchAll(STATE_AND_ZIP)) if (US_STATES.has(m[1]!)) return 'MDY';
  return undefined;
}
