import type { FieldValue } from '../../fields/field.ts';
import type { ViewLine } from './document-view.ts';

export type CandidateSource = 'label' | 'table' | 'prose' | 'type' | 'layout' | 'arithmetic' | 'signature';

/** One possible value of a field, with where it was found and how much the engine believes it. */
export interface Candidate {
  value: FieldValue;
  /** 0–1. */
  score: number;
  source: CandidateSource;
  line: ViewLine;
  /** The text the value was read from. */
  text: string;
  cell?: string;
}
