import type { Field, ObjectField } from '../../../fields/field.ts';
import type { TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { singleWordsOf } from '../field-sense.ts';
import { lineItems } from '../line-items.ts';

/** What a count may count, by the words that name it. */
const PAGES = new Set(['page', 'sheet']);
const ITEMS = new Set(['item', 'line', 'product', 'position', 'article', 'row', 'entry', 'service', 'good']);

const scalar = (name: string, kind: 'string' | 'double'): Field => ({
  name,
  path: name,
  description: '',
  required: false,
  aliases: [],
  kind,
});

/** The line items any invoice or order lists: what "number of line items" counts. */
const ITEM: ObjectField = {
  name: 'items',
  path: 'items',
  description: '',
  required: false,
  aliases: [],
  kind: 'object',
  properties: [scalar('description', 'string'), scalar('quantity', 'double'), scalar('amount', 'double')],
};

/**
 * "Number of distinct line items", "page_count": counts the document shows rather than states. A
 * count the document prints under a label is found by the label route; this one derives it.
 */
export function countCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  if (!profile.concepts.includes('count')) return [];
  const named = new Set([...profile.nameWords, ...profile.descriptionWords]);
  const anchor = view.lines[0];
  if (!anchor) return [];
  if ([...named].some((w) => PAGES.has(w)))
    return [
      { value: view.pageCount, score: 0.8, source: 'layout', line: anchor, text: `${view.pageCount} pages` },
    ];
  if (![...named].some((w) => ITEMS.has(w))) return [];
  const rows = lineItems(ITEM, view, hints).value;
  if (Array.isArray(rows) && rows.length > 0)
    return [{ value: rows.length, score: 0.7, source: 'table', line: anchor, text: `${rows.length} rows` }];
  const priced = pricedLines(view);
  return priced > 0
    ? [{ value: priced, score: 0.56, source: 'layout', line: anchor, text: `${priced} priced lines` }]
    : [];
}

/** "Subtotal", "TOTAL", "Summe", "Jumlah": where a receipt's items end. */
const TOTAL_WORDS = singleWordsOf('total', 'subtotal');
/** A line that ends with a price: words, then an amount with two decimals, then perhaps a tax code. */
const PRICED = /\p{L}{3}.*\s-?\d{1,6}[.,]\d{2}(?:\s+[A-Z*]{1,2}|\s+[A-Z][a-z])?\s*$/u;

/**
 * A receipt's items when no table holds them: the lines that end with a price above its first
 * total, a quantity line ("2 x 0,95   1,90") counting for the name above it, which has no price.
 */
function pricedLines(view: DocumentView): number {
  let count = 0;
  for (const line of view.lines) {
    if (line.page !== 1) break;
    if (line.tokens.slice(0, 2).some((t) => TOTAL_WORDS.has(t.word))) return count;
    if (
      PRICED.test(line.text) ||
      (/^\s*\d+\s*[x@]\s*\d/.test(line.text) && /\d[.,]\d{2}\s*[A-Z]?\s*$/.test(line.text))
    )
      count++;
  }
  return 0;
}
