import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Line } from '../../src/documents/model.ts';
import { packWords } from '../../src/documents/pdf/packed-words.ts';

const line = (index: number, words: [string, number][]): Line => {
  const boxed = words.map(([text, x]) => ({
    text,
    bbox: { x0: x, y0: 10.25 * index, x1: x + 20.5, y1: 10.25 * index + 9.75 },
    confidence: 1,
  }));
  return {
    text: boxed.map((w) => w.text).join(' '),
    bbox: { x0: 1.5, y0: 2.25, x1: 300.01, y1: 12.99 },
    words: boxed,
    index,
  };
};

/** Plain lines as the layout builds them, and an independent copy to compare with. */
const fixture = () => {
  const make = () => [
    line(0, [
      ['Invoice', 72.1],
      ['number', 110.37],
      ['12345', -0.5],
    ]),
    line(1, [['Due', 72]]),
  ];
  return { plain: make(), expected: make() };
};

describe('packWords', () => {
  it('gives lines equal to the plain ones: deep equality, JSON, key order, structured clone', () => {
    const { plain, expected } = fixture();
    const packed = packWords(plain);
    assert.deepStrictEqual(packed, expected);
    assert.equal(JSON.stringify(packed), JSON.stringify(expected));
    assert.deepEqual(Object.keys(packed[0]!), ['text', 'bbox', 'words', 'index']);
    assert.deepStrictEqual(structuredClone(packWords(fixture().plain)), expected);
    assert.deepStrictEqual({ ...packWords(fixture().plain)[1]! }, expected[1]);
  });

  it('makes the words once: later reads see the same array, which may be replaced', () => {
    const [first] = packWords(fixture().plain);
    const words = first!.words;
    assert.equal(first!.words, words);
    first!.words = [];
    assert.deepEqual(first!.words, []);
    assert.deepEqual(Object.keys(first!), ['text', 'bbox', 'words', 'index']);
  });

  it('keeps any line it cannot rebuild exactly as it is', () => {
    const ocr = { ...line(0, [['Total', 5]]) };
    ocr.words = [{ ...ocr.words[0]!, confidence: 0.8 }];
    const unboxed: Line = {
      text: 'a b',
      words: [
        { text: 'a', confidence: 1 },
        { text: 'b', confidence: 1 },
      ],
      index: 1,
    };
    const spaced: Line = { ...line(2, [['x', 1]]), text: 'x  ' };
    const empty: Line = { text: '', words: [], index: 3 };
    const lines = [ocr, unboxed, spaced, empty];
    const out = packWords(lines);
    for (const [i, l] of out.entries()) assert.equal(l, lines[i]);
  });
});
