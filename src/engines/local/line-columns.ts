import type { Line } from '../../documents/model.ts';
import { type WordBoxes, wordBoxes } from '../../documents/word-boxes.ts';
import type { ViewLine } from './document-view.ts';

/** A stretch of a line set apart from the rest by a wide gap: a column of a layout. */
export interface LineColumn {
  text: string;
  /** Character offsets in the line's text as the engine reads it. */
  start: number;
  end: number;
  /** Horizontal extent: page units where the reader gave word boxes, else character columns. */
  x0: number;
  x1: number;
}

/** Words a row of a form or table holds at most ("1 Beratung (Stunden) 12 95,00 € 1.140,00 €": 7). */
const MAX_COLUMN_ROW_WORDS = 16;

const found = new WeakMap<ViewLine, LineColumn[] | undefined>();

/**
 * The columns of a line of the engine's view, found the first time they are asked for: most lines
 * are never asked.
 */
export function columnsOfLine(line: ViewLine): LineColumn[] | undefined {
  // Running text is not set in columns.
  if (line.tokens.length > MAX_COLUMN_ROW_WORDS) return undefined;
  if (!found.has(line)) found.set(line, lineColumns(line.source, line.text));
  return found.get(line);
}

/** A wide gap between columns of a line laid out with spaces (text files). */
const COLUMN_GAP = /\t+|\s{3,}/g;

/**
 * The columns of a line, or undefined when it has one. Word boxes decide where they are given (PDF
 * text layers, OCR: a gap wider than the line is high parts columns, several times a word space);
 * text laid out with spaces is parted at tabs and runs of three spaces.
 */
export function lineColumns(line: Line, text: string): LineColumn[] | undefined {
  const words = wordBoxes(line);
  const columns = words && words.count > 1 ? columnsByBoxes(words, text) : columnsBySpaces(text);
  return columns && columns.length >= 2 ? columns : undefined;
}

function columnsBySpaces(text: string): LineColumn[] {
  const out: LineColumn[] = [];
  let at = 0;
  for (const gap of [...text.matchAll(COLUMN_GAP), { index: text.length, 0: '' }]) {
    const piece = text.slice(at, gap.index);
    const start = at + piece.length - piece.trimStart().length;
    const end = at + piece.trimEnd().length;
    if (end > start) out.push({ text: text.slice(start, end), start, end, x0: start, x1: end });
    at = gap.index + gap[0].length;
  }
  return out;
}

function columnsByBoxes(words: WordBoxes, text: string): LineColumn[] | undefined {
  const { count, boxes, start: first } = words;
  const x0 = (i: number) => boxes[first + 4 * i]!;
  const x1 = (i: number) => boxes[first + 4 * i + 2]!;
  const heights = Array.from(
    { length: count },
    (_, i) => boxes[first + 4 * i + 3]! - boxes[first + 4 * i + 1]!,
  );
  const height = Math.max(...heights);
  // Index of each group's first word; the gaps are read from the boxes, the texts only for a line
  // that has columns.
  const groups = [0];
  const gaps = Array.from({ length: count - 1 }, (_, i) => x0(i + 1) - x1(i));
  // A narrower gap parts columns too where it is several times the line's own word space: forms set
  // cells closer than a line's height apart, and a word space is a fraction of it.
  const space = median(gaps);
  // A line may gather words of a larger type (a heading beside a form's cells): its usual word height.
  const usual = median(heights);
  const parts = (gap: number) => gap > height * 1.5 || (gap > usual * 0.9 && gap > space * 3);
  for (let i = 1; i < count; i++) if (parts(gaps[i - 1]!)) groups.push(i);
  if (groups.length < 2) return undefined;
  const texts = words.texts();
  // The engine's text of an OCR'd line may have lost specks at its ends: columns are found in it by
  // their words, in order, and a column whose words are not there is not a column.
  const out: LineColumn[] = [];
  let cursor = 0;
  for (const [g, from] of groups.entries()) {
    // Each word where the text has it, in order; a word the text lost is skipped.
    let start = -1;
    let end = -1;
    let left = 0;
    let right = 0;
    for (let i = from; i < (groups[g + 1] ?? count); i++) {
      const at = text.indexOf(texts[i]!, cursor);
      if (at < 0) continue;
      if (start < 0) {
        start = at;
        left = x0(i);
      }
      end = at + texts[i]!.length;
      right = x1(i);
      cursor = end;
    }
    if (start >= 0) out.push({ text: text.slice(start, end), start, end, x0: left, x1: right });
  }
  return out;
}

/** The text of a line that lies under a column of another line (a head): by word boxes, else by characters. */
export function cellUnder(column: { x0: number; x1: number }, line: ViewLine): string | undefined {
  const cells = columnsOfLine(line) ?? [
    { text: line.text, x0: line.bbox?.x0 ?? 0, x1: line.bbox?.x1 ?? line.text.length },
  ];
  return cells.find((c) => c.x0 < column.x1 && c.x1 > column.x0)?.text;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]!;
}
