import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Line } from '../../src/documents/model.ts';
import { packWords } from '../../src/documents/pdf/packed-words.ts';
import { type WordBoxes, wordBoxes } from '../../src/documents/word-boxes.ts';

const line = (): Line => {
  const words = [
    ['Invoice', 72.1, 100.37],
    ['No.:', 103.5, 120.25],
    ['NW-2024-0193', 260.75, 330],
  ].map(([text, x0, x1]) => ({
    text: text as string,
    bbox: { x0: x0 as number, y0: 10.25, x1: x1 as number, y1: 19.75 },
    confidence: 1,
  }));
  return { text: words.map((w) => w.text).join(' '), words, index: 0 };
};

const plainly = (boxes: WordBoxes | undefined) =>
  boxes && {
    count: boxes.count,
    boxes: Array.from({ length: boxes.count * 4 }, (_, i) => boxes.boxes[boxes.start + i]),
    texts: boxes.texts(),
  };

const isPacked = (l: Line) => Object.getOwnPropertyDescriptor(l, 'words')?.get !== undefined;

describe('wordBoxes', () => {
  it("reads a packed line's boxes and texts as the plain line's, without making its words", () => {
    const [packed] = packWords([line()]);
    assert.ok(isPacked(packed!));
    assert.deepEqual(plainly(wordBoxes(packed!)), plainly(wordBoxes(line())));
    assert.ok(isPacked(packed!));
    assert.deepEqual(plainly(wordBoxes(line()))?.texts, ['Invoice', 'No.:', 'NW-2024-0193']);
  });

  it('reads the words a packed line was given in place of its own', () => {
    const [packed] = packWords([line()]);
    packed!.words = [{ text: 'Total', bbox: { x0: 1, y0: 2, x1: 3, y1: 4 }, confidence: 1 }];
    assert.deepEqual(plainly(wordBoxes(packed!)), { count: 1, boxes: [1, 2, 3, 4], texts: ['Total'] });
  });

  it('gives nothing for a line with a word without a box', () => {
    const unboxed: Line = { text: 'a b', words: [{ text: 'a', confidence: 1 }, line().words[0]!], index: 0 };
    assert.equal(wordBoxes(unboxed), undefined);
  });
});
