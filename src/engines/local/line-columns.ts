import type { Line } from '../../documents/model.ts';
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
 * are never asked, and a PDF line's words are unpacked only when read (documents/pdf/packed-words.ts).
 */
export function columnsOfLine(line: ViewLine): LineColumn[] | undefined {
  // Running text is not set in columns, and its words are the many a dense PDF keeps packed.
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
  const boxed = line.words.length > 1 && line.words.every((w) => w.bbox);
  const columns = boxed ? columnsByBoxes(line, text) : columnsBySpaces(text);
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

function columnsByBoxes(line: Line, text: string): LineColumn[] | undefined {
  const words = line.words;
  const height = Math.max(...words.map((w) => w.bbox!.y1 - w.bbox!.y0));
  const groups: (typeof words)[] = [[words[0]!]];
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.bbox!.x0 - words[i - 1]!.bbox!.x1;
    if (gap > height * 1.5) groups.push([]);
    groups.at(-1)!.push(words[i]!);
  }
  if (groups.length < 2) return undefined;
  // The engine's text of an OCR'd line may have lost specks at its ends: columns are found in it by
  // their words, in order, and a column whose words are not there is not a column.
  const out: LineColumn[] = [];
  let cursor = 0;
  for (const group of groups) {
    // Each word where the text has it, in order; a word the text lost is skipped.
    let start = -1;
    let end = -1;
    let x0 = 0;
    let x1 = 0;
    for (const word of group) {
      const at = text.indexOf(word.text, cursor);
      if (at < 0) continue;
      if (start < 0) {
        start = at;
        x0 = word.bbox!.x0;
      }
      end = at + word.text.length;
      x1 = word.bbox!.x1;
      cursor = end;
    }
    if (start >= 0) out.push({ text: text.slice(start, end), start, end, x0, x1 });
  }
  return out;
}
