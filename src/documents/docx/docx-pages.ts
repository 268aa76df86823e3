/**
 * Lays blocks out as pages of lines. DOCX has no geometry: a page here is what explicit page and
 * section breaks delimit, at least one. Table rows also become lines (cells joined by tabs) so that
 * label/value tables read like text.
 */
import type { Cell, Page, Table } from '../model.ts';
import { textLine } from '../text-lines.ts';
import { type NumberedLine, spacedTables, tabbedTables } from '../text-tables.ts';
import type { Block, TableBlock } from './block-types.ts';
import { rowText } from './docx-table.ts';

/** US Letter in points: DOCX pages carry no geometry, this only gives consumers a frame. */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;

function toTable(block: TableBlock): Table {
  return {
    rows: block.rows.map((row) =>
      row.map(
        (cell): Cell => ({
          text: cell.text,
          row: cell.row,
          col: cell.col,
          rowSpan: cell.rowSpan,
          colSpan: cell.colSpan,
        }),
      ),
    ),
  };
}

class PageAssembler {
  readonly pages: Page[] = [];
  paragraph = 0;
  readonly maxPages: number;
  /** Paragraph lines since the last table or page break, as typed (tabs kept), for aligned tables. */
  typed: NumberedLine[] = [];

  constructor(maxPages: number) {
    this.maxPages = maxPages;
    this.startPage();
  }

  get page(): Page {
    return this.pages.at(-1)!;
  }

  startPage(): void {
    const number = this.pages.length + 1;
    this.pages.push({
      number,
      width: PAGE_WIDTH,
      height: PAGE_HEIGHT,
      lines: [],
      tables: [],
      source: 'docx',
    });
    this.paragraph = 0;
  }

  /** Past the page limit the rest of the text stays on the last page rather than being refused. */
  breakPage(): void {
    if (this.pages.length < this.maxPages) {
      this.flushTyped();
      this.startPage();
    }
  }

  /** Paragraphs aligned with tab stops (or spaces, in a fixed-width font) read as a table. */
  flushTyped(): void {
    const tabbed = this.typed.some((line) => line.text.includes('\t'));
    this.page.tables.push(...(tabbed ? tabbedTables(this.typed) : spacedTables(this.typed)));
    this.typed = [];
  }

  addParagraph(lines: string[], heading?: number): void {
    let used = false;
    for (const raw of lines) {
      const text = raw.trim();
      if (text === '') continue;
      this.page.lines.push(textLine(text, this.page.lines.length, this.paragraph, heading));
      used = true;
    }
    if (used) this.paragraph += 1;
  }

  addText(text: string, heading?: number): void {
    const segments = text.split('\f');
    segments.forEach((segment, i) => {
      if (i > 0) this.breakPage();
      const lines = segment.split('\n');
      for (const line of lines) {
        if (line.trim() !== '') this.typed.push({ text: line.trimEnd(), number: this.typed.length });
      }
      this.addParagraph(lines, heading);
    });
  }

  addTable(block: TableBlock): void {
    this.flushTyped();
    this.page.tables.push(toTable(block), ...block.nested.map(toTable));
    for (const row of block.rows) this.addParagraph(rowLines(row));
  }

  finish(): Page[] {
    this.flushTyped();
    while (this.pages.length > 1 && this.page.lines.length === 0 && this.page.tables.length === 0) {
      this.pages.pop();
    }
    return this.pages;
  }
}

/**
 * A row's lines as they show: cells whose paragraphs stand side by side ("Our ref:" / "Your ref:" in
 * one cell, their values in the next) give one line per paragraph, the k-th of each cell together.
 * A row with one cell of several paragraphs (a wrapped description) stays one line.
 */
function rowLines(row: TableBlock['rows'][number]): string[] {
  const cells = row.map((cell) => cell.text.split('\n'));
  if (cells.filter((lines) => lines.length > 1).length < 2) return [rowText(row)];
  const height = Math.max(...cells.map((lines) => lines.length));
  return Array.from({ length: height }, (_, k) =>
    cells
      .map((lines) => (lines[k] ?? '').replace(/\s+/g, ' ').trim())
      .join('\t')
      .trimEnd(),
  );
}

/** Builds the pages from blocks already in reading order. */
export function layoutPages(blocks: Block[], maxPages: number): Page[] {
  const assembler = new PageAssembler(Math.max(1, maxPages));
  for (const block of blocks) {
    if (block.kind === 'paragraph') assembler.addText(block.text, block.heading);
    else assembler.addTable(block);
  }
  return assembler.finish();
}
