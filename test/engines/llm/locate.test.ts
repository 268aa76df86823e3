import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document, Line } from '../../../src/documents/model.ts';
import { DocumentIndex } from '../../../src/engines/llm/locate.ts';

function indexOf(texts: string[], source: 'ocr' | 'text' = 'ocr'): DocumentIndex {
  const lines: Line[] = texts.map((text, index) => ({
    text,
    index,
    words: [],
    bbox: { x0: 10, y0: 10 + 12 * index, x1: 200, y1: 20 + 12 * index },
  }));
  const document: Document = {
    pages: [{ number: 1, width: 300, height: 400, lines, tables: [], source }],
    meta: { format: 'jpeg', bytes: 1, billedPages: 1, characters: 1 },
  };
  return new DocumentIndex(document, {});
}

describe('DocumentIndex: where a model’s value stands in the document', () => {
  it('finds a date written in words across a line break, with both lines as its place', () => {
    const index = indexOf([
      'is made and entered into effective as of the 10th day of',
      'January, 2007, by and between',
    ]);
    const found = index.findDate('2007-01-10');
    assert.equal(
      found?.text,
      'is made and entered into effective as of the 10th day of January, 2007, by and between',
    );
    assert.deepEqual(found?.bbox, [10, 10, 200, 32]);
    assert.equal(index.findDate('2007-01-11'), null);
  });

  it('finds words that the reading joined, from a word’s start to a word’s end only', () => {
    const index = indexOf(
      ['12, Jalan Tampoi 7/4 Kawasan Perindustrian', 'Tampoi81200 Johor Bahru, Johor'],
      'text',
    );
    const found = index.findText(
      '12, JALAN TAMPOI 7/4, KAWASAN PERINDUSTRIAN TAMPOI, 81200 JOHOR BAHRU, JOHOR',
    );
    assert.equal(found?.text, '12, Jalan Tampoi 7/4 Kawasan Perindustrian Tampoi81200 Johor Bahru, Johor');
    // "ampoi 81200" starts inside a word; "Tampoi 8120" ends inside one.
    assert.equal(index.findText('ampoi 81200'), null);
    assert.equal(index.findText('Tampoi 8120'), null);
  });

  it('finds on a page OCR read a value it misread (look-alike characters, one edit in eight), and says so', () => {
    const index = indexOf([
      'SYL R0ASTED DELIGHTS SDN BHD',
      'TOTAL RM 5S.5O',
      '75, JALAN SS 22/19 DAMANSARA JAYA',
    ]);
    const company = index.findText('SYL ROASTED DELIGHTS SDN. BHD.');
    assert.equal(company?.text, 'SYL R0ASTED DELIGHTS SDN BHD');
    assert.equal(company?.misread, true);
    assert.equal(index.findNumber(55.5)?.text, 'TOTAL RM 5S.5O');
    assert.equal(index.findNumber(55.5)?.misread, true);
    // An exact reading is not flagged; a value far from anything printed is not found.
    assert.equal(index.findText('Damansara Jaya')?.misread, undefined);
    assert.equal(index.findText('Marlowe Supplies Sdn Bhd'), null);
    assert.equal(index.findNumber(54.5), null);
    // The same misreading on a page with a text layer is not the value.
    const typed = indexOf(['SYL R0ASTED DELIGHTS SDN BHD'], 'text');
    assert.equal(typed.findText('SYL ROASTED DELIGHTS SDN. BHD.'), null);
  });

  it('finds a count the document writes in words, and not another count', () => {
    const index = indexOf(['for a period of two (2) years from the date hereof']);
    assert.notEqual(index.findText('2 years'), null);
    assert.equal(index.findText('3 years'), null);
  });
});
