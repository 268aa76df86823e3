import { wordEquivalents as equivalents } from './vocabulary/index.ts';

/**
 * Letters that carry their accent in their shape, so NFKD leaves them whole: "płatności" is
 * "platnosci". Not "ß": "groß" would become the "gross" of a gross total.
 */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', æ: 'ae', œ: 'oe' };

/** Lower case, no accents, no punctuation; a plural "s" dropped so "totals" meets "total". */
export function normaliseWord(word: string): string {
  const w = word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđæœ]/gu, (c) => UNDECOMPOSED[c]!)
    .replace(/[^\p{L}\p{N}#]/gu, '');
  // "parties" meets "party", "companies" "company".
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** "invoiceNumber", "invoice_number", "Invoice no." → ["invoice", "number"]. */
export function words(text: string): string[] {
  return (
    text
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      // "Item#", "PO#": the sign is a word of its own ("number").
      .replace(/(\p{L})#/gu, '$1 #')
      .split(/[\s_\-./:;,()[\]{}"'!?]+/u)
      .map(canonicalWord)
      .filter(Boolean)
  );
}

/** Where a phrase (words) starts in a run of words, from `from` on; -1 when it does not, or is empty. */
export function phraseAt(tokens: string[], phrase: string[], from = 0): number {
  if (phrase.length === 0) return -1;
  outer: for (let i = from; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/** A word as labels are compared: normalised, its common abbreviation expanded, in English. */
export function canonicalWord(word: string): string {
  const w = normaliseWord(word);
  return ABBREVIATIONS[w] ?? EQUIVALENTS.get(w) ?? w;
}

/** "fecha" → "date", "commande" → "order": the data's words of other languages for English ones. */
const EQUIVALENTS = new Map(
  Object.entries(equivalents).flatMap(([english, others]) =>
    others.map((other) => [normaliseWord(other), english] as const),
  ),
);

/** Short forms a label uses for a word of a field name. */
const ABBREVIATIONS: Record<string, string> = {
  no: 'number',
  // "n°", "nº" (French, Spanish, Italian): the sign goes, the letter stays.
  n: 'number',
  nr: 'number',
  num: 'number',
  '#': 'number',
  qty: 'quantity',
  qte: 'quantity',
  ttl: 'total',
  amt: 'amount',
  dt: 'date',
  addr: 'address',
  tel: 'phone',
  ref: 'reference',
  inv: 'invoice',
  txn: 'transaction',
  trx: 'transaction',
  acct: 'account',
  bal: 'balance',
  stmt: 'statement',
  chg: 'charge',
  chgs: 'charge',
  biz: 'business',
  cust: 'customer',
  desc: 'description',
  doc: 'document',
  emp: 'employee',
  dlv: 'delivery',
  dlvry: 'delivery',
  deliv: 'delivery',
  eff: 'effective',
  gov: 'governing',
  juris: 'jurisdiction',
  len: 'length',
  merch: 'merchant',
  pmt: 'payment',
  pymt: 'payment',
  purch: 'purchase',
};

/** Equal but for one letter changed, added or dropped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}
