import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { EntitySpan } from '../../src/engines/recognizers/index.ts';
import * as recognizers from '../../src/engines/recognizers/index.ts';

const SPAN_FINDERS = {
  findOrganizations: recognizers.findOrganizations,
  findPersons: recognizers.findPersons,
  findLocations: recognizers.findLocations,
  findDurations: recognizers.findDurations,
  findEmails: recognizers.findEmails,
  findPhones: recognizers.findPhones,
  findUrls: recognizers.findUrls,
  findIbans: recognizers.findIbans,
  findVatNumbers: recognizers.findVatNumbers,
  recognizeAll: recognizers.recognizeAll,
};

function assertWellFormed(text: string, spans: EntitySpan[]): void {
  for (const s of spans) {
    assert.ok(
      s.start >= 0 && s.start < s.end && s.end <= text.length,
      `span ${s.start}-${s.end} out of bounds`,
    );
    assert.equal(s.text, text.slice(s.start, s.end));
    assert.ok(s.confidence > 0 && s.confidence <= 1);
    assert.ok(s.value.length > 0);
  }
}

/** Text made of the pieces recognizers react to, so random strings reach their deeper branches. */
const pieces = fc.constantFrom(
  'Inc.',
  'Sdn Bhd',
  ' and ',
  'Mr.',
  'Ms. ',
  '(',
  ')',
  '"',
  '“',
  ',',
  '.',
  ':',
  '\n',
  ' ',
  'JALAN',
  '47400',
  'two',
  '(2)',
  'years',
  'a',
  'month',
  'thirty-six',
  '@',
  'www.',
  'http://',
  '.com',
  '+60',
  '03-',
  '1234',
  'DE89',
  '3704',
  'VAT No:',
  'GB',
  'State of',
  'New York',
  'CA',
  '94404',
  'R.',
  'J.',
  'Smith',
  'ACME',
  'Co.',
  '(M)',
  'Name:',
  '-',
  '/',
  'é',
  '\u00a0',
  '𝔘',
  '0',
  '9',
);
const shapedText = fc
  .array(fc.oneof(pieces, fc.string({ maxLength: 4 })), { maxLength: 40 })
  .map((a) => a.join(''));

describe('recognizeAll', () => {
  it('finds every kind in one text, sorted by start', () => {
    const text = [
      'This Agreement is made between Kestrel Marine, Inc. and Laura Petrov (the "Consultant").',
      'It is governed by the laws of the State of Oregon and lasts two (2) years.',
      'Contact: laura@kestrel.example.com, Tel: +1 503 555 0100, www.kestrel.example.com.',
      'IBAN GB82 WEST 1234 5698 7654 32, VAT No: GB123456789.',
    ].join('\n');
    const spans = recognizers.recognizeAll(text);
    const byKind = new Map(spans.map((s) => [s.kind, s.value]));
    assert.equal(byKind.get('organization'), 'Kestrel Marine, Inc.');
    assert.equal(byKind.get('person'), 'Laura Petrov');
    assert.equal(byKind.get('location'), 'Oregon');
    assert.equal(byKind.get('duration'), '2 years');
    assert.equal(byKind.get('email'), 'laura@kestrel.example.com');
    assert.equal(byKind.get('phone'), '+15035550100');
    assert.equal(byKind.get('url'), 'www.kestrel.example.com');
    assert.equal(byKind.get('iban'), 'GB82WEST12345698765432');
    assert.equal(byKind.get('vat'), 'GB123456789');
    const starts = spans.map((s) => s.start);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
  });

  it('finds nothing in an empty text', () => {
    assert.deepEqual(recognizers.recognizeAll(''), []);
    assert.deepEqual(recognizers.findPostalAddresses([]), []);
  });
});

describe('every recognizer on arbitrary text', () => {
  for (const [name, find] of Object.entries(SPAN_FINDERS)) {
    it(`${name} never throws and keeps spans within the text`, () => {
      fc.assert(
        fc.property(
          fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 80 }), shapedText),
          (text) => {
            assertWellFormed(text, find(text));
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it('findPostalAddresses never throws and keeps line indexes within the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 60 }), shapedText), { maxLength: 12 }),
        (lines) => {
          for (const block of recognizers.findPostalAddresses(lines)) {
            assert.ok(
              block.startLine >= 0 && block.startLine <= block.endLine && block.endLine < lines.length,
            );
            assert.ok(block.value.length > 0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('long inputs', () => {
  // Inputs shaped to make a careless scanner go quadratic; each must simply finish.
  const hostile: Record<string, string> = {
    'capitalised words before a suffix': `${'Alpha '.repeat(40_000)}Inc.`,
    'many "and"s': `${'Alpha and '.repeat(25_000)}Ltd`,
    'at signs': 'a@'.repeat(100_000),
    'dotted local parts': `${'a.'.repeat(50)}@${'b.'.repeat(50)}`.repeat(1_000),
    'digit groups': '12 '.repeat(70_000),
    'open parentheses': '(1 '.repeat(70_000),
    'IBAN-like prefixes': 'DE89 '.repeat(40_000),
    'VAT labels': 'VAT No: '.repeat(25_000),
    initials: 'A. '.repeat(70_000),
    'one long line': `http://${'a'.repeat(200_000)}`,
  };
  for (const [name, text] of Object.entries(hostile)) {
    it(`completes on ${name} (${text.length} characters)`, () => {
      assertWellFormed(text, recognizers.recognizeAll(text));
      const lines = text.match(/.{1,100}/gs) ?? [];
      assert.ok(Array.isArray(recognizers.findPostalAddresses(lines)));
    });
  }

  it('completes on a 100-page contract-like text and finds what each page holds', () => {
    const page = [
      'This Agreement is made between Kestrel Marine, Inc. and Laura Petrov (the "Consultant"), with offices',
      'at 1200 Harbor Boulevard, Springfield, IL 62701, for a term of two (2) years. The Consultant shall keep',
      'all Confidential Information secret and shall return it within thirty (30) days. Notices go to',
      'legal@kestrel.example.com or Tel: +1 503 555 0100. This Agreement is governed by the laws of Oregon.',
    ].join('\n');
    const text = Array.from(
      { length: 100 },
      () => `${page}\n${'Lorem ipsum dolor sit amet. '.repeat(80)}`,
    ).join('\n\f\n');
    const spans = recognizers.recognizeAll(text);
    assert.equal(spans.filter((s) => s.kind === 'organization').length, 100);
    assert.equal(spans.filter((s) => s.kind === 'duration').length, 200);
    assert.equal(recognizers.findPostalAddresses(text.split('\n')).length, 100);
  });
});
