import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findEmails, findPhones, findUrls } from '../../src/engines/recognizers/index.ts';

describe('findEmails', () => {
  const cases: [string, string[]][] = [
    ['Email:jane.doe@Example.COM.', ['jane.doe@example.com']],
    ['(billing@acme-shop.com.my)', ['billing@acme-shop.com.my']],
    ['write to a.b+tag@mail.example.org or c_d@x.io', ['a.b+tag@mail.example.org', 'c_d@x.io']],
    ['a@b', []],
    ['user@@x.com', []],
    ['handle @someone on the site', []],
    ['name@domain.', []],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(
        findEmails(text).map((s) => s.value),
        expected,
      );
    });
  }
});

describe('findPhones', () => {
  const cases: [string, string[]][] = [
    ['Tel: 03-7722 1234', ['0377221234']],
    ['TEL:03-77221234 FAX:03-7722 1235', ['0377221234', '0377221235']],
    ['Call (555) 123-4567 today', ['5551234567']],
    ['Office +60 3-7722 1234', ['+60377221234']],
    ['+44 20 7946 0958', ['+442079460958']],
    ['Phone: 555.123.4567', ['5551234567']],
    ['H/P: 012-3456789', ['0123456789']],
    ['Toll free 1-800-555-0199', ['18005550199']],
    ['T +1 415 555 0100', ['+14155550100']],
    ['Date 2018-03-06', []],
    ['Total 1,234.50', []],
    ['Invoice 123456789', []],
    ['Account No: 1234 5678 9012', []],
    ['Unit 12 345 6789', []],
    ['06/03/2018 12:34', []],
    ['19.03.2018', []],
    ['Card 4111 1111 1111 1111', []],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(
        findPhones(text).map((s) => s.value),
        expected,
      );
    });
  }

  it('is surer of a labelled number than of a bare one', () => {
    const [labelled] = findPhones('Tel: 555-123-4567');
    const [bare] = findPhones('or 555-123-4567');
    assert.ok(labelled && bare);
    assert.ok(labelled.confidence > bare.confidence);
  });
});

describe('findUrls', () => {
  const cases: [string, string[]][] = [
    ['see https://example.com/path?q=1).', ['https://example.com/path?q=1']],
    ['Visit www.acme.com.my!', ['www.acme.com.my']],
    ['WEBSITE: ACME.COM.MY', ['ACME.COM.MY']],
    ['(see acme.io)', ['acme.io']],
    ['ftp://files.example.org/x', ['ftp://files.example.org/x']],
    ['Inc.Com', []],
    ['report.pdf e.g. U.S. and v1.2.3', []],
    ['mail jane@acme.com', []],
    ['1.5.co', []],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(
        findUrls(text).map((s) => s.value),
        expected,
      );
    });
  }
});
