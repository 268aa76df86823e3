import type { FieldValue } from '../../fields/field.ts';
import type { ViewLine } from './document-view.ts';

export type CandidateSource =
  | 'label'
  | 'table'
  | 'prose'
  | 'type'
  | 'layout'
  | 'arithmetic'
  | 'signature'
  | 'pair';

/** How a form's label meets the field (routes/pairs.ts), each 0–1 but the counts. */
export interface PairClues {
  /** Share of the field's name words the label says. */
  name: number;
  /** Best share of one of the field's label phrases (its name, aliases, its concept's phrases). */
  phrase: number;
  /** Share of the description's content words the label says. */
  description: number;
  /** Share of the label's words that the field's words hold. */
  covered: number;
  /** How much of the label is a phrase of another concept. */
  other: number;
  /** 1 when the value stands under its label, 0 beside it. */
  below: number;
  labelWords: number;
  /** The value's end of a range the cell holds: 1 its start, 2 its end, 0 no range. */
  rangeAt: number;
  /** 1 when the label names a number or a code ("#", "No", "Reference"). */
  idLabel: number;
  /** 1 when the label and the cell right of it head cells of one row beneath (a row of column heads). */
  headRow: number;
  /** For a label naming a reference or the document: how often the document says its head word, a page (else −1). */
  headMentions: number;
  /** …and that head's rank among the document's reference labels' heads by mentions, 0 the most (else −1). */
  headRank: number;
  /**
   * For a label naming a reference: 1 when its head word names a document ("Invoice #", "Contract
   * #"), 0 when it names something else, often another party's ("Agency Order #", "External #").
   */
  headDocument: number;
  /** How far the value stands from its label, in the label's heights: a cell across the page is rarely its value. */
  gap: number;
}

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
  /** Set by the pairs route only. */
  clues?: PairClues;
}
