import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseDateTime } from '../../src/fields/typing/index.ts';

describe('parseDateTime', () => {
  const table: [string, string | null][] = [
    ['2024-03-03T14:05:00+01:00', '2024-03-03T14:05:00+01:00'],
    ['2024-03-03T14:05:00Z', '2024-03-03T14:05:00Z'],
    ['2024-03-03T14:05:00.250-05:00', '2024-03-03T14:05:00.250-05:00'],
    ['2024-03-03T14:05:00+0530', '2024-03-03T14:05:00+05:30'],
    ['2024-03-03 14:05', '2024-03-03T14:05:00'],
    ['03/03/2024 14:05:30', '2024-03-03T14:05:30'],
    ['3 March 2024, 2:05 PM', '2024-03-03T14:05:00'],
    ['March 3, 2024 at 2:05pm', '2024-03-03T14:05:00'],
    ['3 March 2024 12:00 AM', '2024-03-03T00:00:00'],
    ['3 March 2024 12:30 p.m.', '2024-03-03T12:30:00'],
    ['3 March 2024 14:05 UTC', '2024-03-03T14:05:00Z'],
    ['3 March 2024 14:05 GMT+8', '2024-03-03T14:05:00+08:00'],
    ['3 mars 2024 à 14h05', '2024-03-03T14:05:00'],
    ['Date: 03/03/2024 Time: 2 PM', '2024-03-03T14:00:00'],
    ['14:05, 3 March 2024', '2024-03-03T14:05:00'],
    ['2024-03-03', '2024-03-03T00:00:00'],
    ['20240303', '2024-03-03T00:00:00'],
    ['2024-03-03 25:00', '2024-03-03T00:00:00'],
    ['14:05 only', null],
    ['31/02/2024 10:00', null],
  ];
  for (const [text, expected] of table) {
    it(`${JSON.stringify(text)} -> ${expected}`, () => assert.equal(parseDateTime(text), expected));
  }

  it('reads a time range as its start, not as a negative offset', () => {
    assert.equal(parseDateTime('3 March 2024 09:00-10:00'), '2024-03-03T09:00:00');
  });

  it('uses the date order hint', () => {
    assert.equal(parseDateTime('03/04/2024 10:00', { order: 'MDY' }), '2024-03-04T10:00:00');
  });
});

const p2 = (n: number) => String(n).padStart(2, '0');

describe('parseDateTime properties', () => {
  it('parses any date and clock time in 24-hour, 12-hour and ISO forms back', () => {
    const when = fc.record({
      year: fc.integer({ min: 1000, max: 9999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
      form: fc.constantFrom('iso', 'space', 'ampm', 'named'),
      offset: fc.constantFrom('', 'Z', '+01:00', '-05:00', '+05:30'),
    });
    fc.assert(
      fc.property(when, (w) => {
        const date = `${w.year}-${p2(w.month)}-${p2(w.day)}`;
        const clock = `${p2(w.hour)}:${p2(w.minute)}:${p2(w.second)}`;
        const half = w.hour < 12 ? 'AM' : 'PM';
        const h12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
        const text = {
          iso: `${date}T${clock}${w.offset}`,
          space: `${date} ${clock}${w.offset}`,
          ampm: `${p2(w.day)}/${p2(w.month)}/${w.year} ${h12}:${p2(w.minute)}:${p2(w.second)} ${half}`,
          named: `${w.day} ${'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[w.month - 1]} ${w.year}, ${clock}`,
        }[w.form];
        const offset = w.form === 'iso' || w.form === 'space' ? w.offset : '';
        assert.equal(parseDateTime(text), `${date}T${clock}${offset}`, text);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws and returns null or a valid ISO date-time on arbitrary text', () => {
    const pattern = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
    const timeish = fc.string({
      unit: fc.constantFrom(...'0123456789:/-.+ TZ'.split(''), 'PM', 'am', 'UTC', '2024'),
    });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), timeish), (text) => {
        const value = parseDateTime(text);
        assert.ok(value === null || pattern.test(value), `${JSON.stringify(text)} -> ${value}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseDateTime in longer text', () => {
  it('takes the time of an ISO date-time elsewhere in the text, not the digits of its offset', () => {
    const text = 'Agreement of 3rd of March, 2024. Invoice dated 2024-03-03T14:05:00+08:00.';
    assert.equal(parseDateTime(text), '2024-03-03T14:05:00+08:00');
  });
});
