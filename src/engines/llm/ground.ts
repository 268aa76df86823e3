import type { Field, FieldValue } from '../../fields/field.ts';
import type { Evidence, EvidenceTree } from '../engine.ts';
import { isDerived } from './derived.ts';
import type { DocumentIndex, Location } from './locate.ts';
import { itemKey } from './merge-chunks.ts';
import { isObject } from './parse-answer.ts';

/** A field's typed value with the evidence of where it stands in the document. */
export interface Found {
  value: FieldValue;
  evidence: EvidenceTree;
}

/**
 * A value the model read and the document shows: its reading is checked, not calibrated. It cannot
 * be fitted without a real model's answers (the expected-answer model of npm run eval:fake-llm is
 * right by construction, so every grounded answer of it is): run npm run eval -- DIR --engine llm
 * against a real one and read the calibration table of the answers stated at 0.8. Hybrid keeps the
 * surer of the two answers, so HYBRID_THRESHOLD is worth setting only below it.
 */
export const GROUNDED_CONFIDENCE = 0.8;
/** Most a value the document does not show may claim. */
export const UNGROUNDED_CONFIDENCE = 0.5;
export const NOT_FOUND_NOTE = 'not found in the document';

const ABSENT: Evidence = { confidence: 0, page: null, text: null, engine: 'llm', note: NOT_FOUND_NOTE };

/**
 * Every value the model returned is looked for in the pages it was shown. Found: evidence like a
 * local answer's. Not found: kept only for a derived field (count, sum, yes/no), else null; either
 * way at most UNGROUNDED_CONFIDENCE with the note.
 */
export function ground(field: Field, value: FieldValue, index: DocumentIndex, pages?: number[]): Found {
  if (field.kind === 'object') {
    if (!isObject(value)) return { value: null, evidence: { ...ABSENT } };
    const out: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const p of field.properties) {
      const found = ground(p, (value as Record<string, FieldValue>)[p.name] ?? null, index, pages);
      out[p.name] = found.value;
      evidence[p.name] = found.evidence;
    }
    return { value: out, evidence };
  }
  if (field.kind === 'array') {
    // An item repeated at the same place is one row given twice (rows that are truly alike but on the
    // same line cannot be told apart by grounding, which finds a value's first occurrence).
    const seen = new Set<string>();
    const items = (Array.isArray(value) ? value : [])
      .map((item) => ground(field.items, item, index, pages))
      .filter((f) => f.value !== null && !allNull(f.value))
      .filter((f) => {
        const key = itemKey(f.value, f.evidence);
        return seen.has(key) ? false : Boolean(seen.add(key));
      });
    return { value: items.map((f) => f.value), evidence: items.map((f) => f.evidence) };
  }
  if (value === null) return { value: null, evidence: { ...ABSENT } };
  const location = locate(field, value, index, pages);
  if (location)
    return {
      value,
      evidence: { confidence: GROUNDED_CONFIDENCE, ...location, source: 'model', engine: 'llm' },
    };
  if (!isDerived(field)) return { value: null, evidence: { ...ABSENT } };
  return {
    value,
    evidence: {
      confidence: UNGROUNDED_CONFIDENCE,
      page: null,
      text: null,
      source: 'model',
      engine: 'llm',
      note: NOT_FOUND_NOTE,
    },
  };
}

function locate(field: Field, value: FieldValue, index: DocumentIndex, pages?: number[]): Location | null {
  switch (field.kind) {
    case 'double':
    case 'integer':
      return typeof value === 'number' ? index.findNumber(value, pages) : null;
    case 'date':
    case 'datetime':
      return typeof value === 'string' ? index.findDate(value, pages) : null;
    case 'boolean':
      return typeof value === 'boolean' ? index.findBoolean(value, labelsOf(field), pages) : null;
    default:
      return typeof value === 'string' ? index.findText(value, pages) : null;
  }
}

function labelsOf(field: Field): string[] {
  return [field.name.replace(/[_\-.]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2'), ...field.aliases];
}

function allNull(value: FieldValue): boolean {
  return (
    isObject(value) && Object.values(value).every((v) => v === null || (Array.isArray(v) && v.length === 0))
  );
}
