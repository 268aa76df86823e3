import type { Field } from '../fields/field.ts';

/** Words too common to say which field a label names. */
const STOPWORDS = new Set(
  'a an and are as at be by for from in into is it its of on or that the this to was were which with who whose what when where than then there their any all each per printed shown given stated document value field name number'.split(
    ' ',
  ),
);

/** Lower case, no accents, no punctuation; a plural "s" dropped so "totals" meets "total". */
export function normaliseWord(word: string): string {
  const w = word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#]/gu, '');
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** "invoiceNumber", "invoice_number", "Invoice no." → ["invoice", "number"]. */
export function words(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .split(/[\s_\-./:;,()[\]{}"'!?]+/u)
    .map(normaliseWord)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
}

/** Short forms a label uses for a word of a field name. */
const ABBREVIATIONS: Record<string, string> = {
  no: 'number',
  nr: 'number',
  num: 'number',
  '#': 'number',
  qty: 'quantity',
  amt: 'amount',
  dt: 'date',
  addr: 'address',
  tel: 'phone',
  ref: 'reference',
  inv: 'invoice',
  acct: 'account',
};

export interface FieldTerms {
  /** From the field's name and aliases: a label made of these names the field. */
  names: Set<string>;
  /** Content words of the description: weaker evidence. */
  description: Set<string>;
  /** Whole labels the client gave (aliases), normalised. */
  phrases: string[];
}

export function fieldTerms(field: Field, parent?: Field): FieldTerms {
  const names = new Set([...words(field.name), ...field.aliases.flatMap(words)]);
  if (parent) for (const w of words(parent.name)) names.add(w);
  const description = new Set(words(field.description).filter((w) => !STOPWORDS.has(w) && !names.has(w)));
  return { names, description, phrases: [field.name, ...field.aliases].map((p) => words(p).join(' ')) };
}

/**
 * How well a label names a field, 0–1: the share of the label's words that belong to the field,
 * weighted by how much of the field's name the label covers.
 */
export function labelScore(label: string, terms: FieldTerms): number {
  const labelWords = words(label).filter((w) => !STOPWORDS.has(w) || terms.names.has(w));
  if (labelWords.length === 0) return 0;
  if (terms.phrases.includes(labelWords.join(' '))) return 1;
  let fromName = 0;
  let fromDescription = 0;
  for (const w of labelWords) {
    if (terms.names.has(w)) fromName++;
    else if (terms.description.has(w)) fromDescription++;
  }
  if (fromName === 0 && fromDescription < 1) return 0;
  const precision = (fromName + 0.6 * fromDescription) / labelWords.length;
  const recall = terms.names.size === 0 ? 0 : fromName / terms.names.size;
  return Math.min(1, 0.55 * precision + 0.45 * Math.max(recall, fromDescription > 0 ? 0.3 : 0));
}
