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
  | 'postal_address'
  | 'currency'
  | 'percent'
  | 'payment'
  | 'time';

export interface EntitySpan {
  /** UTF-16 offsets into the scanned text; `text` is `source.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
  /**
   * The normalised value: canonical place name, "2 years", digits of a phone number, compact IBAN,
   * ISO 4217 currency code, a percentage's number ("7.5").
   */
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

/** A span found at a token, and the token the scan goes on from. */
export interface Found {
  span: EntitySpan;
  next: number;
}

/**
 * Spans found left to right, never overlapping: `at(i, floor)` looks for one starting at token i,
 * where `floor` is the first token the previous span left free.
 */
export function scanSpans(count: number, at: (i: number, floor: number) => Found | null): EntitySpan[] {
  const spans: EntitySpan[] = [];
  let floor = 0;
  let i = 0;
  while (i < count) {
    const found = at(i, floor);
    if (found) {
      spans.push(found.span);
      floor = i = found.next;
    } else i++;
  }
  return spans;
}
