import type { Field, FieldValue } from '../../fields/field.ts';
import type { Evidence, EvidenceTree, WeighedValue } from '../engine.ts';
import { isDerived } from './derived.ts';
import type { Found } from './found.ts';
import { mergeMembers } from './list-members.ts';
import type { DocumentIndex, Location } from './locate.ts';
import { sameReading } from './look-alike.ts';
import { isObject } from './parse-answer.ts';

/**
 * A value the model read and the document shows where such a field's value stands: its reading is
 * checked, not calibrated. It cannot be fitted without a real model's answers (the fakes of npm run
 * eval:llm are right or wrong by construction): run npm run eval -- DIR --engine llm against a real
 * one and read the calibration table of the answers stated at 0.8.
 */
export const GROUNDED_CONFIDENCE = 0.8;
/**
 * A value printed in the document but not where such a field's value stands (an amount that is a
 * quantity, a place name taken from an address for a company): a document prints many values, and
 * the model may have taken the wrong one.
 */
export const ELSEWHERE_CONFIDENCE = 0.4;
/** Most a value the document does not show may claim (a count, a yes/no worked out). */
export const UNGROUNDED_CONFIDENCE = 0.5;
export const NOT_FOUND_NOTE = 'not found in the document';
export const ELSEWHERE_NOTE = "found in the document, but not where such a field's value stands";
export const MISREAD_NOTE = "OCR read it otherwise; the model's reading is kept";

const ABSENT: Evidence = { confidence: 0, page: null, text: null, engine: 'llm', note: NOT_FOUND_NOTE };

/** What grounding looks in: the document, the pages the model was shown, the values the local engine weighed. */
export interface Grounding {
  index: DocumentIndex;
  pages?: number[];
  /** Per top-level scalar field, the values found where such a field's value stands (and others). */
  weighed?: Record<string, WeighedValue[]>;
}

/**
 * Every value the model returned is looked for in the pages it was shown (on a page OCR read, also
 * as OCR may have misread it). Found where the local engine found values for this field (beside
 * its label, in its column, in its place): GROUNDED_CONFIDENCE. Found elsewhere only:
 * ELSEWHERE_CONFIDENCE, with a note. Not found: kept only for a derived field (a count, a yes/no),
 * else null; either way at most UNGROUNDED_CONFIDENCE with the note.
 */
export function ground(field: Field, value: FieldValue, grounding: Grounding): Found {
  return groundValue(field, value, grounding, grounding.weighed?.[field.name]);
}

function groundValue(
  field: Field,
  value: FieldValue,
  grounding: Grounding,
  weighed: WeighedValue[] | undefined,
): Found {
  if (field.kind === 'object') {
    if (!isObject(value)) return { value: null, evidence: { ...ABSENT } };
    const out: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const p of field.properties) {
      const found = groundValue(
        p,
        (value as Record<string, FieldValue>)[p.name] ?? null,
        grounding,
        undefined,
      );
      out[p.name] = found.value;
      evidence[p.name] = found.evidence;
    }
    return { value: out, evidence };
  }
  if (field.kind === 'array') {
    const items = (Array.isArray(value) ? value : [])
      .map((item) => groundValue(field.items, item, grounding, undefined))
      .filter((f) => f.value !== null && !allNull(f.value));
    // One list given with a member twice, or once shorter: one member (list-members.ts).
    return mergeMembers([{ value: items.map((f) => f.value), evidence: items.map((f) => f.evidence) }]);
  }
  if (value === null) return { value: null, evidence: { ...ABSENT } };
  const location = locate(field, value, grounding.index, grounding.pages);
  if (location) {
    const { misread, ...where } = location;
    // Where the local engine found no value at all for the field, it cannot say where one stands.
    const placed =
      weighed === undefined ||
      weighed.length === 0 ||
      weighed.some((w) => w.placed && samePlace(field, w, value, location));
    const notes = [misread ? MISREAD_NOTE : '', placed ? '' : ELSEWHERE_NOTE].filter((n) => n !== '');
    return {
      value,
      evidence: {
        confidence: placed ? GROUNDED_CONFIDENCE : ELSEWHERE_CONFIDENCE,
        ...where,
        source: 'model',
        engine: 'llm',
        ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
      },
    };
  }
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

/** Whether a value the local engine weighed is the model's: the same value, or the same line misread. */
function samePlace(field: Field, weighed: WeighedValue, value: FieldValue, location: Location): boolean {
  if (sameValue(field, weighed.value, value)) return true;
  return Boolean(location.misread) && weighed.page === location.page && location.text.includes(weighed.text);
}

/** Two answers of a field that are one value (a string misread by OCR is still the same one). */
export function sameValue(field: Field, a: FieldValue, b: FieldValue): boolean {
  if (a === null || b === null) return false;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  if (typeof a === 'string' && typeof b === 'string') {
    if (field.kind === 'string') return sameReading(a, b);
    return a.trim().toLowerCase() === b.trim().toLowerCase();
  }
  return JSON.stringify(a) === JSON.stringify(b);
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
