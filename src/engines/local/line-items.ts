import type { BBox, Cell, Table } from '../../documents/model.ts';
import type { FieldValue, ObjectField } from '../../fields/field.ts';
import { coerceScalar, findDateSpans, parseNumber, type TypingHints } from '../../fields/typing/index.ts';
import type { Evidence, EvidenceTree } from '../engine.ts';
import { currencyForm } from '../recognizers/currency-vocabulary.ts';
import { type DocumentView, tokenise } from './document-view.ts';
import { type FieldProfile, profileField } from './field-profile.ts';
import { type ArithmeticColumns, columnsByArithmetic } from './item-arithmetic.ts';
import { findLabel } from './label-match.ts';
import { columnsOfLine } from './line-columns.ts';
import {
  type Completeness,
  checkCompleteness,
  isChargeRow,
  isFinalTotal,
  isTotalLabel,
  type StatedTotal,
  statedBelow,
} from './table-totals.ts';
import { lexicon } from './vocabulary/index.ts';
import { words } from './words.ts';

type Row = Cell[];

/** A row's evidence, with what the whole table says about the array's completeness. */
export interface RowEvidence extends Evidence {
  table: Completeness;
}

/** The header row of an item table: which of its columns holds each of the item's properties. */
interface Header {
  table: Table;
  page: number;
  row: number;
  /** Per property, its column, or -1. */
  columns: number[];
  score: number;
}

/** A stretch of table holding items: the header's table, or its continuation on a later page. */
interface Part {
  table: Table;
  page: number;
  rows: Row[];
  /** The header table's columns → this table's. */
  map: Map<number, number>;
}

interface Item {
  value: Record<string, FieldValue>;
  evidence: Evidence;
  bbox?: BBox;
  amount: number | null;
  /** Table row of the item's last line, to tell a wrapped line from text further down. */
  row: number;
}

/** Rows of a table searched for its header: a sheet's used range may start with title rows. */
const HEADER_ROWS = 30;
/** Least label score for a header cell to name a property. */
const HEADER_SCORE = 0.45;
const ROW_CONFIDENCE = 0.8;
/** Share of the first header's score at which a later page's row is that header repeated. */
const REPEATED_HEADER = 0.9;

const filled = (row: Row) => row.filter((cell) => cell.text.trim() !== '');
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Line items: the table whose header row names the item's properties best, one object per row
 * below it, rows of totals left out, a wrapped cell joined to its item, the table's continuation on
 * the next pages appended. Every row's evidence carries the table's completeness check.
 */
export function lineItems(
  items: ObjectField,
  view: DocumentView,
  hints: TypingHints,
): { value: FieldValue; evidence: EvidenceTree } {
  // "expenseDate", "date_depense", "lineAmount": inside an item, a word the lexicon does not know
  // names the kind of item, which the table's own heads ("Date", "Gross") do not repeat.
  const profiles = items.properties.map((p) => ({ ...profileField(p), qualifiers: [] }));
  const roles = profiles.map(columnRole);
  const header = withArithmetic(bestHeader(view, profiles), view, profiles, roles, hints);
  if (!header || !namesWhatItems(header, roles)) return { value: [], evidence: [] };
  const first: Part = {
    table: header.table,
    page: header.page,
    rows: header.table.rows.slice(header.row + 1),
    map: new Map(columnsOf(header.table).map((col) => [col, col])),
  };
  // The column the header names for the line amount, else the one the figures show.
  const named = profiles.findIndex(
    (profile, i) => columnRole(profile) === 'amount' && header.columns[i]! >= 0,
  );
  const amountCol = named >= 0 ? header.columns[named]! : amountColumn(first.rows, hints);
  const parts = continued(view, header, first, { profiles, amountCol, hints });
  const { found, seen, totals } = readParts(parts, header, items, { amountCol, hints, roles });
  const last = parts.at(-1)!;
  const stated = totals.length > 0 ? totals : statedBelow(view, last.table, last.page, hints);
  const summary = checkCompleteness({
    seen,
    returned: found.length,
    pages: [...new Set(parts.map((p) => p.page))],
    amounts: found.map((item) => item.amount),
    stated,
  });
  const evidence = found.map(
    (item): RowEvidence => ({
      ...item.evidence,
      ...(item.bbox
        ? { bbox: [item.bbox.x0, item.bbox.y0, item.bbox.x1, item.bbox.y1].map(round) as Evidence['bbox'] }
        : {}),
      table: summary,
      ...(summary.complete ? {} : { note: summary.reason }),
    }),
  );
  return { value: found.map((item) => item.value), evidence };
}

/**
 * An item is a thing bought, not a figure: where the items ask for their description or quantity, a
 * table none of whose rows holds a word ("A | 7,00% | 7,85 | 0,55 | 8,40", a receipt's tax summary
 * under "MwSt  Netto  MwSt  Brutto") is no table of items, though its heads name amounts.
 */
function namesWhatItems(header: Header, roles: (ColumnRole | undefined)[]): boolean {
  if (!roles.some((role) => role === 'description' || role === 'quantity')) return true;
  const named = roles.some(
    (role, i) => (role === 'description' || role === 'quantity') && header.columns[i]! >= 0,
  );
  return (
    named || header.table.rows.slice(header.row + 1).some((row) => row.some((c) => /\p{L}{3}/u.test(c.text)))
  );
}

/** Score of a header read from the figures alone: below any head that names a property. */
const ARITHMETIC_SCORE = 0.3;

/**
 * The header completed, or found, by the figures (item-arithmetic.ts): a quantity, unit price or
 * amount its heads did not name is the column the arithmetic gives; with no header at all, the
 * first table whose rows multiply out stands for one, its description the wordiest column.
 */
function withArithmetic(
  header: Header | undefined,
  view: DocumentView,
  profiles: FieldProfile[],
  roles: (ColumnRole | undefined)[],
  hints: TypingHints,
): Header | undefined {
  const fill = (columns: number[], found: ArithmeticColumns) => {
    const byRole: Partial<Record<ColumnRole, number>> = {
      quantity: found.quantity,
      unit_price: found.unitPrice,
      amount: found.amount,
      ...(found.description >= 0 ? { description: found.description } : {}),
    };
    // Without a property named as the description, the one text property the figures leave is it
    // ("nazwa: Nazwa towaru", "item_text").
    const texts = profiles.flatMap((p, i) =>
      columns[i]! < 0 && roles[i] === undefined && p.field.kind === 'string' ? [i] : [],
    );
    const describes = (i: number) =>
      roles[i] === 'description' || (!roles.includes('description') && texts.length === 1 && texts[0] === i);
    return columns.map((col, i) => {
      const role = describes(i) ? 'description' : roles[i];
      const wanted = role === undefined ? undefined : byRole[role];
      return col < 0 && wanted !== undefined && !columns.includes(wanted) ? wanted : col;
    });
  };
  if (header) {
    const missing = profiles.some(
      (_, i) => header.columns[i]! < 0 && ['quantity', 'unit_price', 'amount'].includes(roles[i] ?? ''),
    );
    const found = missing && columnsByArithmetic(header.table.rows.slice(header.row + 1), hints);
    return found ? { ...header, columns: fill(header.columns, found) } : header;
  }
  if (!roles.some((role) => role === 'quantity' || role === 'unit_price' || role === 'amount'))
    return undefined;
  for (const { table, page } of view.tables) {
    const found = columnsByArithmetic(table.rows, hints);
    if (!found) continue;
    // Rows above the first of figures are the table's unread heads.
    const first = table.rows.findIndex((row) => row.filter((cell) => /\d/.test(cell.text)).length >= 3);
    return {
      table,
      page,
      row: first - 1,
      columns: fill(
        profiles.map(() => -1),
        found,
      ),
      score: ARITHMETIC_SCORE,
    };
  }
  return undefined;
}

/** Each property to its best column, a column to one property at most, surest pairs first. */
function assignColumns(row: Row, profiles: FieldProfile[]): { columns: number[]; score: number } {
  const pairs: { property: number; col: number; score: number }[] = [];
  const roles = profiles.map(columnRole);
  for (const cell of row) {
    if (cell.text.trim() === '') continue;
    const tokens = tokenise(cell.text);
    const head = headRoles(cell.text);
    profiles.forEach((profile, property) => {
      const hit = findLabel(tokens, profile, cell.text);
      const role = roles[property];
      // "Extended", "Part No.", "Preis/ME": the table's own words for the property's role.
      const byRole = role && head.has(role) ? ROLE_SCORE : 0;
      const score = Math.max(hit?.score ?? 0, byRole);
      if (score >= HEADER_SCORE) pairs.push({ property, col: cell.col, score });
    });
  }
  pairs.sort((a, b) => b.score - a.score);
  const columns = profiles.map(() => -1);
  const taken = new Set<number>();
  let score = 0;
  for (const pair of pairs) {
    if (columns[pair.property] !== -1 || taken.has(pair.col)) continue;
    columns[pair.property] = pair.col;
    taken.add(pair.col);
    score += pair.score;
  }
  return { columns, score: score / profiles.length };
}

type ColumnRole = 'code' | 'description' | 'quantity' | 'unit' | 'unit_price' | 'amount';

/** A head cell that says its role's word outright: below the property's own name, above a synonym's mention. */
const ROLE_SCORE = 0.8;
const ROLE_HEADS = new Map(
  Object.entries(lexicon.itemColumns).flatMap(([role, heads]) =>
    heads.map((head) => [words(head).join(' '), role as ColumnRole] as const),
  ),
);

/** The roles a head cell names: its words, less a currency ("Unit Price £", "Betrag EUR", "Amount (S$)"). */
function headRoles(text: string): Set<ColumnRole> {
  const kept = words(text.replace(/\([^)]*\)/g, ' ')).filter((w) => !isCurrencyMark(w));
  const roles = new Set<ColumnRole>();
  const whole = ROLE_HEADS.get(kept.join(' '));
  if (whole) roles.add(whole);
  return roles;
}

const isCurrencyMark = (word: string) =>
  currencyForm('code', word.toUpperCase()) !== null || currencyForm('mark', word.toUpperCase()) !== null;

/** What an item property holds, as a table's heads name it: its concept, else its family. */
function columnRole(profile: FieldProfile): ColumnRole | undefined {
  const id = profile.sense.concept?.id;
  if (id === 'unit_price' || id === 'quantity' || id === 'description') return id;
  if (profile.sense.family === 'amount') return 'amount';
  if (profile.sense.family === 'identifier') return 'code';
  return undefined;
}

function findHeader(table: Table, page: number, profiles: FieldProfile[]): Header | undefined {
  let best: Header | undefined;
  const last = Math.min(HEADER_ROWS, table.rows.length - 1);
  for (let row = 0; row < last; row++) {
    const { columns, score } = assignColumns(table.rows[row]!, profiles);
    if (score > 0 && (!best || score > best.score))
      best = { table, page, row, columns: underHeads(table, row, columns), score };
  }
  return best;
}

/** Every filled cell of the column starts with a figure ("6 Stk", "12"). */
function startsWithFigures(body: Row[], col: number): boolean {
  const cells = body.flatMap((row) => row.filter((c) => c.col === col && c.text.trim() !== ''));
  return cells.length > 0 && cells.every((c) => /^\s*\d/.test(c.text));
}

/**
 * "QTY" set left over figures set right: a head whose column stays empty below it names the
 * neighbouring column that holds the figures and has no head of its own.
 */
function underHeads(table: Table, headRow: number, columns: number[]): number[] {
  const body = table.rows.slice(headRow + 1);
  const filledAt = (col: number) =>
    body.some((row) => row.some((c) => c.col === col && c.text.trim() !== ''));
  const headed = (col: number) => table.rows[headRow]!.some((c) => c.col === col && c.text.trim() !== '');
  return columns.map((col) => {
    if (col < 0 || filledAt(col)) return col;
    // A neighbour with no head, else one whose head names nothing asked ("ME" beside "Menge").
    for (const next of [col + 1, col - 1])
      if (next >= 0 && filledAt(next) && !headed(next) && !columns.includes(next)) return next;
    for (const next of [col + 1, col - 1])
      if (next >= 0 && filledAt(next) && !columns.includes(next) && startsWithFigures(body, next))
        return next;
    return col;
  });
}

function bestHeader(view: DocumentView, profiles: FieldProfile[]): Header | undefined {
  let best: Header | undefined;
  for (const { table, page } of view.tables) {
    const header = findHeader(table, page, profiles) ?? headerAbove(view, table, page, profiles);
    if (header && (!best || header.score > best.score)) best = header;
  }
  return best;
}

/**
 * A table whose heads did not line up with its cells ("Pos. Bezeichnung" set as one stretch over two
 * columns) is found without them: its heads are the line just above it, each head given to the
 * column under it.
 */
function headerAbove(
  view: DocumentView,
  table: Table,
  page: number,
  profiles: FieldProfile[],
): Header | undefined {
  const top = table.rows[0]?.find((cell) => cell.bbox)?.bbox;
  if (!top) return undefined;
  // A rule under the heads ("----- ------") is not a line of heads.
  const above = view.lines.findLast(
    (l) => l.page === page && l.bbox !== undefined && l.bbox.y1 <= top.y0 + 1 && /[\p{L}\p{N}]/u.test(l.text),
  );
  const heads = above && columnsOfLine(above);
  if (!above?.bbox || !heads || top.y0 - above.bbox.y1 > 2 * (above.bbox.y1 - above.bbox.y0))
    return undefined;
  const spans = columnSpans(table);
  const row: Row = [];
  for (const head of heads) {
    let col = -1;
    let most = 0;
    for (const [c, span] of spans) {
      const overlap = Math.min(span.x1, head.x1) - Math.max(span.x0, head.x0);
      if (overlap > most) {
        most = overlap;
        col = c;
      }
    }
    if (col >= 0) row.push({ text: head.text, row: -1, col, rowSpan: 1, colSpan: 1 });
  }
  const { columns, score } = assignColumns(row, profiles);
  return score > 0 ? { table, page, row: -1, columns, score } : undefined;
}

/** A column's horizontal extent, from its cells' boxes. */
function columnSpans(table: Table): Map<number, { x0: number; x1: number }> {
  const spans = new Map<number, { x0: number; x1: number }>();
  for (const cell of table.rows.flat()) {
    if (!cell.bbox || cell.text.trim() === '') continue;
    const span = spans.get(cell.col);
    spans.set(
      cell.col,
      span
        ? { x0: Math.min(span.x0, cell.bbox.x0), x1: Math.max(span.x1, cell.bbox.x1) }
        : { x0: cell.bbox.x0, x1: cell.bbox.x1 },
    );
  }
  return spans;
}

const columnsOf = (table: Table) =>
  [...new Set(table.rows.flat().map((cell) => cell.col))].sort((a, b) => a - b);

/**
 * How a later table's columns line up with the header table's: by position on the page when both
 * have geometry, else one for one when they have as many columns. Undefined when they do not.
 */
function lineUp(first: Table, next: Table): Map<number, number> | undefined {
  const a = columnSpans(first);
  const b = columnSpans(next);
  if (a.size > 0 && b.size > 0) {
    const map = new Map<number, number>();
    for (const [col, span] of a) {
      let best = 0;
      for (const [other, o] of b) {
        const overlap = Math.min(span.x1, o.x1) - Math.max(span.x0, o.x0);
        if (overlap > best) {
          best = overlap;
          map.set(col, other);
        }
      }
    }
    const targets = new Set(map.values());
    return map.size >= 2 && targets.size === map.size && targets.size >= b.size ? map : undefined;
  }
  const ours = columnsOf(first);
  const theirs = columnsOf(next);
  return ours.length === theirs.length ? new Map(ours.map((col, i) => [col, theirs[i]!])) : undefined;
}

/**
 * The header's table, then each first table of the following pages that goes on with it: it
 * repeats the header, or its columns line up with the first's and hold amounts where it does. A
 * table that reached its totals ends.
 */
function continued(
  view: DocumentView,
  header: Header,
  first: Part,
  reading: { profiles: FieldProfile[]; amountCol: number | undefined; hints: TypingHints },
): Part[] {
  const parts = [first];
  for (;;) {
    const last = parts.at(-1)!;
    if (last.rows.some((row) => isFinalTotal(filled(row)[0]?.text ?? ''))) break;
    const next = view.tables.find((t) => t.page === last.page + 1);
    const map = next && lineUp(header.table, next.table);
    if (!next || !map) break;
    const repeated = findHeader(next.table, next.page, reading.profiles);
    const skip = repeated && repeated.score >= header.score * REPEATED_HEADER ? repeated.row + 1 : 0;
    const rows = next.table.rows.slice(skip);
    const amounts = reading.amountCol === undefined ? undefined : map.get(reading.amountCol);
    const holdsAmounts = rows.some((row) =>
      row.some((cell) => cell.col === amounts && parseNumber(cell.text, reading.hints) !== null),
    );
    if (skip === 0 && amounts !== undefined && !holdsAmounts) break;
    parts.push({ table: next.table, page: next.page, rows, map });
  }
  return parts;
}

const isTotalRow = (row: Row) => isTotalLabel(filled(row)[0]?.text ?? '') || isChargeRow(filled(row));

/** The column holding line amounts: where the totals rows put theirs, else the rightmost column of numbers. */
function amountColumn(rows: Row[], hints: TypingHints): number | undefined {
  const numeric = (cell: Cell) => /\d/.test(cell.text) && parseNumber(cell.text, hints) !== null;
  const totals = rows.find(isTotalRow);
  const fromTotals = totals && filled(totals).filter(numeric).at(-1)?.col;
  if (fromTotals !== undefined) return fromTotals;
  const counts = new Map<number, number>();
  for (const row of rows) {
    for (const cell of row.filter(numeric)) counts.set(cell.col, (counts.get(cell.col) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  return [...counts]
    .filter(([, n]) => n >= most / 2 && n > 0)
    .map(([col]) => col)
    .sort((a, b) => b - a)[0];
}

/** How many cells the rows read so far fill, as most of them do (0 before any). */
function usualWidth(widths: number[]): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

function readParts(
  parts: Part[],
  header: Header,
  items: ObjectField,
  {
    amountCol,
    hints,
    roles,
  }: { amountCol: number | undefined; hints: TypingHints; roles: (ColumnRole | undefined)[] },
) {
  const found: Item[] = [];
  const totals: StatedTotal[] = [];
  const widths: number[] = [];
  let seen = 0;
  reading: for (const part of parts) {
    const cellAt = (row: Row, col: number) => {
      const mapped = col >= 0 ? part.map.get(col) : undefined;
      return mapped === undefined ? undefined : row.find((cell) => cell.col === mapped);
    };
    let previous: Item | undefined;
    for (const row of part.rows) {
      const cells = filled(row);
      if (cells.length === 0) continue;
      if (isTotalRow(row)) {
        const amount = cells
          .map((cell) => parseNumber(cell.text, hints))
          .filter((n) => n !== null)
          .at(-1);
        if (amount !== undefined) totals.push({ label: cells[0]!.text.trim(), amount, page: part.page });
        continue;
      }
      // Past a totals row only rows with an amount go on (a section's items after its subtotal): the
      // rest of a sheet's used range is notes, not items.
      const amountCell = amountCol === undefined ? undefined : cellAt(row, amountCol);
      const amount = amountCell ? parseNumber(amountCell.text, hints) : null;
      if (totals.length > 0 && amount === null) break reading;
      // …and only as full as the items above: "abzüglich Vorschuss   – 250,00" and "Auszahlungsbetrag
      // 261,80" under "Summe" are the total's arithmetic, not items.
      if (totals.length > 0 && cells.length < usualWidth(widths) - 1) break reading;
      const wrapped = previous && wrappedInto(cells, previous, part, header, items);
      if (previous && wrapped !== undefined) {
        join(previous, wrapped, cells, row);
        continue;
      }
      seen++;
      widths.push(cells.length);
      const value: Record<string, FieldValue> = {};
      items.properties.forEach((p, i) => {
        const cell = cellAt(row, header.columns[i]!);
        value[p.name] =
          cell && p.kind !== 'object' && p.kind !== 'array' ? coerceScalar(p, cell.text, hints) : null;
      });
      if (Object.values(value).every((v) => v === null)) continue;
      groupedQuantity(value, items, roles, (i) => cellAt(row, header.columns[i]!)?.text);
      const ref = row.find((c) => c.ref)?.ref;
      previous = {
        value,
        evidence: {
          confidence: ROW_CONFIDENCE,
          page: part.page,
          ...(ref ? { cell: ref } : {}),
          text: filled(row)
            .map((c) => c.text)
            .join(' | '),
          source: 'table',
        },
        amount,
        row: cells[0]!.row,
        ...boxOf(cells),
      };
      found.push(previous);
    }
  }
  return { found, seen, totals };
}

/** "12 000 pcs": thousands grouped by a space, as French, Belgian and Nordic prices print them. */
const SPACE_GROUPED = /^\s*(\d{1,3}(?: \d{3})+)(?![\d.,])/;

/**
 * A quantity printed with its thousands grouped by a space reads as its first group ("12 000" as 12:
 * without a currency beside it, "12 000" may as well be two numbers). The line's own figures settle
 * it: the reading whose product with the unit price comes nearer the line amount, within a factor
 * of two (a line discount), is the quantity.
 */
function groupedQuantity(
  value: Record<string, FieldValue>,
  items: ObjectField,
  roles: (ColumnRole | undefined)[],
  cellText: (property: number) => string | undefined,
): void {
  const at = (role: ColumnRole) => roles.indexOf(role);
  const [q, u, a] = [at('quantity'), at('unit_price'), at('amount')];
  if (q < 0 || u < 0 || a < 0) return;
  const name = items.properties[q]!.name;
  const quantity = value[name];
  const price = value[items.properties[u]!.name];
  const amount = value[items.properties[a]!.name];
  if (typeof quantity !== 'number' || typeof price !== 'number' || typeof amount !== 'number') return;
  if (price <= 0 || amount <= 0) return;
  const grouped = SPACE_GROUPED.exec(cellText(q) ?? '')?.[1];
  if (!grouped) return;
  const whole = Number(grouped.replace(/ /g, ''));
  const off = (n: number) => Math.abs(Math.log((n * price) / amount));
  if (whole !== quantity && off(whole) < Math.LN2 && off(whole) < off(quantity)) value[name] = whole;
}

/**
 * A lone cell with words right under an item is the rest of a cell that wrapped onto the next line:
 * the name of the text property it goes on, or null when none of the item's properties is read there.
 */
function wrappedInto(cells: Cell[], previous: Item, part: Part, header: Header, items: ObjectField) {
  const cell = cells[0]!;
  // "83-96512-04-7)" goes on "(ISBN 978-": a lone figure alone is a row of its own.
  if (cells.length !== 1 || cell.row > previous.row + 1 || /^[\d\s.,]*$/.test(cell.text.trim()))
    return undefined;
  // "  Nov 5 - Dec 4, 2024" under a subscription: the period it covers, not more of its name.
  if (onlyDates(cell.text)) return null;
  const property = items.properties.find(
    (p, i) => p.kind === 'string' && part.map.get(header.columns[i]!) === cell.col,
  );
  return property?.name ?? null;
}

/** A date or a range of dates and nothing else: "Nov 5 - Dec 4, 2024", "01.03.2025 – 31.03.2025". */
function onlyDates(text: string): boolean {
  const spans = findDateSpans(text);
  if (spans.length === 0) return false;
  let rest = text;
  for (const span of [...spans].reverse()) rest = rest.slice(0, span.start) + rest.slice(span.end);
  return !/[\p{L}\p{N}]/u.test(rest.replace(/\b(?:to|bis|au|al|tot|until|through)\b/gi, ''));
}

function join(item: Item, property: string | null, cells: Cell[], row: Row): void {
  const cell = cells[0]!;
  if (property !== null) {
    const before = item.value[property];
    const text = cell.text.replace(/\s+/g, ' ').trim();
    item.value[property] = typeof before === 'string' ? `${before} ${text}` : text;
  }
  item.evidence.text = `${item.evidence.text}\n${filled(row)
    .map((c) => c.text)
    .join(' | ')}`;
  item.row = cell.row;
  const box = boxOf(cells).bbox;
  if (item.bbox && box) item.bbox = unionOf(item.bbox, box);
}

function boxOf(cells: Cell[]): { bbox?: BBox } {
  const boxes = cells.flatMap((cell) => (cell.bbox ? [cell.bbox] : []));
  return boxes.length === 0 ? {} : { bbox: boxes.reduce(unionOf) };
}

const unionOf = (a: BBox, b: BBox): BBox => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});
