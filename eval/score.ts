/** The scoring rules of shared/corpus/README.md, exactly, so that figures compare. */

export function normaliseForScore(value: unknown): string {
  return String(value)
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function isEmptyAnswer(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** 0–1 for one field of one document. */
export function scoreField(expected: unknown, answer: unknown): number {
  if (expected === null) return isEmptyAnswer(answer) ? 1 : 0;
  if (Array.isArray(expected) && expected.some(isRecord)) return scoreRecords(expected, answer);
  if (isRecord(expected)) {
    // An object is the mean of its properties.
    const entries = Object.entries(expected);
    const got = isRecord(answer) ? answer : {};
    return entries.length === 0
      ? 1
      : entries.reduce((n, [k, v]) => n + scoreField(v, got[k]), 0) / entries.length;
  }
  if (Array.isArray(expected)) {
    const want = new Set(expected.map(normaliseForScore));
    const got = new Set(
      (Array.isArray(answer) ? answer : isEmptyAnswer(answer) ? [] : [answer]).map(normaliseForScore),
    );
    if (want.size === 0 && got.size === 0) return 1;
    const hits = [...got].filter((g) => want.has(g)).length;
    if (hits === 0) return 0;
    const precision = hits / got.size;
    const recall = hits / want.size;
    return (2 * precision * recall) / (precision + recall);
  }
  if (typeof expected === 'number') {
    const n = typeof answer === 'number' ? answer : Number(answer);
    return answer !== null && answer !== '' && Number.isFinite(n) && Math.abs(n - expected) <= 0.005 ? 1 : 0;
  }
  if (typeof expected === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(expected)) {
    return typeof answer === 'string' && answer.slice(0, 10) === expected ? 1 : 0;
  }
  return isEmptyAnswer(answer) ? 0 : normaliseForScore(expected) === normaliseForScore(answer) ? 1 : 0;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An array of objects (line items, table rows): the shared rules compare elements as strings, which
 * makes every object equal. Here an answered element is right when every property the expected
 * element states scores 1 against it, each expected element matched at most once; then the F1.
 */
function scoreRecords(expected: unknown[], answer: unknown): number {
  const got = Array.isArray(answer) ? answer : [];
  if (expected.length === 0) return got.length === 0 ? 1 : 0;
  const used = new Set<number>();
  let hits = 0;
  for (const want of expected) {
    const i = got.findIndex((g, j) => !used.has(j) && scoreField(want, g) === 1);
    if (i >= 0) {
      used.add(i);
      hits++;
    }
  }
  if (hits === 0) return 0;
  const precision = hits / got.length;
  const recall = hits / expected.length;
  return (2 * precision * recall) / (precision + recall);
}
