/**
 * Office reader evaluation over the shared corpus (DOCX, XLSX, CSV), read in place. Each fixture has the
 * expected Markdown beside it (`name.docx.md`); the figures are:
 * - text recall: share of the expected words (letter/digit tokens, case-insensitive, as a multiset)
 *   found in the reader's line text;
 * - cell recall (fixtures whose Markdown has tables): share of the expected non-empty table cells
 *   found, after normalisation, among the reader's table cells.
 * Markdown markup that is not document text is removed first: HTML comments (image placeholders),
 * entities, LaTeX command names in equations, task-list checkboxes.
 * Run: node eval/office.ts [corpus-office-dir]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docxReader } from '../src/documents/docx/docx-reader.ts';
import { DEFAULT_READ_LIMITS, type Document, type DocumentReader } from '../src/documents/model.ts';
import { textReader } from '../src/documents/text/text-reader.ts';
import { xlsxReader } from '../src/documents/xlsx/xlsx-reader.ts';

export interface FixtureFigures {
  file: string;
  textRecall: number;
  /** Undefined when the expected Markdown has no table. */
  cellRecall: number | undefined;
  expectedWords: number;
  expectedCells: number;
  error?: string;
}

export interface OfficeFigures {
  fixtures: FixtureFigures[];
  meanTextRecall: number;
  meanCellRecall: number;
}

const FOLDERS: [string, DocumentReader][] = [
  ['docx', docxReader],
  ['xlsx', xlsxReader],
  ['csv', textReader],
];

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'", nbsp: ' ' };

function stripMarkup(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/\[[ xX]\]/g, ' ');
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function normaliseCell(text: string): string {
  return tokens(stripMarkup(text)).join(' ');
}

function isTableRow(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith('|') && trimmed.endsWith('|');
}

function isSeparatorRow(line: string): boolean {
  return /^\|[\s\-:|]+\|$/.test(line.trim());
}

/** Non-empty cells of the Markdown tables, normalised. */
export function expectedCells(markdown: string): string[] {
  const cells: string[] = [];
  for (const line of markdown.split('\n')) {
    if (!isTableRow(line) || isSeparatorRow(line)) continue;
    const inner = line.trim().slice(1, -1);
    for (const cell of inner.split(/(?<!\\)\|/)) {
      const normal = normaliseCell(cell);
      if (normal !== '') cells.push(normal);
    }
  }
  return cells;
}

/** Share of `expected` tokens present in `actual`, counting repeats (a multiset intersection). */
export function multisetRecall(expected: string[], actual: string[]): number {
  if (expected.length === 0) return 1;
  const available = new Map<string, number>();
  for (const token of actual) available.set(token, (available.get(token) ?? 0) + 1);
  let found = 0;
  for (const token of expected) {
    const left = available.get(token) ?? 0;
    if (left > 0) {
      found += 1;
      available.set(token, left - 1);
    }
  }
  return found / expected.length;
}

function documentText(document: Document): string {
  return document.pages
    .flatMap((page) => [page.name ?? '', ...page.lines.map((line) => line.text)])
    .join('\n');
}

function documentCells(document: Document): Set<string> {
  const cells = new Set<string>();
  for (const page of document.pages) {
    for (const table of page.tables)
      for (const row of table.rows) for (const cell of row) cells.add(normaliseCell(cell.text));
  }
  return cells;
}

async function evaluate(path: string, reader: DocumentReader, file: string): Promise<FixtureFigures> {
  const markdown = readFileSync(`${path}.md`, 'utf8');
  const expectedWords = tokens(stripMarkup(markdown));
  const cells = expectedCells(markdown);
  try {
    // The file name only tells CSV from other text, as it does in the service.
    const document = await reader.read(new Uint8Array(readFileSync(path)), {
      limits: DEFAULT_READ_LIMITS,
      fileName: file,
    });
    const found = documentCells(document);
    return {
      file,
      textRecall: multisetRecall(expectedWords, tokens(documentText(document))),
      cellRecall:
        cells.length === 0 ? undefined : cells.filter((cell) => found.has(cell)).length / cells.length,
      expectedWords: expectedWords.length,
      expectedCells: cells.length,
    };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      file,
      textRecall: 0,
      cellRecall: cells.length === 0 ? undefined : 0,
      expectedWords: expectedWords.length,
      expectedCells: cells.length,
      error: message,
    };
  }
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function percent(value: number | undefined): string {
  return value === undefined ? '   -  ' : `${(value * 100).toFixed(1).padStart(5)}%`;
}

function printTable(figures: OfficeFigures): void {
  console.log(`${'fixture'.padEnd(44)} ${'text'.padStart(6)} ${'cells'.padStart(6)}  words  cells`);
  for (const row of figures.fixtures) {
    const counts = `${String(row.expectedWords).padStart(6)} ${String(row.expectedCells).padStart(6)}`;
    console.log(
      `${row.file.padEnd(44)} ${percent(row.textRecall)} ${percent(row.cellRecall)} ${counts}${row.error ? `  ${row.error}` : ''}`,
    );
  }
  console.log(`${'MEAN'.padEnd(44)} ${percent(figures.meanTextRecall)} ${percent(figures.meanCellRecall)}`);
}

/** Evaluates every DOCX/XLSX/CSV fixture under `dir` (the corpus's office folder) and prints a table. */
export async function officeEval(dir: string): Promise<OfficeFigures> {
  const fixtures: FixtureFigures[] = [];
  for (const [folder, reader] of FOLDERS) {
    const folderPath = join(dir, folder);
    if (!existsSync(folderPath)) continue;
    for (const file of readdirSync(folderPath).sort()) {
      const path = join(folderPath, file);
      if (file.endsWith('.md') || !existsSync(`${path}.md`)) continue;
      fixtures.push(await evaluate(path, reader, `${folder}/${file}`));
    }
  }
  const withCells = fixtures.flatMap((row) => (row.cellRecall === undefined ? [] : [row.cellRecall]));
  const figures = {
    fixtures,
    meanTextRecall: mean(fixtures.map((row) => row.textRecall)),
    meanCellRecall: mean(withCells),
  };
  printTable(figures);
  return figures;
}

if (import.meta.main) await officeEval(process.argv[2] ?? '/work/shared/corpus/office');
