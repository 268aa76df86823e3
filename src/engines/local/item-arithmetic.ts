import type { Cell } from '../../documents/model.ts';
import { parseNumber, type TypingHints } from '../../fields/typing/index.ts';

/** The columns of an item table, told by what its figures do rather than by its heads. */
export interface ArithmeticColumns {
  quantity: number;
  unitPrice: number;
  amount: number;
  /** The column with the most words, left of the figures; -1 when none holds words. */
  description: number;
  /** Rows where quantity × unit price = amount. */
  rows: number;
}

/** A row's product is its amount within a cent, or a thousandth of it (prices of four decimals). */
const agrees = (q: number, p: number, a: number) =>
  Math.abs(q * p - a) <= Math.max(0.011, Math.abs(a) * 0.001);

const isPercent = (text: string) => /%/.test(text);

/**
 * Quantity × unit price = amount, on most of a table's rows of figures and on two at least, one of
 * them not a trivial "1 × 650 = 650": whatever the heads say (in a language the lexicon lacks, or
 * garbled by OCR, or not printed), those three columns are the item's quantity, price and amount.
 * The amount is right of the other two; of those, the one of whole numbers is the quantity (the left
 * one when both or neither are). Undefined when no three columns agree so.
 */
export function columnsByArithmetic(rows: Cell[][], hints: TypingHints): ArithmeticColumns | undefined {
  const figures = rows.map((row) => {
    const values = new Map<number, number>();
    for (const cell of row) {
      const text = cell.text.trim();
      if (!/\d/.test(text) || isPercent(text) || /\p{L}{2,}/u.test(text)) continue;
      const value = parseNumber(text, hints);
      if (value !== null) values.set(cell.col, value);
    }
    return values;
  });
  const numericRows = figures.filter((values) => values.size >= 3).length;
  const columns = [...new Set(figures.flatMap((values) => [...values.keys()]))].sort((a, b) => a - b);
  let best: { q: number; p: number; a: number; rows: number; strong: number } | undefined;
  for (const a of columns) {
    for (const q of columns) {
      for (const p of columns) {
        if (q >= p || p >= a) continue;
        let agreeing = 0;
        let strong = 0;
        for (const values of figures) {
          const [x, y, z] = [values.get(q), values.get(p), values.get(a)];
          if (x === undefined || y === undefined || z === undefined || z === 0 || !agrees(x, y, z)) continue;
          agreeing++;
          if (x !== 1 && y !== 1) strong++;
        }
        const better = !best || agreeing > best.rows || (agreeing === best.rows && strong > best.strong);
        if (better) best = { q, p, a, rows: agreeing, strong };
      }
    }
  }
  if (!best || best.rows < 2 || best.strong < 1 || best.rows * 2 < numericRows) return undefined;
  const whole = (col: number) =>
    figures.every((values) => {
      const value = values.get(col);
      return value === undefined || Number.isInteger(value);
    });
  const quantityFirst = whole(best.q) || !whole(best.p);
  const [quantity, unitPrice] = quantityFirst ? [best.q, best.p] : [best.p, best.q];
  return {
    quantity,
    unitPrice,
    amount: best.a,
    description: wordiest(rows, Math.min(best.q, best.p)),
    rows: best.rows,
  };
}

/** The column left of `before` whose cells hold the most letters. */
function wordiest(rows: Cell[][], before: number): number {
  const letters = new Map<number, number>();
  for (const cell of rows.flat()) {
    if (cell.col >= before) continue;
    const count = cell.text.match(/\p{L}/gu)?.length ?? 0;
    letters.set(cell.col, (letters.get(cell.col) ?? 0) + count);
  }
  let best = -1;
  let most = 0;
  for (const [col, count] of letters) {
    if (count > most) {
      best = col;
      most = count;
    }
  }
  return best;
}
