import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPersons, withoutCourtesy } from '../../src/engines/recognizers/index.ts';

function found(text: string): [string, number][] {
  return findPersons(text).map((s) => [s.value, s.confidence]);
}

function names(text: string): string[] {
  return findPersons(text).map((s) => s.value);
}

describe('findPersons', () => {
  const cases: [string, string[]][] = [
    ['PARTIES:\nJohn Quincy Roe (“EMPLOYEE”)\nand\nGLOBEX, Inc.', ['John Quincy Roe']],
    ['made between Maria Lopez, an individual residing in Texas, and Orbit Labs Inc.', ['Maria Lopez']],
    ['between Redwood Pharma, Inc. and Anna van der Berg.', ['Anna van der Berg']],
    [
      'By: /s/ Thomas K. Whitfield\nName: Thomas K. Whitfield\nTitle: Chief Executive Officer',
      ['Thomas K. Whitfield', 'Thomas K. Whitfield'],
    ],
    ['Dear Mr. Okafor,', ['Okafor']],
    ['ANDREW LIM (the "Consultant") agrees', ['ANDREW LIM']],
    ['Cashier: SITI AMINAH', ['SITI AMINAH']],
    ['Attn: Dr. Wei Chen', ['Wei Chen']],
    ["Please contact Sarah O'Neil-Grant at the office.", ["Sarah O'Neil-Grant"]],
    ['John Smith Jr. signed the form.', ['John Smith Jr.']],
    ['the consent of Ray M. Dolby is required', ['Ray M. Dolby']],
    ['Jane Roe’s obligations survive', ['Jane Roe']],
    ['signed by R.J. Seifert today', ['R.J. Seifert']],
    ['Name: J.R.R. Tolkien', ['J.R.R. Tolkien']],
    ['between (Omar Haddad) and the buyer', ['Omar Haddad']],
  ];
  for (const [text, expected] of cases) {
    it(`finds ${expected.join(' + ')}`, () => assert.deepEqual(names(text), expected));
  }

  const none: string[] = [
    'The Receiving Party shall hold Confidential Information in confidence.',
    'New York',
    'High Speed Net Solutions and R. J. Seifert Enterprises',
    'Effective Date',
    'Governing Law. This Agreement shall be governed by the laws of Delaware.',
    'Mutual Non Disclosure And Standstill Agreement Between Parties',
    '7. Injunctive Relief. Each party may seek relief.',
    'any “Affiliated Entity” and any Affiliated Entity',
    'specific performance is a remedy; Specific Performance',
    'Kite Pharma, Inc.',
    'B. Over the course of employment',
    'TOTAL AMOUNT DUE',
    'ALPHA BETA GAMMA',
  ];
  for (const text of none) {
    it(`finds no person in "${text}"`, () => assert.deepEqual(names(text), []));
  }

  it('is surer with a title or a role than without', () => {
    const [plain] = found('signed by Laura Petrov today');
    const [titled] = found('signed by Ms. Laura Petrov today');
    assert.ok(plain && titled);
    assert.ok(titled[1] > plain[1]);
  });

  it('reports offsets that point at the name', () => {
    const text = 'Witness: Omar Haddad';
    const [span] = findPersons(text);
    assert.ok(span);
    assert.equal(text.slice(span.start, span.end), 'Omar Haddad');
    assert.equal(span.kind, 'person');
  });
});

describe('withoutCourtesy', () => {
  it('drops the words that address a letter to someone, in several languages, and keeps initials', () => {
    for (const [addressed, name] of [
      ['T.a.v. de heer Martijn de Boer', 'Martijn de Boer'],
      ['z. Hd. Frau Anna Weber', 'Anna Weber'],
      ['Attn: Sarah Whitcombe', 'Sarah Whitcombe'],
      ['À l’attention de Mme Claire Dubois', 'Claire Dubois'],
      ['Gent.ma Sig.ra Francesca Bellini', 'Francesca Bellini'],
      ['C.A. Lopez Garcia', 'C.A. Lopez Garcia'],
      ['Martijn de Boer', 'Martijn de Boer'],
    ])
      assert.equal(withoutCourtesy(addressed!), name);
  });
});
