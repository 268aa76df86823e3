import type { Document, Line, Table } from '../documents/model.ts';
import type { ArrayField, Field, FieldValue, ObjectField } from '../fields/field.ts';
import { coerceScalar } from '../fields/typing/index.ts';
import type { Evidence, EvidenceTree, ExtractionEngine, ExtractionResult } from './engine.ts';
import { type FieldTerms, fieldTerms, labelScore } from './field-terms.ts';

/** Below this, a label is a coincidence, and the field is better left null. */
const MIN_SCORE = 0.45;

interface LocatedLine {
  line: Line;
  page: number;
  next?: Line;
}

interface Candidate {
  value: FieldValue;
  evidence: Evidence;
}

/**
 * The first local engine: a field's value is what follows a label that names it ("Total: 54.50",
 * "Invoice no   A-17", or a label alone on its line with the value below), typed by the field's type.
 */
export class LabelValueEngine implements ExtractionEngine {
  readonly name = 'label-value';

  async extract(document: Document, fields: Field[]): Promise<ExtractionResult> {
    const lines = locate(document);
    const tables = document.pages.flatMap((p) => p.tables.map((table) => ({ table, page: p.number })));
    const data: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const field of fields) {
      const found = this.#field(field, lines, tables);
      data[field.name] = found.value;
      evidence[field.name] = found.evidence;
    }
    return { data, evidence };
  }

  #field(
    field: Field,
    lines: LocatedLine[],
    tables: { table: Table; page: number }[],
    parent?: Field,
  ): {
    value: FieldValue;
    evidence: EvidenceTree;
  } {
    if (field.kind === 'object') return this.#object(field, lines, tables);
    if (field.kind === 'array') return this.#array(field, lines, tables);
    const best = candidates(field, lines, fieldTerms(field, parent)).sort(
      (a, b) => b.evidence.confidence - a.evidence.confidence,
    )[0];
    return best ?? { value: null, evidence: { confidence: 0, page: null, text: null } };
  }

  #object(field: ObjectField, lines: LocatedLine[], tables: { table: Table; page: number }[]) {
    const value: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const p of field.properties) {
      const found = this.#field(p, lines, tables, field);
      value[p.name] = found.value;
      evidence[p.name] = found.evidence;
    }
    return { value, evidence };
  }

  #array(field: ArrayField, lines: LocatedLine[], tables: { table: Table; page: number }[]) {
    if (field.items.kind === 'object') return rowsOfBestTable(field.items, tables);
    const found = candidates(
      field.items,
      lines,
      fieldTerms({
        ...field.items,
        name: field.name,
        description: field.description,
        aliases: field.aliases,
      }),
    );
    return { value: found.map((c) => c.value), evidence: found.map((c) => c.evidence) };
  }
}

function locate(document: Document): LocatedLine[] {
  return document.pages.flatMap((page) =>
    page.lines.map((line, i) => {
      const next = page.lines[i + 1];
      return next ? { line, page: page.number, next } : { line, page: page.number };
    }),
  );
}

/** "Label: value", "Label<tab or 2+ spaces>value", or "Label:" with the value on the next line. */
function splitLabel(text: string): { label: string; value: string } | null {
  const colon = text.match(/^\s*([^:：]{1,80}?)\s*[:：]\s*(.*)$/);
  if (colon) return { label: colon[1]!, value: colon[2]! };
  const gap = text.match(/^\s*(.{1,80}?)(?:\t+| {2,})\s*(\S.*)$/);
  if (gap) return { label: gap[1]!, value: gap[2]! };
  return null;
}

function candidates(field: Field, lines: LocatedLine[], terms: FieldTerms): Candidate[] {
  const found: Candidate[] = [];
  for (const { line, page, next } of lines) {
    const split = splitLabel(line.text);
    if (!split) continue;
    const score = labelScore(split.label, terms);
    if (score < MIN_SCORE) continue;
    const valueText = split.value.trim() !== '' ? split.value : (next?.text ?? '');
    const value = coerceScalar(field, valueText);
    if (value === null) continue;
    found.push({ value, evidence: evidenceOf(line, page, score) });
  }
  return found;
}

function evidenceOf(line: Line, page: number, confidence: number): Evidence {
  const where = line.bbox
    ? { bbox: [line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1] as [number, number, number, number] }
    : line.paragraph !== undefined
      ? { paragraph: line.paragraph }
      : {};
  return { confidence: Math.round(confidence * 100) / 100, page, ...where, text: line.text };
}

/** Line items: the table whose header names the item's properties best, one object per row. */
function rowsOfBestTable(items: ObjectField, tables: { table: Table; page: number }[]) {
  const propertyTerms = items.properties.map((p) => fieldTerms(p));
  let best: { rows: Record<string, FieldValue>[]; evidence: EvidenceTree[]; score: number } | null = null;
  for (const { table, page } of tables) {
    const header = table.rows[0];
    if (!header || table.rows.length < 2) continue;
    const columns = propertyTerms.map((terms) => {
      const scores = header.map((cell) => labelScore(cell.text, terms));
      const col = scores.indexOf(Math.max(...scores));
      return (scores[col] ?? 0) >= MIN_SCORE ? col : -1;
    });
    const score = columns.filter((c) => c >= 0).length / items.properties.length;
    if (score === 0 || (best && best.score >= score)) continue;
    const rows: Record<string, FieldValue>[] = [];
    const evidence: EvidenceTree[] = [];
    for (const row of table.rows.slice(1)) {
      const item: Record<string, FieldValue> = {};
      items.properties.forEach((p, i) => {
        const cell = columns[i]! >= 0 ? row.find((c) => c.col === columns[i]) : undefined;
        item[p.name] = cell ? coerceScalar(p, cell.text) : null;
      });
      if (Object.values(item).every((v) => v === null)) continue;
      rows.push(item);
      evidence.push({
        confidence: Math.round(score * 100) / 100,
        page,
        text: row.map((c) => c.text).join(' | '),
      });
    }
    best = { rows, evidence, score };
  }
  return best ? { value: best.rows, evidence: best.evidence } : { value: [], evidence: [] };
}
