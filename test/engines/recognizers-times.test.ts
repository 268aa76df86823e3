import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findTimes } from '../../src/engines/recognizers/index.ts';
import { answerText as answer } from '../helpers/extract-text.ts';

const values = (text: string) => findTimes(text).map((s) => s.value);

describe('times of day', () => {
  it('reads the 24-hour clock, a meridiem and clock words as HH:MM', () => {
    assert.deepEqual(values('21/02/2025   17:36'), ['17:36']);
    assert.deepEqual(values('Date 04/05/2025 Time 5:36 PM'), ['17:36']);
    assert.deepEqual(values('12:05 am'), ['00:05']);
    assert.deepEqual(values('um 17.36 Uhr bezahlt'), ['17:36']);
    assert.deepEqual(values('Heure : 9h05'), ['09:05']);
    assert.deepEqual(values('14:02:55'), ['14:02']);
  });

  it('takes no amount, date, ratio or impossible clock for a time', () => {
    assert.deepEqual(values('TOTAL 12.50'), []);
    assert.deepEqual(values('21.02.2025'), []);
    assert.deepEqual(values('25:10 and 13 PM'), []);
    assert.deepEqual(values('1,234.56'), []);
  });

  it('answers a time field however it is named, from the receipt head', async () => {
    const receipt =
      'CAFE LUNA\n12 Harbour St, Auckland 1010\n\n21/02/2025            17:36\n\nFlat white   5.50\nTOTAL        5.50\nCARD         5.50\n';
    for (const [name, body] of [
      ['purchase_time', '{ type: string }'],
      ['txnTime', '{ type: string }'],
      ['heure_d_achat', "{ type: string, description: L'heure de l'achat }"],
    ])
      assert.equal(await answer(receipt, name!, body!), '17:36', name);
  });
});
