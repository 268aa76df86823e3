/**
 * Counts cell elements (<c …>) in worksheet XML as it is inflated, chunk by chunk, so that a sheet
 * with millions of cells is refused before exceljs builds an object for each of them.
 */

/** A cell element, with or without a namespace prefix; "<col", "<cfRule" do not match. */
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;
/** Longest partial tag that may straddle two chunks. */
const CARRY = 40;

export class CellCounter {
  count = 0;
  private carry = '';

  push(chunk: Uint8Array): void {
    const text =
      this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    let lastEnd = 0;
    CELL_TAG.lastIndex = 0;
    for (let match = CELL_TAG.exec(text); match; match = CELL_TAG.exec(text)) {
      this.count += 1;
      lastEnd = match.index + match[0].length;
    }
    this.carry = text.slice(Math.max(lastEnd, text.length - CARRY));
  }
}
