import type { BBox, Line, Word } from '../model.ts';

/**
 * Why words are packed: a dense text page holds thousands of words, and each is a Word and a BBox
 * object whose four coordinates V8 keeps as boxed doubles, about 200 bytes a word (a 480-page
 * contract: 400,000 words, 77 MB of a 94 MB document). The engines read lines, and a line's words
 * only on OCR'd pages, so most of those objects are never looked at. A packed line keeps its words'
 * boxes in one Float64Array per page and makes the Word objects the first time `words` is read.
 */
interface Packed {
  /** The line's text when it was packed: its words are this text split at spaces. */
  text: string;
  boxes: Float64Array;
  /** Index in `boxes` of the line's first word's x0. */
  start: number;
}

const PACKED = Symbol('packed words');

type PackedLine = Line & { [PACKED]: Packed };

/**
 * The same lines with their words packed. Only lines built from a text layer qualify (every word
 * boxed, confidence 1, no space inside a word, the text being the words joined by single spaces);
 * any other line is returned as it is. Reading `words` gives objects equal, key order included, to
 * those the line held, so JSON, deep equality and structured clone see the same line.
 */
export function packWords(lines: Line[]): Line[] {
  let count = 0;
  for (const line of lines) if (packable(line)) count += line.words.length;
  if (count === 0) return lines;
  const boxes = new Float64Array(count * 4);
  let at = 0;
  return lines.map((line) => {
    if (!packable(line)) return line;
    const packed: Packed = { text: line.text, boxes, start: at };
    for (const word of line.words) {
      const box = word.bbox!;
      boxes[at] = box.x0;
      boxes[at + 1] = box.y0;
      boxes[at + 2] = box.x1;
      boxes[at + 3] = box.y1;
      at += 4;
    }
    return packedLine(line, packed);
  });
}

function packable(line: Line): boolean {
  if (line.words.length === 0) return false;
  for (const word of line.words) {
    if (word.confidence !== 1 || !word.bbox || word.text === '' || word.text.includes(' ')) return false;
  }
  return line.words.map((word) => word.text).join(' ') === line.text;
}

/** A copy of the line, keys in the same order, `words` an accessor in place of the array. */
function packedLine(line: Line, packed: Packed): Line {
  const descriptors: PropertyDescriptorMap = {};
  for (const [key, value] of Object.entries(line)) {
    descriptors[key] =
      key === 'words'
        ? { get: unpackWords, set: replaceWords, enumerable: true, configurable: true }
        : { value, writable: true, enumerable: true, configurable: true };
  }
  descriptors[PACKED] = { value: packed, writable: true, enumerable: false, configurable: true };
  return Object.defineProperties({}, descriptors) as Line;
}

/** Makes the words once, then keeps them as a plain property: later reads see the same array. */
function unpackWords(this: PackedLine): Word[] {
  const { text, boxes, start } = this[PACKED];
  const words = text.split(' ').map((word, i): Word => {
    const at = start + i * 4;
    const bbox: BBox = { x0: boxes[at]!, y0: boxes[at + 1]!, x1: boxes[at + 2]!, y1: boxes[at + 3]! };
    return { text: word, bbox, confidence: 1 };
  });
  replaceWords.call(this, words);
  return words;
}

/**
 * Where a packed line's word boxes lie, for reading them without making the words (documents/
 * word-boxes.ts); undefined for a line that is not packed or whose words were read, which are then
 * the line's own (they may have been replaced).
 */
export function packedBoxes(line: Line): Readonly<Packed> | undefined {
  return Object.getOwnPropertyDescriptor(line, 'words')?.get === unpackWords
    ? (line as PackedLine)[PACKED]
    : undefined;
}

function replaceWords(this: PackedLine, words: Word[]): void {
  Object.defineProperty(this, 'words', {
    value: words,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
