/** A typed value found inside a longer text, for engines that scan text for values of a type. */
export interface ValueSpan<T> {
  /** UTF-16 offsets into the scanned text; `text` is `source.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
  value: T;
}
