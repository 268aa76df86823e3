/**
 * The one document model every reader produces and every engine reads.
 * Geometry is in PDF points (1/72 inch), origin top-left, y growing downwards; images are
 * scaled by their DPI (300 when unknown). DOCX and text have no geometry: their lines carry
 * paragraph and line indexes instead, and bbox is absent.
 */

import type { ImageHeader } from './image/image-header.ts';
import type { PreparedImage } from './ocr/prepared-image.ts';
import type { ReadDeadline } from './read-deadline.ts';

export type DocumentFormat = 'pdf' | 'jpeg' | 'png' | 'docx' | 'xlsx' | 'text';

export const ACCEPTED_FORMATS = ['PDF', 'JPG', 'JPEG', 'PNG', 'DOCX', 'XLSX', 'TEXT'] as const;

export interface BBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Word {
  text: string;
  bbox?: BBox;
  /** 0–1; 1 for text that was not recognised by OCR. */
  confidence: number;
}

export interface Line {
  text: string;
  bbox?: BBox;
  words: Word[];
  /** Paragraph index within the page (DOCX, text), for evidence where there is no geometry. */
  paragraph?: number;
  /** Line index within the page, in reading order. */
  index: number;
  /** Heading level (1–6) when the source marks the line as a heading. */
  heading?: number;
}

export interface Cell {
  text: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** Spreadsheet reference such as "Sheet1!B7". */
  ref?: string;
  bbox?: BBox;
}

export interface Table {
  rows: Cell[][];
  bbox?: BBox;
}

export type PageSource = 'text' | 'pdf-text' | 'ocr' | 'docx' | 'xlsx' | 'csv' | 'html';

export interface Page {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  lines: Line[];
  tables: Table[];
  source: PageSource;
  /** Sheet name for spreadsheets. */
  name?: string;
}

export interface DocumentMeta {
  format: DocumentFormat;
  bytes: number;
  /** Pages charged for this document (../shared/spec/decisions.md: billed pages). */
  billedPages: number;
  /** Characters of text read, all pages. */
  characters: number;
}

export interface Document {
  pages: Page[];
  meta: DocumentMeta;
}

/** Guards every reader enforces; beyond them → 400 document_too_complex (the time: document_timeout). */
export interface ReadLimits {
  maxPages: number;
  maxPixels: number;
  maxUncompressedBytes: number;
  maxZipEntries: number;
  /** Milliseconds a single document may take to read. */
  timeoutMs: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxPages: 500,
  maxPixels: 100_000_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxZipEntries: 10_000,
  timeoutMs: 120_000,
};

/**
 * How the image is made black and white before recognition: `global`, one threshold for the whole
 * page (Otsu's, Tesseract's default), or `local`, one per neighbourhood (Sauvola's), for photographs
 * lit unevenly and thermal prints faded in patches.
 */
export type OcrThreshold = 'global' | 'local';

export interface RecognizeOptions {
  signal?: AbortSignal | undefined;
  threshold?: OcrThreshold;
}

/** Recognises text in a raster image. Implemented by the tesseract pool; faked in tests. */
export interface OcrEngine {
  recognize(image: Uint8Array, options?: RecognizeOptions): Promise<OcrResult>;
  /**
   * false: a page's doubtful lines are not read a second time (ocr/reread-lines.ts): where
   * OCR_REREAD_LINES says so, and on the native CLI, which starts a program (about 220 ms) per reading.
   */
  rereadLines?: boolean;
  /** Images it recognises at once (its workers): the pages of one scan are handed over that many at a time. */
  readonly parallel?: number;
  /**
   * prepareForOcr (ocr/image-preprocess.ts) off the main thread (ocr/prepare-pool.ts), same bytes
   * out; without it the image reader prepares in its own thread.
   */
  prepare?(
    bytes: Uint8Array,
    header: ImageHeader,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<PreparedImage>;
}

export interface OcrResult {
  width: number;
  height: number;
  lines: { text: string; bbox: BBox; words: Word[] }[];
}

export interface ReadContext {
  limits: ReadLimits;
  /** Only breaks ties between text flavours (.csv, .md, .html); never decides the format. */
  fileName?: string;
  ocr?: OcrEngine;
  signal?: AbortSignal;
  /**
   * The reading's one time guard (read-document.ts makes it, joined with `signal`); a reader called
   * on its own makes one from `limits.timeoutMs` (deadlineOf).
   */
  deadline?: ReadDeadline;
  /**
   * Admission by pages (extraction/page-budget.ts): a reader calls it once it knows its page count,
   * before reading the pages, and waits; the caller holds the pages until its response is done.
   * Rejects when `signal` aborts first.
   */
  admit?: (pages: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Given, a photograph's doubtful lines are not all read again as it is read: the reader hands
   * over a way to read again only the lines at the places the caller names (after a first look at
   * the document), and returns its first reading.
   */
  secondReading?: (readAgain: ReadAgain) => void;
}

/** A place on a page, in the page's points: where a value the caller weighs stands. */
export interface Place {
  page: number;
  bbox: BBox;
}

/**
 * The document read again where the places say: the doubtful lines they cross read a second time
 * (ocr/reread-lines.ts), every other line as first read. Within the reading's time guard: past its
 * spare time the first reading comes back as it was.
 */
export type ReadAgain = (places: Place[], signal?: AbortSignal) => Promise<Document>;

export interface DocumentReader {
  readonly format: DocumentFormat;
  read(bytes: Uint8Array, context: ReadContext): Promise<Document>;
}
