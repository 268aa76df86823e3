import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  findNumberSpans,
  guessDecimalMark,
  parseInteger,
  parseNumber,
} from '../../src/fields/typing/index.ts';

describe('parseNumber', () => {
  const table: [string, number | null][] = [
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u202f234,56', 1234.56],
    ["1'234.56", 1234.56],
    ['1’234.56', 1234.56],
    ['1,234', 1234],
    ['12,50', 12.5],
    ['0,123', 0.123],
    ['1.234', 1.234],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['1,23,456.78', 123456.78],
    ['$1,234.56', 1234.56],
    ['1.234,56 €', 1234.56],
    ['€1.234,56', 1234.56],
    ['£12', 12],
    ['¥1,000', 1000],
    ['RM 54.50', 54.5],
    ['USD 1,000.00', 1000],
    ['1.000,00 EUR', 1000],
    ['54.50 MYR', 54.5],
    ['US$ 12.34', 12.34],
    ['Total: RM 54.50', 54.5],
    ['Invoice 2024-001, total 54.50', 54.5],
    ['Qty 3 Amount $12.00', 12],
    ['-12', -12],
    ['−12.5', -12.5],
    ['-$12.00', -12],
    ['$-12.00', -12],
    ['(12.00)', -12],
    ['($1,234.56)', -1234.56],
    ['(12.00 €)', -12],
    ['1,234.00-', -1234],
    ['12.5%', 12.5],
    ['12,5 %', 12.5],
    ['-3.5%', -3.5],
    ['.5', 0.5],
    ['12,-', 12],
    ['1 234 €', 1234],
    ['1 234 567', 1234567],
    ['１２３', 123],
    ['abc', null],
    ['', null],
    ['no digits here, only words.', null],
  ];
  for (const [text, expected] of table) {
    it(`${JSON.stringify(text)} -> ${expected}`, () => assert.equal(parseNumber(text), expected));
  }

  it('does not take a label dash, a code or a range hyphen for a minus sign', () => {
    assert.equal(parseNumber('Total - 54.50'), 54.5);
    assert.equal(parseNumber('INV-123'), 123);
    assert.equal(parseNumber('pages 10-20'), 10);
  });

  it('does not negate a bare number in parentheses (a list item or footnote)', () => {
    assert.equal(parseNumber('(3)'), 3);
  });

  it('reads a quantity and a price separated by a space as two numbers', () => {
    assert.equal(parseNumber('2 100.00'), 100);
    assert.deepEqual(
      findNumberSpans('2 100.00 200.00').map((s) => s.value),
      [2, 100, 200],
    );
  });

  it('joins space-grouped digits before a decimal point only after a leading currency', () => {
    assert.equal(parseNumber('$1 234.56'), 1234.56);
    assert.equal(parseNumber('2 100.00 USD'), 100);
    assert.equal(parseNumber('Price: 1 234.56'), 234.56);
  });

  it('settles "1.234" and "1,234" by the decimal mark hint', () => {
    assert.equal(parseNumber('1.234', { decimalMark: ',' }), 1234);
    assert.equal(parseNumber('1,234', { decimalMark: ',' }), 1.234);
    assert.equal(parseNumber('1.234', { decimalMark: '.' }), 1.234);
    assert.equal(parseNumber('1,234.56', { decimalMark: ',' }), 1234.56); // unambiguous text wins
  });

  it('is not misled by a version number or a dotted date into a number', () => {
    assert.equal(parseNumber('version 1.2.3'), null);
  });
});

describe('parseInteger', () => {
  it('accepts integral values and rejects fractions', () => {
    assert.equal(parseInteger('12'), 12);
    assert.equal(parseInteger('12.00'), 12);
    assert.equal(parseInteger('12.5'), null);
    assert.equal(parseInteger('1,234'), 1234);
    assert.equal(parseInteger('(1,000.00)'), -1000);
    assert.equal(parseInteger('Pages: 7'), 7);
    assert.equal(parseInteger('none'), null);
    assert.ok(Object.is(parseInteger('-0'), 0));
  });
});

describe('findNumberSpans', () => {
  it('finds amounts with their currency and percent signs and skips dates and codes', () => {
    const text = 'INV-22 dated 03/04/2024: 2 x RM 54.50 = RM109.00 (6% SST), refund (1,234.00)';
    const spans = findNumberSpans(text);
    assert.deepEqual(
      spans.map((s) => [s.text, s.value, s.currency ?? null, s.percent, s.amount]),
      [
        ['2', 2, null, false, false],
        ['RM 54.50', 54.5, 'RM', false, true],
        ['RM109.00', 109, 'RM', false, true],
        ['6%', 6, null, true, true],
        ['(1,234.00)', -1234, null, false, true],
      ],
    );
    for (const s of spans) assert.equal(text.slice(s.start, s.end), s.text);
  });
});

describe('guessDecimalMark', () => {
  it('reads the mark from unambiguous numbers', () => {
    assert.equal(guessDecimalMark('Summe 1.234,56 € und 12,50 €'), ',');
    assert.equal(guessDecimalMark('Total $1,234.56'), '.');
    assert.equal(guessDecimalMark('Qty 2 100.00 200.00'), '.');
    assert.equal(guessDecimalMark('Page 12 of 20'), undefined);
  });
});

// ---- properties ----

type Style = 'us' | 'eu' | 'eu-space' | 'swiss' | 'narrow';
const STYLES: Record<Style, { group: string; mark: '.' | ',' }> = {
  us: { group: ',', mark: '.' },
  eu: { group: '.', mark: ',' },
  'eu-space': { group: ' ', mark: ',' },
  swiss: { group: "'", mark: '.' },
  narrow: { group: '\u202f', mark: ',' },
};
const CURRENCIES = ['', '$', '€', '£', '¥', 'RM', 'USD', 'EUR', 'MYR', 'CHF', 'US$'];

function group(digits: string, sep: string): string {
  const parts: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) parts.unshift(digits.slice(Math.max(0, end - 3), end));
  return parts.join(sep);
}

const amount = fc.record({
  int: fc.bigInt({ min: 0n, max: 999_999_999_999n }),
  frac: fc.stringMatching(/^[0-9]{0,4}$/),
  style: fc.constantFrom<Style>('us', 'eu', 'eu-space', 'swiss', 'narrow'),
  grouped: fc.boolean(),
  currency: fc.constantFrom(...CURRENCIES),
  after: fc.boolean(),
  space: fc.boolean(),
  sign: fc.constantFrom('', '-', '()'),
  label: fc.constantFrom('', 'Total: ', 'Amount due '),
});

type Amount = typeof amount extends fc.Arbitrary<infer T> ? T : never;

function render(a: Amount) {
  const { group: sep, mark } = STYLES[a.style];
  const digits = a.int.toString();
  let core = a.grouped ? group(digits, sep) : digits;
  if (a.frac) core += mark + a.frac;
  const gap = a.space ? ' ' : '';
  let text = core;
  if (a.currency) text = a.after ? `${core}${gap}${a.currency}` : `${a.currency}${gap}${core}`;
  const amountLike = a.frac !== '' || a.currency !== '' || (a.grouped && core !== digits);
  let negative = false;
  if (a.sign === '-') {
    text = `-${text}`;
    negative = true;
  } else if (a.sign === '()' && amountLike) {
    text = `(${text})`;
    negative = true;
  }
  const magnitude = Number(a.frac ? `${digits}.${a.frac}` : digits);
  return { text: a.label + text, core, expected: negative ? -magnitude : magnitude, mark };
}

/** The two notations nobody can tell apart without context: "1.234" and "1,234". */
function ambiguous(core: string): boolean {
  return /^[1-9]\d{0,2}[.,]\d{3}$/.test(core);
}

/** "1 234" with a plain space and nothing else may be two numbers; it counts only next to a currency. */
function twoNumbers(core: string, currency: string): boolean {
  return currency === '' && /^\d{1,3} \d{3}$/.test(core);
}

function near(actual: number | null, expected: number): boolean {
  return actual !== null && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

describe('parseNumber properties', () => {
  it('parses any amount in any notation, currency and sign back to itself', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const r = render(a);
        fc.pre(!ambiguous(r.core) && !twoNumbers(r.core, a.currency));
        assert.ok(
          near(parseNumber(r.text), r.expected),
          `${r.text} -> ${parseNumber(r.text)} != ${r.expected}`,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('parses even "1.234" and "1,234" back when told the decimal mark', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const r = render(a);
        // Beside a currency one mark before three digits groups thousands (see below).
        fc.pre(
          !twoNumbers(r.core, a.currency) && !(ambiguous(r.core) && a.currency !== '' && a.frac.length === 3),
        );
        const got = parseNumber(r.text, { decimalMark: r.mark });
        assert.ok(near(got, r.expected), `${r.text} -> ${got} != ${r.expected}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads one mark before three digits beside a currency as thousands: money has two decimals', () => {
    assert.equal(parseNumber('EUR 72.000', { decimalMark: '.' }), 72000);
    assert.equal(parseNumber('a salary of € 8.000 gross'), 8000);
    assert.equal(parseNumber('USD 1,250', { decimalMark: ',' }), 1250);
    // …but not a price per unit, nor a currency of three decimals.
    assert.equal(parseNumber('Super 95  1.659 €/l'), 1.659);
    assert.equal(parseNumber('BHD 1.250'), 1.25);
    assert.equal(parseNumber('1.250 kg'), 1.25);
  });

  it('never throws and returns null or a finite number on arbitrary text', () => {
    const numberish = fc.string({ unit: fc.constantFrom(..."0123456789.,' -()$€%RMUSD\u00a0:/e".split('')) });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), numberish), (text) => {
        const n = parseNumber(text);
        assert.ok(n === null || Number.isFinite(n));
        const i = parseInteger(text);
        assert.ok(i === null || Number.isInteger(i));
        let previous = -1;
        for (const s of findNumberSpans(text)) {
          assert.ok(Number.isFinite(s.value) && s.start >= previous && s.end > s.start);
          assert.equal(text.slice(s.start, s.end), s.text);
          previous = s.end;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('returns null on text without a digit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!/[0-9０-９٠-٩۰-۹]/.test(text));
        assert.equal(parseNumber(text), null);
      }),
    );
  });

  it('never returns Infinity, even for a thousand digits', () => {
    assert.equal(parseNumber('9'.repeat(1000)), null);
  });
});
