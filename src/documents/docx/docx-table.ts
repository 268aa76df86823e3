/**
 * A Word table as a grid: gridSpan becomes colSpan, a vMerge restart/continue run becomes rowSpan
 * on the first cell (continued cells are not repeated), gridBefore shifts a row's first column.
 */
import type { Block, CellBlock, TableBlock } from './block-types.ts';
import { childElements, firstChild, type XmlElement } from './xml.ts';

/** Reads a cell's block content (supplied by the block walker, which tables are part of). */
export type CellReader = (cell: XmlElement) => Block[];

function intVal(element: XmlElement | undefined, fallback: number): number {
  const parsed = Number.parseInt(element?.attrs['w:val'] ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Rows and cells may be wrapped in content controls or custom XML. */
function unwrap(parent: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of childElements(parent)) {
    if (child.name === name) out.push(child);
    else if (child.name === 'w:sdt') out.push(...unwrap(firstChild(child, 'w:sdtContent') ?? child, name));
    else if (child.name === 'w:customXml') out.push(...unwrap(child, name));
  }
  return out;
}

/** The displayed text of one row of a table, cells separated by tabs. */
export function rowText(cells: CellBlock[]): string {
  return cells.map((cell) => cell.text.replace(/\s+/g, ' ').trim()).join('\t');
}

function cellContent(blocks: Block[], nested: TableBlock[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      for (const line of block.text.split(/[\n\f]/)) if (line.trim() !== '') lines.push(line.trim());
    } else {
      nested.push(block, ...block.nested);
      for (const row of block.rows) if (rowText(row).trim() !== '') lines.push(rowText(row).trim());
    }
  }
  return lines.join('\n');
}

function vMerge(tcPr: XmlElement | undefined): 'restart' | 'continue' | undefined {
  const merge = tcPr && firstChild(tcPr, 'w:vMerge');
  if (!merge) return undefined;
  return merge.attrs['w:val'] === 'restart' ? 'restart' : 'continue';
}

function hMergeContinues(tcPr: XmlElement | undefined): boolean {
  const merge = tcPr && firstChild(tcPr, 'w:hMerge');
  return merge !== undefined && merge.attrs['w:val'] !== 'restart';
}

interface GridState {
  /** Open vertical merges: grid column → the cell that started it. */
  open: Map<number, CellBlock>;
  nested: TableBlock[];
  readCell: CellReader;
}

function readRow(tr: XmlElement, rowIndex: number, state: GridState): CellBlock[] {
  const trPr = firstChild(tr, 'w:trPr');
  let col = intVal(trPr && firstChild(trPr, 'w:gridBefore'), 0);
  const cells: CellBlock[] = [];
  for (const tc of unwrap(tr, 'w:tc')) {
    const tcPr = firstChild(tc, 'w:tcPr');
    const span = intVal(tcPr && firstChild(tcPr, 'w:gridSpan'), 1);
    const content = state.readCell(tc);
    const text = cellContent(content, state.nested);
    const merge = vMerge(tcPr);
    const above = state.open.get(col);
    const previous = cells.at(-1);
    if (merge === 'continue' && above) {
      above.rowSpan += 1;
      if (text !== '') above.text = above.text === '' ? text : `${above.text}\n${text}`;
    } else if (hMergeContinues(tcPr) && previous) {
      previous.colSpan += span;
    } else {
      const cell: CellBlock = { text, row: rowIndex, col, rowSpan: 1, colSpan: span, content };
      cells.push(cell);
      for (let covered = col; covered < col + span; covered++) state.open.delete(covered);
      if (merge === 'restart' || merge === 'continue') state.open.set(col, cell);
    }
    col += span;
  }
  return cells;
}

/** Reads a w:tbl element. */
export function readTable(tbl: XmlElement, readCell: CellReader): TableBlock {
  const state: GridState = { open: new Map(), nested: [], readCell };
  const rows = unwrap(tbl, 'w:tr').map((tr, index) => readRow(tr, index, state));
  return { kind: 'table', rows, nested: state.nested };
}
