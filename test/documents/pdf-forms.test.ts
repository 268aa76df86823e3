import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { laidOut } from '../helpers/laid-out-forms.ts';

/** A form whose left and right halves never touch: a gutter runs down the page, yet it is no column layout. */
const FORM = laidOut(`BLUE HARBOR SUPPLY CO.
88 Dock Road, Portland, ME 04101

Invoice Number     Invoice Date     Due Date       PO Number
BH-7741            02/11/2024       03/12/2024     7781-A

Bill To                             Ship To
Evergreen Foods LLC                 Evergreen Foods Warehouse
400 Pine St                         12 Harbor Ave

QTY   DESCRIPTION              UNIT PRICE     TOTAL
10    Pallet wrap               $24.00        $240.00
 3    Dock bumper               $85.50        $256.50
`);

describe('PDF forms', () => {
  it('keeps each row of a form whole where a gutter of white runs down the page', async () => {
    const document = await pdfReader.read(await FORM.pdf(), {
      limits: DEFAULT_READ_LIMITS,
      fileName: 'form.pdf',
    });
    const lines = document.pages[0]!.lines.map((l) => l.text);
    assert.ok(lines.includes('10 Pallet wrap $24.00 $240.00'), lines.join('\n'));
    assert.ok(lines.includes('Bill To Ship To'), lines.join('\n'));
  });
});
