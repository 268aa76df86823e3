/**
 * OCR's misreadings, for grounding a model's value on a scanned page: the characters a recogniser
 * confuses are folded together, and a value may then differ from the text read in a few more
 * characters (a dropped dot, a doubled letter). A model that saw the page, or the words around a
 * misread one, often writes the value right where OCR did not; grounding must still find it.
 */

/** Each character OCR confuses, folded to one of its group (letters already lower case). */
const FOLD: Record<string, string> = {
  '0': 'o',
  q: 'o',
  d: 'o',
  '1': 'l',
  i: 'l',
  '|': 'l',
  '!': 'l',
  j: 'l',
  t: 'l',
  '5': 's',
  '8': 'b',
  '2': 'z',
  '6': 'g',
  '9': 'g',
  u: 'v',
  n: 'h',
  c: 'e',
};

/** Letters and digits only, lower case, look-alikes folded together. */
export function foldLookAlikes(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKD').toLowerCase()) {
    if (!/[\p{L}\p{N}|!]/u.test(ch)) continue;
    out += FOLD[ch] ?? ch;
  }
  return out;
}

/** Edits a folded value of this length may need and still be the same value misread: one in eight. */
export function misreadBudget(length: number): number {
  return length < 6 ? 0 : Math.floor(length / 8);
}

/**
 * The best approximate occurrence of `needle` in `haystack` (edit distance, any start: Sellers'
 * algorithm), when at most `budget` edits: its start and end (exclusive) in `haystack`.
 */
export function approximateFind(
  haystack: string,
  needle: string,
  budget: number,
): { start: number; end: number; edits: number } | null {
  const m = needle.length;
  if (m === 0) return null;
  // Row i of the table: the cost of needle[0..i) ending at each haystack position, and where it began.
  let cost = new Array<number>(haystack.length + 1).fill(0);
  let start = Array.from({ length: haystack.length + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const next = new Array<number>(haystack.length + 1);
    const nextStart = new Array<number>(haystack.length + 1);
    next[0] = i;
    nextStart[0] = 0;
    for (let j = 1; j <= haystack.length; j++) {
      const substitute = cost[j - 1]! + (needle[i - 1] === haystack[j - 1] ? 0 : 1);
      const skipNeedle = cost[j]! + 1;
      const skipHaystack = next[j - 1]! + 1;
      if (substitute <= skipNeedle && substitute <= skipHaystack) {
        next[j] = substitute;
        nextStart[j] = start[j - 1]!;
      } else if (skipNeedle <= skipHaystack) {
        next[j] = skipNeedle;
        nextStart[j] = start[j]!;
      } else {
        next[j] = skipHaystack;
        nextStart[j] = nextStart[j - 1]!;
      }
    }
    cost = next;
    start = nextStart;
  }
  let best = -1;
  for (let j = 1; j <= haystack.length; j++) if (best < 0 || cost[j]! < cost[best]!) best = j;
  if (best < 0 || cost[best]! > budget) return null;
  return { start: start[best]!, end: best, edits: cost[best]! };
}

/** Whether two readings are one value, one of them misread: their folded forms nearly equal. */
export function sameReading(a: string, b: string): boolean {
  const x = foldLookAlikes(a);
  const y = foldLookAlikes(b);
  if (x === '' || y === '') return false;
  if (x === y) return true;
  const found = approximateFind(y, x, misreadBudget(Math.max(x.length, y.length)));
  return found !== null && found.start === 0 && found.end === y.length;
}

/** Letters OCR reads in place of digits, inside a token that holds digits: "54.5O" → "54.50". */
export function digitsMended(text: string): string {
  return text.replace(/\S*\d\S*/g, (token) =>
    token
      .replace(/[OoQD]/g, '0')
      .replace(/[lI|]/g, '1')
      .replace(/S/g, '5')
      .replace(/B/g, '8'),
  );
}
