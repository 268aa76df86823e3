import type { Cell, Line, Table } from './model.ts';

/** A line without geometry (text, DOCX, spreadsheets): its words are its whitespace-separated tokens. */
export function textLine(text: string, index: number, paragraph?: number, heading?: number): Line {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ({ text: w, confidence: 1 }));
  return {
    text,
    words,
    index,
    ...(paragraph === undefined ? {} : { paragraph }),
    ...(heading === undefined ? {} : { heading }),
  };
}

/** A table from rows of strings, every cell spanning one row and one column. */
export function tableFromRows(rows: string[][]): Table {
  return {
    rows: rows.map((cells, row): Cell[] =>
      cells.map((text, col) => ({ text, row, col, rowSpan: 1, colSpan: 1 })),
    ),
  };
}
