/**
 * XLSX/XLSM reader: each worksheet becomes a page (named after the sheet) holding its used range as
 * one table and one line per non-empty row. Hidden sheets are read like visible ones: they hold
 * data, and the model has no flag to mark them. Chart sheets hold no cells and give no page.
 * exceljs trusts the archive, so it only gets the cell-data parts, after the ZIP limits and a cell
 * count were checked on the real inflated bytes.
 */
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { AppError, isAppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type { Document, DocumentReader, Page, ReadContext } from '../model.ts';
import { readZip } from '../zip/zip-archive.ts';
import { CellCounter } from './cell-count.ts';
import { readSheet } from './sheet-page.ts';

/** More cells than this (all sheets) → document_too_complex; exceljs keeps an object per cell. */
export const MAX_CELLS = 1_000_000;

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * The parts exceljs needs for cell values, by lower-cased name, with the exact spelling exceljs looks
 * for (OPC names are case-insensitive, exceljs' are not). Drawings, media and comments stay packed.
 */
const CELL_DATA_PARTS = new Map(
  [
    '[Content_Types].xml',
    '_rels/.rels',
    'xl/workbook.xml',
    'xl/_rels/workbook.xml.rels',
    'xl/styles.xml',
    'xl/sharedStrings.xml',
  ].map((name) => [name.toLowerCase(), name]),
);

function isCellDataPart(name: string): boolean {
  const lower = name.replace(/^\//, '').toLowerCase();
  return CELL_DATA_PARTS.has(lower) || WORKSHEET_PART.test(lower);
}

function exceljsName(name: string): string {
  const bare = name.replace(/^\//, '');
  return CELL_DATA_PARTS.get(bare.toLowerCase()) ?? bare;
}

/** Worksheet elements pointing at parts left out of the package, or irrelevant to cell values. */
const IGNORED_SHEET_NODES = [
  'hyperlinks',
  'picture',
  'drawing',
  'tableParts',
  'dataValidations',
  'conditionalFormatting',
  'extLst',
];

/**
 * Inflates only the cell-data parts (within the limits, on the real inflated bytes), refuses too
 * many cells, and repacks those parts uncompressed for exceljs, which then never meets the
 * drawings or embedded files it cannot parse or does not need.
 */
function cellDataPackage(bytes: Uint8Array, context: ReadContext): Uint8Array {
  const parts = readZip(bytes, context.limits, isCellDataPart);
  let cells = 0;
  let sheets = 0;
  for (const [name, data] of parts) {
    if (!WORKSHEET_PART.test(name.replace(/^\//, ''))) continue;
    const counter = new CellCounter();
    counter.push(data);
    cells += counter.count;
    sheets += 1;
  }
  if (sheets === 0) throw new AppError('corrupt_document', { reason: 'the workbook has no worksheet' });
  if (cells > MAX_CELLS) throw new AppError('document_too_complex', { limit_cells: MAX_CELLS });
  const zippable: Record<string, Uint8Array> = {};
  for (const [name, data] of parts) zippable[exceljsName(name)] = data;
  return zipSync(zippable, { level: 0 });
}

async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' typings still name the pre-generic Buffer; the bytes are only read.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never, {
      ignoreNodes: IGNORED_SHEET_NODES,
    });
  } catch (error) {
    throw new AppError('corrupt_document', { reason: 'the workbook cannot be parsed' }, { cause: error });
  }
  return workbook;
}

function toDocument(sheets: { page: Page; nonEmptyCells: number }[], bytes: Uint8Array): Document {
  return billedDocument(
    'xlsx',
    bytes,
    sheets.map((sheet) => sheet.page),
    sheets.map((sheet) => sheet.nonEmptyCells),
  );
}

async function readWorkbook(bytes: Uint8Array, context: ReadContext): Promise<Document> {
  const slim = cellDataPackage(bytes, context);
  context.signal?.throwIfAborted();
  const workbook = await loadWorkbook(slim);
  context.signal?.throwIfAborted();
  const worksheets = workbook.worksheets;
  if (worksheets.length === 0)
    throw new AppError('corrupt_document', { reason: 'no worksheet could be read' });
  if (worksheets.length > context.limits.maxPages) {
    throw new AppError('document_too_complex', { limit_pages: context.limits.maxPages });
  }
  return toDocument(
    worksheets.map((worksheet, index) => readSheet(worksheet, index + 1)),
    bytes,
  );
}

export const xlsxReader: DocumentReader = {
  format: 'xlsx',
  async read(bytes: Uint8Array, context: ReadContext): Promise<Document> {
    try {
      return await readWorkbook(bytes, context);
    } catch (error) {
      if (isAppError(error) || context.signal?.aborted) throw error;
      throw new AppError('corrupt_document', {}, { cause: error });
    }
  },
};
