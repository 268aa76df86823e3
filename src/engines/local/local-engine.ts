import type { Document, Table } from '../../documents/model.ts';
import type { Field, FieldValue, ObjectField } from '../../fields/field.ts';
import {
  coerceScalar,
  findNumberSpans,
  guessTypingHints,
  type TypingHints,
} from '../../fields/typing/index.ts';
import type {
  Evidence,
  EvidenceTree,
  ExtractionEngine,
  ExtractionResult,
  ExtractOptions,
} from '../engine.ts';
import { CALIBRATION, type CalibrationTable, calibrate } from './calibrate.ts';
import type { Candidate } from './candidate.ts';
import {
  arithmeticCandidates,
  labelCandidates,
  layoutCandidates,
  proseCandidates,
  signatureCandidates,
  tableCandidates,
  typeCandidates,
} from './candidates.ts';
import { buildView, type DocumentView, tokenise } from './document-view.ts';
import { type FieldProfile, profileField } from './field-profile.ts';
import { findLabel } from './label-match.ts';
import { type Choice, choose, chooseMany } from './select.ts';

interface Found {
  value: FieldValue;
  evidence: EvidenceTree;
}

const NOT_FOUND: Found = { value: null, evidence: { confidence: 0, page: null, text: null } };

/**
 * The offline engine: a careful clerk's reading. Each field gets candidates from labels that name
 * it, table headers, values of its type, sentences that announce it and the page's layout; the best
 * scored one wins, and a field with no convincing candidate stays null.
 */
export class LocalEngine implements ExtractionEngine {
  readonly name = 'local';
  readonly #calibration: CalibrationTable;

  /** `calibration`: raw scores as confidence when empty (the fitting script's view). */
  constructor(options: { calibration?: CalibrationTable } = {}) {
    this.#calibration = options.calibration ?? CALIBRATION;
  }

  async extract(
    document: Document,
    fields: Field[],
    options: ExtractOptions = {},
  ): Promise<ExtractionResult> {
    const view = buildView(document);
    const hints = { ...guessTypingHints(view.text.slice(0, 200_000)), centsAmounts: centsAmounts(view.text) };
    const data: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const field of fields) {
      options.signal?.throwIfAborted();
      const found = resolve(field, { view, calibration: this.#calibration }, hints);
      data[field.name] = found.value;
      evidence[field.name] = found.evidence;
    }
    return { data, evidence };
  }
}

/** One document being read, and how the engine states its confidence. */
interface Reading {
  view: DocumentView;
  calibration: CalibrationTable;
}

function resolve(field: Field, reading: Reading, documentHints: TypingHints, parent?: Field): Found {
  const { view } = reading;
  const hints =
    field.kind === 'date' || field.kind === 'datetime'
      ? { ...documentHints, ...(field.dateOrder ? { dateOrder: field.dateOrder } : {}) }
      : documentHints;
  if (field.kind === 'object') return resolveObject(field, reading, hints);
  const profile = profileField(field, parent);
  if (field.kind === 'array') {
    if (field.items.kind === 'object') return lineItems(field.items, view, hints);
    const many = chooseMany(candidatesFor(view, profile, hints));
    return { value: many.map((c) => c.candidate.value), evidence: many.map((c) => evidenceOf(reading, c)) };
  }
  const best = choose(candidatesFor(view, profile, hints));
  return best ? { value: best.candidate.value, evidence: evidenceOf(reading, best) } : NOT_FOUND;
}

function candidatesFor(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const found = [
    ...labelCandidates(view, profile, hints),
    ...tableCandidates(view, profile, hints),
    ...typeCandidates(view, profile, hints),
    ...proseCandidates(view, profile, hints),
    ...layoutCandidates(view, profile),
    ...signatureCandidates(view, profile),
  ];
  return [...found, ...arithmeticCandidates(view, profile, hints, found)];
}

function resolveObject(field: ObjectField, reading: Reading, hints: TypingHints): Found {
  const value: Record<string, FieldValue> = {};
  const evidence: Record<string, EvidenceTree> = {};
  for (const p of field.properties) {
    const found = resolve(p, reading, hints, field);
    value[p.name] = found.value;
    evidence[p.name] = found.evidence;
  }
  return { value, evidence };
}

/** The spreadsheet cell of a line's row that holds the value, for evidence by cell. */
function cellOf(view: DocumentView, choice: Choice): string | undefined {
  const { line, value } = choice.candidate;
  if (line.paragraph === undefined) return undefined;
  const cells = view.cells.get(`${line.page}:${line.paragraph}`);
  if (!cells) return undefined;
  const wanted = String(value)
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return (
    cells.find((c) =>
      c.text
        .toUpperCase()
        .replace(/[^\p{L}\p{N}]/gu, '')
        .includes(wanted),
    ) ?? cells.at(-1)
  )?.ref;
}

function evidenceOf(reading: Reading, choice: Choice): Evidence {
  const { line, text } = choice.candidate;
  const cell = choice.candidate.cell ?? cellOf(reading.view, choice);
  const where = cell
    ? { cell }
    : line.bbox
      ? {
          bbox: [line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1].map(
            (n) => Math.round(n * 10) / 10,
          ) as [number, number, number, number],
        }
      : line.paragraph !== undefined
        ? { paragraph: line.paragraph }
        : {};
  return {
    confidence: calibrate(reading.calibration, choice.candidate.source, line.ocr, choice.score),
    page: line.page,
    ...where,
    text,
    source: choice.candidate.source,
  };
}

/** Rows whose first cell says they are totals, not items. */
const TOTAL_ROW =
  /^\s*(sub\s*-?\s*total|total|grand total|tax|vat|gst|amount due|balance|rounding|discount)\b/i;

/** Line items: the table whose header names the item's properties best, one object per row. */
function lineItems(items: ObjectField, view: DocumentView, hints: TypingHints): Found {
  const profiles = items.properties.map((p) => profileField(p));
  let best: { rows: Record<string, FieldValue>[]; evidence: EvidenceTree[]; score: number } | null = null;
  for (const { table, page } of view.tables) {
    const header = table.rows[0];
    if (!header || table.rows.length < 2) continue;
    const columns = profiles.map((profile) => bestColumn(header, profile));
    const matched = columns.filter((c) => c.col >= 0);
    const score = matched.reduce((n, c) => n + c.score, 0) / items.properties.length;
    if (matched.length === 0 || (best && best.score >= score)) continue;
    const { rows, evidence } = readRows(table, items, columns, page, hints);
    best = { rows, evidence, score };
  }
  return best ? { value: best.rows, evidence: best.evidence } : { value: [], evidence: [] };
}

function bestColumn(header: Table['rows'][number], profile: FieldProfile): { col: number; score: number } {
  let col = -1;
  let score = 0;
  for (const cell of header) {
    const hit = findLabel(tokenise(cell.text), profile, cell.text);
    if (hit && hit.score > score) {
      col = cell.col;
      score = hit.score;
    }
  }
  return score >= 0.45 ? { col, score } : { col: -1, score: 0 };
}

function readRows(
  table: Table,
  items: ObjectField,
  columns: { col: number }[],
  page: number,
  hints: TypingHints,
) {
  const rows: Record<string, FieldValue>[] = [];
  const evidence: EvidenceTree[] = [];
  for (const row of table.rows.slice(1)) {
    const rowText = row.map((c) => c.text).join(' | ');
    if (TOTAL_ROW.test(row[0]?.text ?? '') || TOTAL_ROW.test(row.find((c) => c.text.trim())?.text ?? ''))
      continue;
    const item: Record<string, FieldValue> = {};
    items.properties.forEach((p, i) => {
      const col = columns[i]!.col;
      const cell = col >= 0 ? row.find((c) => c.col === col) : undefined;
      item[p.name] =
        cell && p.kind !== 'object' && p.kind !== 'array' ? coerceScalar(p, cell.text, hints) : null;
    });
    const filled = Object.entries(item).filter(([, v]) => v !== null);
    if (filled.length === 0) continue;
    const previous = rows.at(-1);
    // A row with nothing but text continues the description of the item above it.
    if (
      previous &&
      filled.length === 1 &&
      typeof filled[0]![1] === 'string' &&
      typeof previous[filled[0]![0]] === 'string'
    ) {
      previous[filled[0]![0]] = `${previous[filled[0]![0]]} ${filled[0]![1]}`;
      continue;
    }
    rows.push(item);
    const ref = row.find((c) => c.ref)?.ref;
    evidence.push({ confidence: 0.8, page, ...(ref ? { cell: ref } : {}), text: rowText });
  }
  return { rows, evidence };
}

/** Whether (nearly) every amount with decimals in the text has exactly two: a currency document. */
function centsAmounts(text: string): boolean {
  const decimals = findNumberSpans(text.slice(0, 50_000))
    .filter((s) => s.amount)
    .map((s) => s.text.match(/[.,](\d+)$/)?.[1]?.length ?? 0)
    .filter((n) => n > 0);
  return decimals.length >= 5 && decimals.filter((n) => n === 2).length / decimals.length >= 0.8;
}
