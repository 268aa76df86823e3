import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../../src/documents/model.ts';
import { textReader } from '../../../src/documents/text/text-reader.ts';
import { buildView } from '../../../src/engines/local/document-view.ts';
import { profileField } from '../../../src/engines/local/field-profile.ts';
import { documentPairs, pairCandidates } from '../../../src/engines/local/routes/pairs.ts';
import { parseFieldConfig } from '../../../src/fields/parse-config.ts';

const FORM = [
  'Advertiser      Riverside Food Co-op          Invoice #      77120-3',
  'Contract / Rev     Order Flight',
  '4410-2             04/14/20 - 04/20/20',
  'Remarks: none',
].join('\n');

async function view(text: string) {
  return buildView(
    await textReader.read(Buffer.from(text), { limits: DEFAULT_READ_LIMITS, fileName: 'form.txt' }),
  );
}

function field(yaml: string) {
  return parseFieldConfig(Buffer.from(`schemas:\n  data:\n    type: object\n    properties:\n${yaml}`))
    .fields[0]!;
}

describe("pairs: a form's labels and their values, beside or under them", () => {
  it('pairs each label with the cell beside it, after its colon, or under it', async () => {
    const pairs = documentPairs(await view(FORM)).map(
      (p) => `${p.label.join(' ')} → ${p.value}${p.below ? ' (under)' : ''}`,
    );
    assert.ok(pairs.includes('advertiser → Riverside Food Co-op'), pairs.join('\n'));
    assert.ok(pairs.includes('invoice number → 77120-3'), pairs.join('\n'));
    assert.ok(pairs.includes('contract rev → 4410-2 (under)'), pairs.join('\n'));
    assert.ok(pairs.includes('order flight → 04/14/20 - 04/20/20 (under)'), pairs.join('\n'));
    assert.ok(pairs.includes('remark → none'), pairs.join('\n'));
  });

  it('reads both ends of a range under its label, and says which end each is', async () => {
    const end = profileField(
      field('      flight_end:\n        type: date\n        description: Last day of the flight\n'),
    );
    const found = pairCandidates(await view(FORM), end, { dateOrder: 'MDY' });
    const ends = found.map((c) => `${c.value} ${c.clues?.rangeAt}`);
    assert.deepEqual(ends.sort(), ['2020-04-14 1', '2020-04-20 2']);
  });

  it('takes only the pairs whose label shares a word with what the field asks', async () => {
    const advertiser = profileField(field('      advertiser:\n        type: string\n'));
    const found = pairCandidates(await view(FORM), advertiser, {});
    // The cell beside "Advertiser", and the one under it (a label, which the scorer learns to refuse).
    assert.deepEqual(
      found.map((c) => `${c.value} ${c.clues?.name} ${c.clues?.below}`),
      ['Riverside Food Co-op 1 0', 'Contract / Rev 1 1'],
    );
  });

  it("tells a reference field how much the document says each number label's head", async () => {
    const order = [
      'CONTRACT',
      'Contract #    26898588        Agency Order #:  30064583',
      'This contract confirms the schedule; the contract runs two weeks.',
    ].join('\n');
    const orderNumber = profileField(field('      order_number:\n        type: string\n'));
    const found = pairCandidates(await view(order), orderNumber, {});
    const byValue = new Map(found.map((c) => [c.value, c.clues!]));
    const contract = byValue.get('26898588');
    const agency = byValue.get('30064583');
    assert.ok(contract && agency, found.map((c) => c.value).join(', '));
    // By the name alone the agency's number wins ("order number" against "number").
    assert.ok(agency.name > contract.name);
    assert.equal(contract.idLabel, 1);
    assert.equal(agency.idLabel, 1);
    // The document speaks of its contract (4 times), of the agency once: the heads' ranks say so.
    assert.equal(contract.headRank, 0);
    assert.equal(agency.headRank, 1);
    assert.ok(contract.headMentions > agency.headMentions);
  });

  it('does not offer a number label to a field that asks for no reference', async () => {
    const advertiser = profileField(field('      advertiser:\n        type: string\n'));
    const found = pairCandidates(
      await view('Contract #    26898588\nAdvertiser:  Riverside Food Co-op'),
      advertiser,
      {},
    );
    assert.deepEqual(
      found.map((c) => c.value),
      ['Riverside Food Co-op'],
    );
  });

  it('says when a label and the cell beside it head one row of cells beneath (a grid of heads)', async () => {
    const grid = [
      'Advertiser                          Original Date / Revision',
      'POL/One Nation PAC                  03/16/20 / 03/27/20',
    ].join('\n');
    const advertiser = profileField(field('      advertiser:\n        type: string\n'));
    const found = pairCandidates(await view(grid), advertiser, {});
    assert.deepEqual(
      found.map((c) => `${c.value} below ${c.clues?.below} head row ${c.clues?.headRow}`),
      ['Original Date / Revision below 0 head row 1', 'POL/One Nation PAC below 1 head row 1'],
    );
    // A label with its value beside it and nothing under either: no row of heads.
    const beside = pairCandidates(await view('Advertiser      Riverside Food Co-op'), advertiser, {});
    assert.deepEqual(
      beside.map((c) => c.clues?.headRow),
      [0],
    );
  });

  it('splits a label ending in a number sign from its value in the same cell', async () => {
    const pairs = documentPairs(await view('Contract # 4251728\nPO# A-17')).map(
      (p) => `${p.label.join(' ')} → ${p.value}`,
    );
    assert.deepEqual(pairs, ['contract number → 4251728', 'po number → A-17']);
  });

  it("says whether a reference label names a document or something else, another party's number", async () => {
    const order = 'Invoice #    950658\nExternal #   ECR26805430';
    const reference = profileField(field('      reference_number:\n        type: string\n'));
    const found = pairCandidates(await view(order), reference, {});
    const byValue = new Map(found.map((c) => [c.value, c.clues!]));
    assert.equal(byValue.get('950658')?.headDocument, 1);
    assert.equal(byValue.get('ECR26805430')?.headDocument, 0);
  });

  it('measures how far a value stands from its label, in the label’s heights', async () => {
    const form = [
      'Billing Address:                    Sales Region   Local',
      'Advertiser:  Riverside Food Co-op',
    ];
    const client = profileField(field('      client:\n        type: string\n'));
    const gaps = new Map(
      pairCandidates(await view(form.join('\n')), client, {}).map((c) => [c.value, c.clues!.gap]),
    );
    assert.equal(gaps.get('Riverside Food Co-op'), 0, 'after its colon');
    assert.ok((gaps.get('Sales Region') ?? 0) > 10, `across the page: ${gaps.get('Sales Region')}`);
  });
});
