import type { Table } from '../../documents/model.ts';
import { findNumberSpans, type TypingHints } from '../../fields/typing/index.ts';
import type { DocumentView, ViewLine } from './document-view.ts';
import { isDocumentWord } from './field-sense.ts';
import { lexicon } from './vocabulary/index.ts';
import { words } from './words.ts';

/** A label's leading words name one of these concepts (in any language the lexicon knows). */
function labelledAs(ids: string[], extra: string[] = []): (label: string) => boolean {
  const phrases = lexicon.concepts
    .filter((concept) => ids.includes(concept.id))
    .flatMap((concept) => concept.words)
    .concat(extra)
    .map(words)
    .filter((phrase) => phrase.length > 0);
  return (label) => {
    // "Invoice Total GBP", "Order total": a word for the document before the label changes nothing.
    const said = words(label);
    while (said.length > 1 && isDocumentWord(said[0]!)) said.shift();
    return phrases.some((phrase) => phrase.every((word, i) => said[i] === word));
  };
}

/** Rows whose first cell says they are totals (or a page's sum carried over), not items. */
export const isTotalLabel = labelledAs(
  ['total', 'subtotal', 'tax', 'rounding', 'cash', 'change', 'deposit'],
  ['balance', 'discount', 'carried forward', 'brought forward', 'carry forward', 'carried over'],
);
/**
 * "Freight 85.00", "Shipping: $24.95": a charge added in the totals block. The words also open some
 * items' descriptions ("Delivery of pallets"), so only a short row (a label, maybe a rate, an amount)
 * is a charge.
 */
const isChargeLabel = labelledAs([], lexicon.chargeWords);
export const isChargeRow = (cells: { text: string }[]) =>
  cells.length > 0 && cells.length <= 3 && isChargeLabel(cells[0]!.text);

/** What the lines add up to before tax and charges. */
const isSubtotal = labelledAs(['subtotal']);
/** What they add up to when nothing is added on top. */
const isTotal = labelledAs(['total'], ['balance']);
/** A row stating the final total: the table ends there (a subtotal may be a page's, carried over). */
export const isFinalTotal = (label: string) => isTotal(label) && !isSubtotal(label);

/** Lines under a table searched for a total stated outside of it. */
const LINES_BELOW = 8;

export interface StatedTotal {
  /** As printed beside the amount: "Subtotal", "Total due". */
  label: string;
  amount: number;
  page: number;
}

/** What a user can check of an array read from a table (snake_case like the response). */
export interface Completeness {
  /** Item rows in the table (wrapped lines and totals rows not counted). */
  rows_seen: number;
  rows_returned: number;
  pages: number[];
  /** The returned rows' amounts added up; null when the table has no amount column. */
  sum_of_amounts: number | null;
  /** The subtotal (else the total) printed with the table. */
  stated_total: number | null;
  stated_as: string | null;
  /** The amounts add up, within a cent, to the stated subtotal or total, and every row was read. */
  complete: boolean;
  /** Why the array may be incomplete. */
  reason?: string;
}

const cents = (n: number) => Math.round(n * 100);
const money = (n: number) => (cents(n) / 100).toFixed(2);

export function checkCompleteness(input: {
  seen: number;
  returned: number;
  pages: number[];
  amounts: (number | null)[];
  stated: StatedTotal[];
}): Completeness {
  const known = input.amounts.filter((n): n is number => n !== null);
  const sum = known.length > 0 ? cents(known.reduce((a, b) => a + b, 0)) / 100 : null;
  // Compared with the last of each when none matches: earlier subtotals may be a section's or a
  // page's. Any subtotal may be the lines' sum: "Basic Value", then "Taxable Value" after freight.
  const subtotals = input.stated.filter((s) => isSubtotal(s.label));
  const total = input.stated.findLast((s) => isFinalTotal(s.label));
  const candidates = [...subtotals.reverse(), total].filter((s): s is StatedTotal => s !== undefined);
  const match =
    sum === null ? undefined : candidates.find((s) => Math.abs(cents(s.amount) - cents(sum)) <= 1);
  const compared = match ?? candidates[0];
  const reasons: string[] = [];
  if (input.seen > input.returned) {
    reasons.push(`${input.seen - input.returned} of ${input.seen} rows of the table could not be read`);
  }
  if (sum === null) reasons.push('the table has no amounts to add up');
  else if (!compared) reasons.push('no subtotal or total is stated with the table');
  else if (!match) {
    const missing = input.amounts.length - known.length;
    reasons.push(
      `the line amounts add up to ${money(sum)} but the ${compared.label.toLowerCase()} says ${money(compared.amount)}` +
        (missing > 0 ? ` (${missing} rows have no amount)` : ': a row may be missing or misread'),
    );
  }
  return {
    rows_seen: input.seen,
    rows_returned: input.returned,
    pages: input.pages,
    sum_of_amounts: sum,
    stated_total: compared?.amount ?? null,
    stated_as: compared?.label ?? null,
    complete: reasons.length === 0,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}

/** The line's total: a total label at its start, an amount at its end. */
function statedOn(line: ViewLine, hints: TypingHints): StatedTotal | undefined {
  if (!isSubtotal(line.text) && !isTotal(line.text)) return undefined;
  const span = findNumberSpans(line.text, hints).at(-1);
  // Nothing after the amount but its currency ("113.50 EUR").
  if (!span || !/^\s*[\p{Lu}\p{Sc}]{0,3}\s*$/u.test(line.text.slice(span.end))) return undefined;
  const label = line.text
    .slice(0, span.start)
    .replace(/[\s:.=]+$/, '')
    .trim();
  return { label, amount: span.value, page: line.page };
}

/** Whether a line is the text of the table's last row (tables without geometry). */
function holdsRow(line: ViewLine, table: Table): boolean {
  const cells = (table.rows.at(-1) ?? []).map((cell) => cell.text.trim()).filter(Boolean);
  return cells.length > 0 && cells.every((text) => line.text.includes(text.split('\n')[0]!));
}

/** Totals stated on the lines just under a table, when its own rows state none. */
export function statedBelow(
  view: DocumentView,
  table: Table,
  page: number,
  hints: TypingHints,
): StatedTotal[] {
  const lines = view.lines.filter((line) => line.page === page);
  const bottom = table.bbox?.y1;
  let below: ViewLine[];
  if (bottom !== undefined)
    below = lines.filter((line) => line.bbox !== undefined && line.bbox.y0 >= bottom - 1);
  else {
    // Without geometry, "under the table" is after the line that reads as its last row, if one does.
    const end = lines.findLastIndex((line) => holdsRow(line, table));
    below = end < 0 ? [] : lines.slice(end + 1);
  }
  return below.slice(0, LINES_BELOW).flatMap((line) => statedOn(line, hints) ?? []);
}
