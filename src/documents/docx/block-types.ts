/** What the block walker (docx-blocks.ts) and the table and chart readers it calls hand each other. */
export interface ParagraphBlock {
  kind: 'paragraph';
  text: string;
  heading?: number;
}

export interface CellBlock {
  text: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** The cell's own blocks, for tables that turn out to be mere containers. */
  content: Block[];
}

export interface TableBlock {
  kind: 'table';
  rows: CellBlock[][];
  /** Tables found inside this table's cells. */
  nested: TableBlock[];
}

export type Block = ParagraphBlock | TableBlock;
