import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Candidate } from '../../src/engines/local/candidate.ts';
import type { ViewLine } from '../../src/engines/local/document-view.ts';
import { choose, MIN_SCORE, rank } from '../../src/engines/local/select.ts';

const line: ViewLine = {
  id: 0,
  page: 1,
  text: 'DD: 06/08/2017',
  tokens: [],
  y: 0.1,
  offset: 0,
  ocr: true,
  confidence: 1,
  source: { text: 'DD: 06/08/2017', words: [], index: 0 },
};
const candidate = (source: Candidate['source'], score: number, value = '2017-08-06'): Candidate => ({
  value,
  score,
  source,
  line,
  text: line.text,
});

describe('choose', () => {
  it('keeps a value whose type reading clears its bar though a prose reading of it does not', () => {
    const picked = choose(
      rank([candidate('prose', MIN_SCORE.prose - 0.2), candidate('type', MIN_SCORE.type + 0.05)]),
    );
    assert.equal(picked?.candidate.value, '2017-08-06');
  });

  it('answers null when no reading of any value clears its bar', () => {
    assert.equal(
      choose(
        rank([
          candidate('prose', MIN_SCORE.prose - 0.2),
          candidate('type', MIN_SCORE.type - 0.1, '2017-01-01'),
        ]),
      ),
      null,
    );
  });
});
