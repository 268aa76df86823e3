/** Which way round a document writes its dates, from the dates that can only be read one way. */
import type { DateOrder } from '../field.ts';
import { matchDateAt, numericTriple } from './date-match.ts';
import { type Token, tokenize } from './tokens.ts';

/**
 * Numeric dates that can only be read one way (25/03/2024 -> DMY, 03/25/2024 -> MDY, 24/03/15 -> YMD)
 * decide by majority; when they are absent or tie, the place the document comes from, when the caller
 * knows it (`place`: a US address writes month first), and then the order of named-month dates
 * ("3 March 2024" -> DMY, "March 3, 2024" -> MDY): US contracts write "the 6th day of February" and
 * 02/08/99 alike. Undefined without any cue.
 */
export function guessDateOrder(text: string, place?: DateOrder): DateOrder | undefined {
  return guessOrderFromTokens(tokenize(text), place);
}

export function guessOrderFromTokens(tokens: Token[], place?: DateOrder): DateOrder | undefined {
  const numeric = { DMY: 0, MDY: 0, YMD: 0 };
  const named = { DMY: 0, MDY: 0, YMD: 0 };
  let i = 0;
  while (i < tokens.length) {
    const triple = numericTriple(tokens, i);
    if (triple) {
      const cue = numericCue(Number(triple.a), Number(triple.b), triple.c);
      if (cue) numeric[cue]++;
      i = triple.last + 1;
      continue;
    }
    // The order passed here does not matter: named-month forms are never ambiguous.
    const match = matchDateAt(tokens, i, 'DMY');
    if (match?.form === 'day-name') named.DMY++;
    if (match?.form === 'month-name') named.MDY++;
    i = match ? match.last + 1 : i + 1;
  }
  return majority(numeric) ?? place ?? majority(named);
}

function numericCue(a: number, b: number, c: string): DateOrder | null {
  if (a > 12 && a <= 31 && b >= 1 && b <= 12) return 'DMY';
  if (b > 12 && b <= 31 && a >= 1 && a <= 12) return 'MDY';
  if (c.length === 2 && a > 31 && b >= 1 && b <= 12 && Number(c) >= 1 && Number(c) <= 31) return 'YMD';
  return null;
}

function majority(votes: Record<DateOrder, number>): DateOrder | undefined {
  const ranked = (Object.entries(votes) as [DateOrder, number][]).sort((x, y) => y[1] - x[1]);
  const [best, second] = ranked;
  return best && best[1] > 0 && best[1] !== second?.[1] ? best[0] : undefined;
}
