import type { FieldValue } from '../../fields/field.ts';
import type { EvidenceTree } from '../engine.ts';

/** A field's typed value with the evidence of where it stands in the document. */
export interface Found {
  value: FieldValue;
  evidence: EvidenceTree;
}
