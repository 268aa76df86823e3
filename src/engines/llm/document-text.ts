import type { Document, Page, Table } from '../../documents/model.ts';

/** A page as the reader reads it: lines in reading order, a table's rows with their cells apart. */
export interface PageText {
  page: number;
  lines: string[];
  /** Tokens the page's picture costs when it is sent too (a scanned page, LLM_VISION); none otherwise. */
  imageTokens?: number;
}

/** The document as text for a model, page by page; what the model sees is what grounding searches. */
export function documentText(document: Document): PageText[] {
  return document.pages.map((page) => ({ page: page.number, lines: pageLines(page) }));
}

export function pageMarker(page: number): string {
  return `--- page ${page} ---`;
}

function pageLines(page: Page): string[] {
  const rows = tableRows(page.tables);
  const used = new Set<string>();
  const lines: string[] = [];
  for (const line of page.lines) {
    // A line that is a table row is written with its cells apart, so columns are not guessed.
    const key = squash(line.text);
    const row = rows.get(key);
    if (row && !used.has(key)) {
      used.add(key);
      lines.push(row);
    } else if (line.text.trim() !== '') lines.push(line.text.trimEnd());
  }
  // Rows no line carried (a spreadsheet's cells, a table the reader found apart from the lines).
  const rest = [...rows].filter(([key]) => !used.has(key)).map(([, row]) => row);
  return rest.length > 0 ? [...lines, ...rest] : lines;
}

/** Each table row as `| a | b |`, keyed by its text without spaces, to find the line it came from. */
function tableRows(tables: Table[]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const table of tables) {
    for (const cells of table.rows) {
      const texts = cells.map((c) => c.text.replace(/\s+/g, ' ').trim());
      if (texts.every((t) => t === '')) continue;
      const key = squash(texts.join(''));
      if (!rows.has(key)) rows.set(key, `| ${texts.join(' | ')} |`);
    }
  }
  return rows;
}

function squash(text: string): string {
  return text.replace(/\s+/g, '');
}
