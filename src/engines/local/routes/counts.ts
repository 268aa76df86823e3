import type { Field, ObjectField } from '../../../fields/field.ts';
import type { TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
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
  if (!Array.isArray(rows) || rows.length === 0) return [];
  return [{ value: rows.length, score: 0.7, source: 'table', line: anchor, text: `${rows.length} rows` }];
}
