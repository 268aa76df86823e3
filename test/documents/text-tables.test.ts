import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docxReader } from '../../src/documents/docx/docx-reader.ts';
import { DEFAULT_READ_LIMITS, type Table } from '../../src/documents/model.ts';
import { textReader } from '../../src/documents/text/text-reader.ts';
import { spacedTables, tabbedTables } from '../../src/documents/text-tables.ts';
import { orderDocxTabs, orderText } from '../helpers/purchase-order-forms.ts';

const grid = (table: Table | undefined) => table?.rows.map((row) => row.map((cell) => cell.text));
/** Lines with their numbers, blank ones left out as the readers do. */
const numbered = (lines: string[]) =>
  lines.map((text, number) => ({ text, number })).filter((line) => line.text.trim() !== '');
const readText = (text: string) => textReader.read(Buffer.from(text), { limits: DEFAULT_READ_LIMITS });

const ORDER_GRID = [
  ['Description', 'Qty', 'Unit price', 'Amount'],
  ['Steel bracket, galvanised', '40', '12.50', '500.00'],
  ['Hydraulic pump assembly', '2', '625.00', '1,250.00'],
  ['Safety gloves (pair)', '120', '3.75', '450.00'],
  ['Industrial adhesive,', '6', '48.20', '289.20'],
  ['two-part epoxy', '', '', ''],
  ['Copper wire 2.5 mm', '10', '95.00', '950.00'],
  ['', '', 'Subtotal', '3,439.20'],
  ['', '', 'Tax 20%', '687.84'],
  ['', '', 'Total', '4,127.04'],
];

describe('text: tables aligned by spaces', () => {
  it('reads columns set apart by two or more spaces, left- or right-aligned, as one table', async () => {
    const doc = await readText(new TextDecoder().decode(orderText()));
    const [page] = doc.pages;
    assert.equal(page!.tables.length, 1);
    assert.deepEqual(grid(page!.tables[0]), ORDER_GRID);
    // The lines stay as they were: the engine still reads them as text.
    assert.ok(page!.lines.some((line) => line.text.startsWith('Steel bracket, galvanised')));
  });

  it('takes heads typed one space apart, over a rule of one run per column, as the header row', () => {
    const [table] = spacedTables(
      numbered([
        'Pos Article  Description                  Quantity   Unit price     Amount',
        '--- -------- ---------------------------  --------   ----------   --------',
        ' 1  BX-12    Folding box 12 bottles      15 000 pcs     0,3100   4 650,00',
        ' 2  LB-75    Self-adhesive label            500 pcs     0,0900      45,00',
      ]),
    );
    assert.deepEqual(grid(table), [
      ['Pos', 'Article', 'Description', 'Quantity', 'Unit price', 'Amount'],
      ['1', 'BX-12', 'Folding box 12 bottles', '15 000 pcs', '0,3100', '4 650,00'],
      ['2', 'LB-75', 'Self-adhesive label', '500 pcs', '0,0900', '45,00'],
    ]);
  });

  it("does not take a section's two-word title above a table for its heads", () => {
    const [table] = spacedTables(
      numbered([
        'ACCOUNT ACTIVITY',
        '12/26   12/27   OUTFITTERS RETURN        -45.99',
        '12/30   12/30   PAYMENT - THANK YOU   -1,204.63',
      ]),
    );
    assert.equal(grid(table)?.[0]?.[0], '12/26');
  });

  it('keeps a wrapped cell as a row of its own, but not a line of text after the table', () => {
    const [table] = spacedTables(
      numbered([
        'Item            Qty     Price',
        'Oak desk          2    350.00',
        'with cable tray',
        'Chair             4     95.50',
        'Thank you for your order',
      ]),
    );
    assert.deepEqual(grid(table), [
      ['Item', 'Qty', 'Price'],
      ['Oak desk', '2', '350.00'],
      ['with cable tray', '', ''],
      ['Chair', '4', '95.50'],
    ]);
  });

  it('lets one blank line part two rows, not two', () => {
    const lines = ['Code    Amount', 'A-1      12.00', '', 'B-2      14.00', '', '', 'C-3      16.00'];
    assert.deepEqual(grid(spacedTables(numbered(lines))[0]), [
      ['Code', 'Amount'],
      ['A-1', '12.00'],
      ['B-2', '14.00'],
    ]);
  });

  it('reads on across a rule of dashes or equals signs under the header and above the totals', () => {
    const lines = [
      'Line  Part No.     Description          Qty   Amount',
      '-----------------------------------------------------',
      '   1  6205-2RS     Ball bearing          40   350.00',
      '   2  3V560        V-belt                24   286.80',
      '=====================================================',
      '                   Total                    636.80',
    ];
    assert.deepEqual(grid(spacedTables(numbered(lines))[0]), [
      ['Line', 'Part No.', 'Description', 'Qty', 'Amount'],
      ['1', '6205-2RS', 'Ball bearing', '40', '350.00'],
      ['2', '3V560', 'V-belt', '24', '286.80'],
      ['', '', 'Total', '', '636.80'],
    ]);
  });

  it('ends a table at a line whose text runs across its columns', () => {
    const tables = spacedTables(
      numbered([
        'Name      City',
        'Alice     Paris',
        'Bob       Lyon',
        'A sentence that runs right across   x',
      ]),
    );
    assert.deepEqual(grid(tables[0]), [
      ['Name', 'City'],
      ['Alice', 'Paris'],
      ['Bob', 'Lyon'],
    ]);
  });

  it('does not take a numbered list or two columns of prose for a table', () => {
    assert.deepEqual(
      spacedTables(
        numbered([
          '1.   The Recipient shall keep',
          '2.   All notices shall be',
          '3.   This Agreement is governed',
        ]),
      ),
      [],
    );
    assert.deepEqual(
      spacedTables(
        numbered([
          'The parties agree to keep     Each party may disclose its',
          'the information secret for    own information to anyone it',
          'a period of five years from   chooses without notice to the',
        ]),
      ),
      [],
    );
  });

  it('does not read a Markdown pipe table twice', async () => {
    const doc = await readText('| Item      | Qty |\n|---|---|\n| Oak desk  | 2   |\n| Chair     | 4   |\n');
    assert.equal(doc.pages[0]!.tables.length, 1);
  });

  it('reads the table on each page of a text split by form feeds', async () => {
    const doc = await readText('Item     Qty\nDesk       2\n\fItem     Qty\nChair      4\n');
    assert.deepEqual(
      doc.pages.map((page) => grid(page.tables[0])),
      [
        [
          ['Item', 'Qty'],
          ['Desk', '2'],
        ],
        [
          ['Item', 'Qty'],
          ['Chair', '4'],
        ],
      ],
    );
  });
});

describe('DOCX: paragraphs aligned by tab stops', () => {
  it('reads one tab per column as a table, whatever the width of the text before each tab', async () => {
    const doc = await docxReader.read(await orderDocxTabs(), { limits: DEFAULT_READ_LIMITS });
    const [page] = doc.pages;
    assert.equal(page!.tables.length, 1);
    assert.deepEqual(grid(page!.tables[0]), ORDER_GRID);
  });

  it('counts empty cells between tabs, so that a row with blanks keeps its columns', () => {
    const [table] = tabbedTables(
      numbered(['Item\tQty\tPrice\tAmount', 'Desk\t2\t350.00\t700.00', '\t\tTotal\t700.00']),
    );
    assert.deepEqual(grid(table), [
      ['Item', 'Qty', 'Price', 'Amount'],
      ['Desk', '2', '350.00', '700.00'],
      ['', '', 'Total', '700.00'],
    ]);
  });
});
