import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Evidence } from '../../../src/engines/engine.ts';
import { mergeMembers } from '../../../src/engines/llm/list-members.ts';

const at = (page: number, text: string): Evidence => ({ confidence: 0.8, page, text, bbox: [0, 0, 10, 10] });

describe('mergeMembers: one list from the chunks of a long document', () => {
  it('keeps each party once, in first-given order, however each chunk writes or shortens it', () => {
    const merged = mergeMembers([
      {
        value: ['Kite Pharma', 'Beacon Labs LLC'],
        evidence: [at(1, 'Kite Pharma'), at(1, 'Beacon Labs LLC')],
      },
      {
        value: ['KITE PHARMA, INC.', 'Beacon Labs, LLC'],
        evidence: [at(5, 'KITE PHARMA, INC.'), at(5, 'Beacon Labs, LLC')],
      },
      {
        value: ['Kite Pharma Inc', 'Orion Trust'],
        evidence: [at(9, 'Kite Pharma Inc'), at(9, 'Orion Trust')],
      },
    ]);
    assert.deepEqual(merged.value, ['KITE PHARMA, INC.', 'Beacon Labs LLC', 'Orion Trust']);
    assert.equal((merged.evidence as Evidence[])[0]!.page, 5, 'the fuller name, with its own place');
  });

  it('keeps table rows that are alike when they stand in different places, and one given twice at one place', () => {
    const row = { item: 'Widget', amount: 10 };
    const merged = mergeMembers([
      {
        value: [row, row],
        evidence: [
          { item: at(1, 'a'), amount: at(1, 'a') },
          { item: at(1, 'a'), amount: at(1, 'a') },
        ],
      },
      { value: [row], evidence: [{ item: at(2, 'b'), amount: at(2, 'b') }] },
    ]);
    assert.equal((merged.value as unknown[]).length, 2);
  });

  it('does not take a short word for a name within another', () => {
    const merged = mergeMembers([
      { value: ['AB', 'AB Foods Ltd', 'Ltd'], evidence: [at(1, 'x'), at(1, 'y'), at(1, 'z')] },
    ]);
    assert.deepEqual(merged.value, ['AB', 'AB Foods Ltd']);
  });
});
