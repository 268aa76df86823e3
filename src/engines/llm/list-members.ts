import type { FieldValue } from '../../fields/field.ts';
import type { EvidenceTree } from '../engine.ts';
import { locationKey } from './evidence-tree.ts';
import type { Found } from './found.ts';
import { isObject } from './parse-answer.ts';

/**
 * A list's members from several answers (the chunks of a long document, or one answer naming a
 * member twice) as one list, in the order first given: a member given again is left out, whether
 * written the same ("ACME Corp." and "Acme Corp"), or named shorter or longer ("Kite Pharma" within
 * "Kite Pharma, Inc."; the longer name, the fuller reading, is kept in the first one's place).
 */
export function mergeMembers(lists: Found[]): Found {
  const values: FieldValue[] = [];
  const evidence: EvidenceTree[] = [];
  const keys: string[] = [];
  for (const list of lists) {
    const items = Array.isArray(list.value) ? list.value : [];
    const trees = Array.isArray(list.evidence) ? list.evidence : [];
    items.forEach((value, i) => {
      // A record (a table's row) is the same row only at the same place: rows alike may be repeated.
      const key = isObject(value) ? `[${JSON.stringify(value)}@${locationKey(trees[i])}` : memberKey(value);
      const at = key === '' ? -1 : keys.findIndex((k) => k === key || sameNamed(k, key));
      if (at < 0) {
        keys.push(key);
        values.push(value);
        evidence.push(trees[i] ?? { confidence: 0, page: null, text: null });
      } else if (key.length > keys[at]!.length) {
        keys[at] = key;
        values[at] = value;
        evidence[at] = trees[i] ?? evidence[at]!;
      }
    });
  }
  return { value: values, evidence };
}

/** A member as members are compared: its words in lower case, punctuation and spacing ignored. */
export function memberKey(value: FieldValue): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return value
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .join(' ');
}

/** One name within the other, as whole words: "kite pharma" in "kite pharma inc". */
function sameNamed(a: string, b: string): boolean {
  // Records are alike only when equal.
  if (a.startsWith('[') || b.startsWith('[')) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && /\p{L}/u.test(short) && ` ${long} `.includes(` ${short} `);
}
