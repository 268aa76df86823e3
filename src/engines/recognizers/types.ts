/** What every recognizer returns: a typed piece of a text, found without any model or network. */
export type EntityKind =
  | 'organization'
  | 'person'
  | 'location'
  | 'duration'
  | 'email'
  | 'phone'
  | 'url'
  | 'iban'
  | 'vat'
  | 'postal_address';

export interface EntitySpan {
  /** UTF-16 offsets into the scanned text; `text` is `source.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
  /** The normalised value: canonical place name, "2 years", digits of a phone number, compact IBAN. */
  value: string;
  /** 0–1: how sure the recognizer is that the span is of its kind. */
  confidence: number;
  kind: EntityKind;
}

/** A run of lines that together hold one postal address. */
export interface AddressBlock {
  /** Indexes into the lines given, both inclusive. */
  startLine: number;
  endLine: number;
  value: string;
  confidence: number;
}

export function entity(
  source: string,
  start: number,
  end: number,
  value: string,
  confidence: number,
  kind: EntityKind,
): EntitySpan {
  return { start, end, text: source.slice(start, end), value, confidence, kind };
}
