/**
 * How a fake model of the eval answers a field, given the corpus's expected value: the truth (an
 * oracle), a value it makes up (an inventing liar) or a wrong value the document does print (a
 * misleading liar: another line, another amount, another date). The liars are deterministic: the
 * same case and field always get the same lie, so that figures repeat.
 */
import { createHash } from 'node:crypto';
import type { Field } from '../src/fields/field.ts';
import { findDateSpans, findNumberSpans } from '../src/fields/typing/index.ts';

export const FAKE_MODELS = ['oracle', 'inventing', 'misleading'] as const;
export type FakeModel = (typeof FAKE_MODELS)[number];

/** What a rule knows of the field asked: its configuration, the document's lines, a key for the lie. */
export interface AskedField {
  field: Field;
  lines: string[];
  key: string;
}

export type AnswerRule = (expected: unknown, asked: AskedField) => unknown;

export const ANSWER_RULES: Record<FakeModel, AnswerRule> = {
  oracle: (expected) => expected ?? null,
  inventing: (expected, asked) => invent(expected, asked),
  misleading: (expected, asked) => mislead(expected, asked),
};

function pick<T>(list: T[], key: string): T | undefined {
  if (list.length === 0) return undefined;
  const n = createHash('sha256').update(key).digest().readUInt32BE(0);
  return list[n % list.length];
}

const INVENTED_NAMES = [
  'Harbourview Trading Co.',
  'Kestrel & Vane Ltd',
  'Marlowe Supplies',
  'Quillfeather Inc.',
];

/** A value of the field's type that no document of the corpora prints. */
function invent(expected: unknown, asked: AskedField): unknown {
  if (expected === null || expected === undefined) return null;
  if (Array.isArray(expected))
    return expected.map((item, i) => invent(item, { ...asked, key: `${asked.key}/${i}` }));
  if (typeof expected === 'object') {
    return Object.fromEntries(
      Object.entries(expected).map(([k, v]) => [k, invent(v, { ...asked, key: `${asked.key}.${k}` })]),
    );
  }
  if (typeof expected === 'number') return Math.round((expected * 1.37 + 13.07) * 100) / 100;
  if (typeof expected === 'boolean') return !expected;
  if (/^\d{4}-\d{2}-\d{2}/.test(String(expected))) {
    const day = new Date(`${String(expected).slice(0, 10)}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 41);
    return day.toISOString().slice(0, 10);
  }
  return pick(INVENTED_NAMES, asked.key) ?? 'Invented';
}

/** A wrong value the document prints, of the field's type; null when it prints no other. */
function mislead(expected: unknown, asked: AskedField): unknown {
  if (expected === null || expected === undefined) return null;
  const { field, lines, key } = asked;
  const text = lines.join('\n');
  switch (field.kind) {
    case 'double':
    case 'integer': {
      const numbers = [...new Set(findNumberSpans(text).map((s) => s.value))].filter(
        (v) => Math.abs(v - Number(expected)) >= 0.005,
      );
      return pick(numbers, key) ?? null;
    }
    case 'date':
    case 'datetime': {
      const dates = [...new Set(findDateSpans(text).map((s) => s.value.slice(0, 10)))].filter(
        (d) => d !== String(expected).slice(0, 10),
      );
      return pick(dates, key) ?? null;
    }
    case 'string': {
      // A line near the top, where a receipt's or a letter's names and addresses stand: a plausible lie.
      const wanted = squash(String(expected));
      const head = lines.slice(0, Math.max(6, Math.ceil(lines.length / 3)));
      const others = head.filter(
        (l) => /\p{L}{3}/u.test(l) && !wanted.includes(squash(l)) && !squash(l).includes(wanted),
      );
      return pick(others, key)?.trim() ?? null;
    }
    default:
      return invent(expected, asked);
  }
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
