import type { BBox, Cell, Document, Line, Table } from '../../documents/model.ts';
import { ocrLineText } from './ocr-text.ts';
import { canonicalWord } from './words.ts';

export interface Token {
  word: string;
  start: number;
  end: number;
}

export interface ViewLine {
  /** Index in DocumentView.lines. */
  id: number;
  page: number;
  text: string;
  tokens: Token[];
  bbox?: BBox;
  paragraph?: number;
  /** 0 at the top of its page, 1 at the bottom (by geometry, else by line order). */
  y: number;
  /** Offset of the line in DocumentView.text. */
  offset: number;
  /** Read by OCR: its words may be misread. */
  ocr: boolean;
  /** How sure OCR was of the line's letters, 0–1 (1 for text that was not OCR'd). */
  confidence: number;
  /** The document's line, for what is read from it on demand (its columns: line-columns.ts). */
  source: Line;
}

/** The document as the engine reads it: every line in reading order, tokenised once. */
export interface DocumentView {
  lines: ViewLine[];
  tables: { table: Table; page: number }[];
  /** All lines joined by "\n", for sentence-level (prose) search. */
  text: string;
  pageCount: number;
  /** Cells per page and row, for spreadsheet evidence. */
  cells: Map<string, Cell[]>;
  /** Every OCR'd word of four letters or more, upper case, with the best confidence it was read at. */
  ocrWords: Map<string, number>;
}

// "#" and "№" (the numero sign: "Rechnungs-№", "Kunden-№") stand for "number" in labels.
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’.&-]*|#|№/gu;
/** A word joined by a hyphen to "Nr", "No" or "Datum". */
const GLUED_HEAD = /^(\p{L}{3,})-(nr|no|nummer|datum)$/iu;

/**
 * `seen`: words already made canonical, by their raw form. A document repeats its words: one
 * normalisation and one string per distinct word, instead of one per occurrence (a dense 480-page
 * PDF has 400,000 tokens and a few thousand distinct words).
 */
export function tokenise(text: string, seen?: Map<string, string>): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0].replace(/[.'’-]+$/, '');
    // "Rechnungs-Nr.", "Kunden-Nr", "Liefer-Datum": a label's word and its short head, two words.
    const glued = GLUED_HEAD.exec(raw);
    if (glued) {
      const cut = glued[1]!.length;
      tokens.push({ word: canonicalWord(glued[1]!), start: m.index, end: m.index + cut });
      tokens.push({ word: canonicalWord(glued[2]!), start: m.index + cut + 1, end: m.index + raw.length });
      continue;
    }
    let word = seen?.get(raw);
    if (word === undefined) {
      word = canonicalWord(raw);
      seen?.set(raw, word);
    }
    if (word) tokens.push({ word, start: m.index, end: m.index + raw.length });
  }
  return tokens;
}

export function buildView(document: Document): DocumentView {
  const lines: ViewLine[] = [];
  let offset = 0;
  const cells = new Map<string, Cell[]>();
  const ocrWords = new Map<string, number>();
  const seen = new Map<string, string>();
  for (const page of document.pages) {
    const count = Math.max(1, page.lines.length - 1);
    page.lines.forEach((line, i) => {
      const y = line.bbox && page.height > 0 ? line.bbox.y0 / page.height : i / count;
      const text = page.source === 'ocr' ? ocrLineText(line) : line.text;
      if (page.source === 'ocr') collectWords(line, ocrWords);
      lines.push({
        id: lines.length,
        page: page.number,
        text,
        tokens: tokenise(text, seen),
        ...(line.bbox ? { bbox: line.bbox } : {}),
        ...(line.paragraph !== undefined ? { paragraph: line.paragraph } : {}),
        y: Math.min(1, Math.max(0, y)),
        offset,
        ocr: page.source === 'ocr',
        confidence: page.source === 'ocr' ? lineConfidence(line) : 1,
        source: line,
      });
      offset += text.length + 1;
    });
    for (const table of page.tables) {
      for (const row of table.rows) {
        for (const cell of row) {
          if (!cell.ref) continue;
          const key = `${page.number}:${cell.row}`;
          cells.set(key, [...(cells.get(key) ?? []), cell]);
        }
      }
    }
  }
  return {
    lines,
    tables: document.pages.flatMap((p) => p.tables.map((table) => ({ table, page: p.number }))),
    text: lines.map((l) => l.text).join('\n'),
    pageCount: document.pages.length,
    cells,
    ocrWords,
  };
}

/** The line holding a character offset of DocumentView.text. */
export function lineAt(view: DocumentView, offset: number): ViewLine {
  let lo = 0;
  let hi = view.lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (view.lines[mid]!.offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return view.lines[lo]!;
}

/** Mean confidence of a line's words, each weighted by its length. */
function lineConfidence(line: Line): number {
  let sum = 0;
  let length = 0;
  for (const word of line.words) {
    sum += word.confidence * word.text.length;
    length += word.text.length;
  }
  return length === 0 ? 0 : sum / length;
}

function collectWords(line: Line, into: Map<string, number>): void {
  for (const word of line.words) {
    for (const run of word.text.match(/\p{L}{4,}/gu) ?? []) {
      const key = run.toUpperCase();
      into.set(key, Math.max(into.get(key) ?? 0, word.confidence));
    }
  }
}

/** A blank line (another paragraph) or a wide vertical gap parts `line` from the line above it. */
export function partedFrom(above: ViewLine, line: ViewLine): boolean {
  // OCR's paragraphs are its own guesses; a text file's are its blank lines.
  if (!line.ocr && above.paragraph !== undefined && line.paragraph !== undefined)
    return above.paragraph !== line.paragraph;
  if (!above.bbox || !line.bbox) return false;
  const height = Math.max(above.bbox.y1 - above.bbox.y0, line.bbox.y1 - line.bbox.y0);
  return line.bbox.y0 - above.bbox.y1 > 1.5 * height;
}
