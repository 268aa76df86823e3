import type { Evidence, EvidenceTree, ExtractionResult } from '../engines/engine.ts';
import type { Field, FieldValue } from '../fields/field.ts';

const NOT_FOUND: Evidence = { confidence: 0, page: null, text: null, note: 'not found in the document' };

/**
 * `data` holds exactly the configured fields, in their order, whatever an engine returned:
 * a field not found is null (an array: []), and a required one says so in its evidence.
 */
export function shapeResult(fields: Field[], raw: ExtractionResult): ExtractionResult {
  const data: Record<string, FieldValue> = {};
  const evidence: Record<string, EvidenceTree> = {};
  for (const field of fields) {
    const value = shapeValue(field, raw.data[field.name]);
    data[field.name] = value;
    const found = raw.evidence[field.name];
    evidence[field.name] = isEmpty(value)
      ? missing(field, found)
      : (found ?? { confidence: 0.5, page: null, text: null });
  }
  return {
    data,
    evidence,
    ...(raw.usage ? { usage: raw.usage } : {}),
    ...(raw.model ? { model: raw.model } : {}),
    ...(raw.fallback ? { fallback: raw.fallback } : {}),
  };
}

function isEmpty(value: FieldValue): boolean {
  return value === null || (Array.isArray(value) && value.length === 0);
}

/** A null field's evidence, keeping the engine's reason when it gave one. */
function missing(field: Field, found: EvidenceTree | undefined): Evidence {
  const note =
    found && !Array.isArray(found) && typeof found.note === 'string'
      ? (found.note as string)
      : NOT_FOUND.note;
  // Which engine answered (hybrid, llm) is kept: it says who found nothing.
  const engine = found && !Array.isArray(found) ? found.engine : undefined;
  const base: Evidence = { ...NOT_FOUND, note, ...(typeof engine === 'string' ? { engine } : {}) };
  return field.required ? { ...base, note: `required field ${note}` } : base;
}

function shapeValue(field: Field, value: FieldValue | undefined): FieldValue {
  if (field.kind === 'array') {
    return Array.isArray(value) ? value.map((v) => shapeValue(field.items, v)).filter((v) => v !== null) : [];
  }
  if (field.kind === 'object') {
    if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value))
      return null;
    const out: Record<string, FieldValue> = {};
    for (const p of field.properties) out[p.name] = shapeValue(p, value[p.name]);
    return Object.values(out).every(isEmpty) ? null : out;
  }
  return value === undefined ? null : value;
}
