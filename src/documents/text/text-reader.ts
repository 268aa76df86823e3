import { AppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type { Document, DocumentReader, Line, Page, PageSource, Table } from '../model.ts';
import { tableFromRows, textLine } from '../text-lines.ts';
import { type NumberedLine, spacedTables } from '../text-tables.ts';
import { parseCsv } from './csv.ts';
import { decodeText } from './decode-text.ts';
import { readHtml } from './html.ts';

export type TextFlavour = 'plain' | 'csv' | 'markdown' | 'html';

/** The file name only breaks ties between text flavours; the content decides HTML. */
export function textFlavour(text: string, fileName?: string): TextFlavour {
  const ext = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === 'csv' || ext === 'tsv') return 'csv';
  if (ext === 'html' || ext === 'htm' || /^\s*(<!doctype html|<html[\s>])/i.test(text.slice(0, 1024))) {
    return 'html';
  }
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  return 'plain';
}

export const textReader: DocumentReader = {
  format: 'text',
  async read(bytes, context): Promise<Document> {
    const text = decodeText(bytes);
    if (text === null)
      throw new AppError('corrupt_document', { reason: 'the text encoding is not recognised' });
    const flavour = textFlavour(text, context.fileName);
    const pages =
      flavour === 'csv' ? [csvPage(text)] : flavour === 'html' ? [htmlPage(text)] : plainPages(text);
    return billedDocument('text', bytes, pages);
  },
};

function page(number: number, lines: Line[], tables: Table[], source: PageSource): Page {
  return { number, width: 0, height: 0, lines, tables, source };
}

/** Form feeds split pages; blank lines split paragraphs; pipe tables and aligned columns become tables. */
function plainPages(text: string): Page[] {
  return text.split('\f').map((chunk, i) => {
    const lines: Line[] = [];
    const numbered: NumberedLine[] = [];
    let paragraph = 0;
    let blank = false;
    for (const [number, raw] of chunk.split(/\r\n|\r|\n/).entries()) {
      const t = raw.replace(/\s+$/, '');
      if (t.trim() === '') {
        blank = lines.length > 0;
        continue;
      }
      if (blank) paragraph++;
      blank = false;
      lines.push(textLine(t, lines.length, paragraph));
      if (!isPipeRow(t)) numbered.push({ text: t, number });
    }
    return page(i + 1, lines, [...pipeTables(lines), ...spacedTables(numbered)], 'text');
  });
}

function isPipeRow(text: string): boolean {
  const t = text.trim();
  return t.startsWith('|') && t.endsWith('|') && t.length > 1;
}

/** Runs of two or more `| a | b |` lines (a separator row `|---|` is skipped). */
function pipeTables(lines: Line[]): Table[] {
  const tables: Table[] = [];
  let run: string[][] = [];
  const end = () => {
    if (run.length >= 2) tables.push(tableFromRows(run));
    run = [];
  };
  for (const line of lines) {
    if (!isPipeRow(line.text)) {
      end();
      continue;
    }
    const cells = line.text
      .trim()
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    if (!cells.every((c) => /^:?-+:?$/.test(c))) run.push(cells);
  }
  end();
  return tables;
}

function csvPage(text: string): Page {
  const rows = parseCsv(text);
  const width = Math.max(0, ...rows.map((r) => r.length));
  const padded = rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
  const lines = padded.map((r, i) => textLine(r.join('\t').replace(/\t+$/, ''), i, i));
  return page(1, lines, padded.length > 0 ? [tableFromRows(padded)] : [], 'csv');
}

function htmlPage(text: string): Page {
  const { lines, tables } = readHtml(text);
  return page(
    1,
    lines.map((l, i) => textLine(l, i, i)),
    tables.map((t) => tableFromRows(t)),
    'html',
  );
}
