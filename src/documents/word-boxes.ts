import type { Line } from './model.ts';
import { packedBoxes } from './pdf/packed-words.ts';

/**
 * A line's words as boxes, for what needs only their geometry (a line's columns). Reading a PDF
 * line's `words` makes a Word and a BBox object for each of them, kept as long as the document
 * (pdf/packed-words.ts): looking at the columns of every line that names a field made 21,000 of a
 * dense 480-page PDF's 28,800 lines keep theirs, 59 MB a document.
 */
export interface WordBoxes {
  count: number;
  /** x0, y0, x1, y1 of the i-th word at `start + 4 * i`. */
  boxes: ArrayLike<number>;
  start: number;
  /** The words' texts, made when asked for: most lines are looked at for their gaps only. */
  texts(): string[];
}

/** The boxes of a line's words; undefined when a word has none. */
export function wordBoxes(line: Line): WordBoxes | undefined {
  const packed = packedBoxes(line);
  if (packed) {
    let count = 1;
    for (let i = packed.text.indexOf(' '); i >= 0; i = packed.text.indexOf(' ', i + 1)) count++;
    return { count, boxes: packed.boxes, start: packed.start, texts: () => packed.text.split(' ') };
  }
  const words = line.words;
  const boxes: number[] = [];
  for (const word of words) {
    if (!word.bbox) return undefined;
    boxes.push(word.bbox.x0, word.bbox.y0, word.bbox.x1, word.bbox.y1);
  }
  return { count: words.length, boxes, start: 0, texts: () => words.map((word) => word.text) };
}
