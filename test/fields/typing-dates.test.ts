import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { DateOrder } from '../../src/fields/field.ts';
import { findDateSpans, guessDateOrder, parseDate } from '../../src/fields/typing/index.ts';

describe('parseDate', () => {
  const table: [string, string | null][] = [
    ['2024-03-03', '2024-03-03'],
    ['2024/03/03', '2024-03-03'],
    ['2024.3.3', '2024-03-03'],
    ['20240303', '2024-03-03'],
    ['3 March 2024', '2024-03-03'],
    ['3rd of March, 2024', '2024-03-03'],
    ['the 21st of September 2024', '2024-09-21'],
    ['March 3, 2024', '2024-03-03'],
    ['Mar 3, 2024', '2024-03-03'],
    ['Sept. 3, 2024', '2024-09-03'],
    ['3 Sept 2024', '2024-09-03'],
    ['03-Mar-2024', '2024-03-03'],
    ['03-MAR-24', '2024-03-03'],
    ["3 Mar '24", '2024-03-03'],
    ['2024-Mar-03', '2024-03-03'],
    ['3.3.2024', '2024-03-03'],
    ['25/03/2024', '2024-03-25'],
    ['03/25/2024', '2024-03-25'],
    ['3/4/85', '1985-04-03'],
    ['1/1/69', '2069-01-01'],
    ['1/1/70', '1970-01-01'],
    ['2024年3月3日', '2024-03-03'],
    ['2024년 3월 3일', '2024-03-03'],
    ['3. März 2024', '2024-03-03'],
    ['1er août 2024', '2024-08-01'],
    ['3 de marzo de 2024', '2024-03-03'],
    ['15 januari 2024', '2024-01-15'],
    ['3 Ogos 2024', '2024-08-03'],
    ['Monday, 3 March 2024', '2024-03-03'],
    ['Invoice date: 2024-03-03T14:05:00Z', '2024-03-03'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2023', null],
    ['31/02/2024', null],
    ['2024-13-01', null],
    ['June 2024', null],
    ['v1.2.10', null],
    ['10.20.30.40', null],
    ['no date here', null],
    ['', null],
  ];
  for (const [text, expected] of table) {
    it(`${JSON.stringify(text)} -> ${expected}`, () => assert.equal(parseDate(text), expected));
  }

  it('reads 03/04/2024 day first by default and by the hint otherwise', () => {
    assert.equal(parseDate('03/04/2024'), '2024-04-03');
    assert.equal(parseDate('03/04/2024', { order: 'DMY' }), '2024-04-03');
    assert.equal(parseDate('03/04/2024', { order: 'MDY' }), '2024-03-04');
  });

  it('takes the only valid reading when the hint reading is impossible', () => {
    assert.equal(parseDate('25/03/2024', { order: 'MDY' }), '2024-03-25');
    assert.equal(parseDate('03/25/2024', { order: 'DMY' }), '2024-03-25');
  });

  it('lets an unambiguous date in the same text settle an ambiguous one', () => {
    assert.equal(parseDate('From 03/04/2024 to 04/25/2024'), '2024-03-04');
  });

  it('reads two-digit-year dates year first only when told so', () => {
    assert.equal(parseDate('24/03/15', { order: 'YMD' }), '2024-03-15');
  });

  it('does not take a day range for a two-digit year', () => {
    // The range's first date, with the year it leaves to the second.
    assert.equal(parseDate('1 Jan - 31 Dec 2024'), '2024-01-01');
    assert.equal(parseDate('1 Jan 31 Dec 2024'), '2024-12-31');
  });

  it('reads the first date of a range that leaves its year, or its month and year, to the second', () => {
    const first = (text: string) => findDateSpans(text)[0]?.value;
    assert.equal(first('This period (1 Oct - 31 Oct 2025)'), '2025-10-01');
    assert.equal(first('Zeitraum 01.10. - 31.10.2025'), '2025-10-01');
    assert.equal(first('Statement period: Oct 1 to Oct 31, 2025'), '2025-10-01');
    assert.equal(first('1–31 October 2025'), '2025-10-01');
    assert.equal(first('15 Dec - 14 Jan 2026'), '2025-12-15');
    // A number before a dash that is not a day of the range is left alone.
    assert.equal(first('Pages 3 - 5 May 2025'), '2025-05-05');
    assert.equal(first('Ref 2024-10 - 31 Oct 2025'), '2025-10-31');
  });

  it('reads a till stamp with a named month and a two-digit year', () => {
    assert.equal(parseDate('DATE 24 MAR 18 13:45'), '2018-03-24');
    assert.equal(parseDate('01APR18 CASHIER 2'), '2018-04-01');
  });

  it('does not take an hour after a named month for a year', () => {
    assert.equal(parseDate('1 Mar 10:30'), null);
  });
});

describe('findDateSpans', () => {
  it('finds every date with its offsets', () => {
    const text = 'Signed on 3 March 2024, due 2024-04-01; paid 05/06/2024. Ref 1.2.3';
    const spans = findDateSpans(text);
    assert.deepEqual(
      spans.map((s) => [s.text, s.value]),
      [
        ['3 March 2024', '2024-03-03'],
        ['2024-04-01', '2024-04-01'],
        ['05/06/2024', '2024-06-05'],
      ],
    );
    for (const s of spans) assert.equal(text.slice(s.start, s.end), s.text);
  });

  it('reads ambiguous dates of a US document month first', () => {
    const spans = findDateSpans('Issued 12/25/2023. Due 01/02/2024.');
    assert.deepEqual(
      spans.map((s) => s.value),
      ['2023-12-25', '2024-01-02'],
    );
  });
});

describe('guessDateOrder', () => {
  it('reads the order from unambiguous dates and month names', () => {
    assert.equal(guessDateOrder('Date 25/03/2024, paid 03/04/2024'), 'DMY');
    assert.equal(guessDateOrder('Date 03/25/2024, paid 03/04/2024'), 'MDY');
    assert.equal(guessDateOrder('Signed March 3, 2024'), 'MDY');
    assert.equal(guessDateOrder('Signed 3 March 2024'), 'DMY');
    assert.equal(guessDateOrder('Le 3 mars 2024'), 'DMY');
    assert.equal(guessDateOrder('Date 98/03/15'), 'YMD');
    assert.equal(guessDateOrder('Date 24/03/15'), 'DMY'); // a valid day-first date
    assert.equal(guessDateOrder('03/04/2024 and 2024-01-01'), undefined);
    assert.equal(guessDateOrder('25/03/2024 and 03/25/2024'), undefined);
  });
});

// ---- properties ----

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const FRENCH = 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(
  ' ',
);
const GERMAN = 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(
  ' ',
);
const SPANISH =
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const calendarDate = (minYear: number, maxYear: number) =>
  fc
    .record({
      year: fc.integer({ min: minYear, max: maxYear }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .map(({ year, month, day }) => ({ year, month, day: Math.min(day, daysIn(year, month)) }));

const p2 = (n: number) => String(n).padStart(2, '0');
const iso = (d: { year: number; month: number; day: number }) => `${d.year}-${p2(d.month)}-${p2(d.day)}`;
const abbr = (month: number) => (month === 9 ? 'Sept' : MONTHS[month - 1]!.slice(0, 3));
function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

type Form = (d: { year: number; month: number; day: number }) => [string, DateOrder | undefined];
const FORMS: Record<string, Form> = {
  iso: (d) => [iso(d), undefined],
  slashIso: (d) => [`${d.year}/${p2(d.month)}/${p2(d.day)}`, undefined],
  dayMonthYear: (d) => [`${d.day} ${MONTHS[d.month - 1]} ${d.year}`, undefined],
  ordinalOf: (d) => [`${ordinal(d.day)} of ${MONTHS[d.month - 1]}, ${d.year}`, undefined],
  monthDayYear: (d) => [`${MONTHS[d.month - 1]} ${d.day}, ${d.year}`, undefined],
  abbrDayYear: (d) => [`${abbr(d.month)} ${d.day}, ${d.year}`, undefined],
  dashed: (d) => [`${p2(d.day)}-${abbr(d.month)}-${d.year}`, undefined],
  dotted: (d) => [`${d.day}.${d.month}.${d.year}`, 'DMY'],
  dmySlash: (d) => [`${p2(d.day)}/${p2(d.month)}/${d.year}`, 'DMY'],
  mdySlash: (d) => [`${p2(d.month)}/${p2(d.day)}/${d.year}`, 'MDY'],
  cjk: (d) => [`${d.year}年${d.month}月${d.day}日`, undefined],
  french: (d) => [`${d.day === 1 ? '1er' : d.day} ${FRENCH[d.month - 1]} ${d.year}`, undefined],
  german: (d) => [`${d.day}. ${GERMAN[d.month - 1]} ${d.year}`, undefined],
  spanish: (d) => [`${d.day} de ${SPANISH[d.month - 1]} de ${d.year}`, undefined],
};

const SHORT_FORMS: Record<string, Form> = {
  dmyShort: (d) => [`${p2(d.day)}/${p2(d.month)}/${p2(d.year % 100)}`, 'DMY'],
  mdyShort: (d) => [`${d.month}/${d.day}/${p2(d.year % 100)}`, 'MDY'],
  dashedShort: (d) => [`${p2(d.day)}-${abbr(d.month).toUpperCase()}-${p2(d.year % 100)}`, undefined],
};

function validIso(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

describe('parseDate properties', () => {
  const label = fc.constantFrom('', 'Date: ', 'Invoice date ', 'Due on ');
  const tail = fc.constantFrom('', '.', ' (net 30)', ', paid');

  it('parses any valid date in each written form back to the same ISO date', () => {
    fc.assert(
      fc.property(
        calendarDate(1000, 9999),
        fc.constantFrom(...Object.keys(FORMS)),
        label,
        tail,
        (d, form, l, t) => {
          const [written, order] = FORMS[form]!(d);
          assert.equal(parseDate(l + written + t, order ? { order } : undefined), iso(d), written);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('parses two-digit years with the 1970–2069 window', () => {
    fc.assert(
      fc.property(calendarDate(1970, 2069), fc.constantFrom(...Object.keys(SHORT_FORMS)), (d, form) => {
        const [written, order] = SHORT_FORMS[form]!(d);
        assert.equal(parseDate(written, order ? { order } : undefined), iso(d), written);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a day-first date without any hint whenever the day is 12 or less or the reading is forced', () => {
    fc.assert(
      fc.property(calendarDate(1000, 9999), (d) => {
        assert.equal(parseDate(`${p2(d.day)}/${p2(d.month)}/${d.year}`), iso(d));
      }),
    );
  });

  it('never returns an invalid date, whatever the text', () => {
    const dateish = fc.string({
      unit: fc.constantFrom(
        ...'0123456789/-.,: 年月日'.split(''),
        'March',
        'Feb',
        'of',
        '31',
        '2024',
        "'",
        'T',
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), dateish),
        fc.constantFrom('DMY', 'MDY', 'YMD'),
        (text, o) => {
          const order = o as DateOrder;
          for (const value of [parseDate(text), parseDate(text, { order })]) {
            assert.ok(value === null || validIso(value), `${JSON.stringify(text)} -> ${value}`);
          }
          for (const span of findDateSpans(text, { order })) {
            assert.ok(validIso(span.value));
            assert.equal(text.slice(span.start, span.end), span.text);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
