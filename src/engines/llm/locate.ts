import type { BBox, Document } from '../../documents/model.ts';
import type { DateOrder } from '../../fields/field.ts';
import { findDateSpans, findNumberSpans, parseBoolean, type TypingHints } from '../../fields/typing/index.ts';
import { comparableText } from './comparable-text.ts';
import { approximateFind, digitsMended, foldLookAlikes, misreadBudget } from './look-alike.ts';

/** Where a value stands in the document, in the terms of local evidence. */
export interface Location {
  page: number;
  bbox?: [number, number, number, number];
  cell?: string;
  paragraph?: number;
  text: string;
  /** Found only as OCR's misreading of the value (look-alike characters, a few more edits). */
  misread?: boolean;
}

interface IndexedLine {
  page: number;
  text: string;
  norm: string;
  bbox?: BBox;
  paragraph?: number;
}

interface IndexedCell {
  page: number;
  ref: string;
  text: string;
  norm: string;
}

interface IndexedPage {
  number: number;
  /** Read by OCR: a value may stand there misread. */
  ocr: boolean;
  lines: IndexedLine[];
  cells: IndexedCell[];
  /** The page's comparable lines joined by a space, with where each line starts in it. */
  joined: string;
  starts: number[];
  /** `joined` without its spaces, and where each of its characters stands in `joined`: made when first asked. */
  spaceless?: { text: string; origins: number[] };
}

/**
 * The document indexed for grounding: a value the model returns is looked for as comparable text
 * (comparable-text.ts: case, punctuation and spacing ignored, "&"/"and", legal forms and counts in
 * words alike), numbers and dates by their value.
 */
export class DocumentIndex {
  readonly #pages: IndexedPage[];
  readonly #hints: TypingHints;

  constructor(document: Document, hints: TypingHints) {
    this.#hints = hints;
    this.#pages = document.pages.map((page) => {
      const lines = page.lines
        .filter((l) => l.text.trim() !== '')
        .map((l) => ({
          page: page.number,
          text: l.text.trim(),
          norm: comparableText(l.text),
          ...(l.bbox ? { bbox: l.bbox } : {}),
          ...(l.paragraph !== undefined ? { paragraph: l.paragraph } : {}),
        }));
      const cells = page.tables.flatMap((t) =>
        t.rows
          .flat()
          .flatMap((c) =>
            c.ref && c.text.trim() !== ''
              ? [{ page: page.number, ref: c.ref, text: c.text.trim(), norm: comparableText(c.text) }]
              : [],
          ),
      );
      const starts: number[] = [];
      let joined = '';
      for (const line of lines) {
        starts.push(joined.length);
        joined += `${line.norm} `;
      }
      return { number: page.number, ocr: page.source === 'ocr', lines, cells, joined, starts };
    });
  }

  /**
   * Text found as a whole-word run, possibly across consecutive lines of a page; else the same
   * letters with the spaces ignored, still from a word's start to a word's end ("Tampoi81200" as
   * OCR or a PDF's kerning joins words, "Tampoi 81200" as the model writes them).
   */
  findText(value: string, pages?: number[]): Location | null {
    const wanted = comparableText(value);
    if (wanted === '') return null;
    const squashed = wanted.replaceAll(' ', '');
    for (const page of this.#scope(pages)) {
      const cell = page.cells.find((c) => ` ${c.norm} `.includes(` ${wanted} `));
      if (cell) return { page: page.number, cell: cell.ref, text: cell.text };
      const at = ` ${page.joined}`.indexOf(` ${wanted} `);
      if (at >= 0) return this.#span(page, at, at + wanted.length - 1);
      const run = spacelessRun(page, squashed);
      if (run) return this.#span(page, run[0], run[1]);
    }
    return this.#misreadText(value, pages);
  }

  /**
   * On a page OCR read, the value as OCR may have misread it: look-alike characters folded together
   * (0/O, 1/l/I, 5/S, 8/B …) and then one edit in eight characters (look-alike.ts).
   */
  #misreadText(value: string, pages: number[] | undefined): Location | null {
    const wanted = foldLookAlikes(value);
    const budget = misreadBudget(wanted.length);
    if (budget === 0) return null;
    for (const page of this.#scope(pages)) {
      if (!page.ocr) continue;
      // Each line's folded text, joined, with where each line starts, to map a match back to lines.
      let text = '';
      const starts: number[] = [];
      for (const line of page.lines) {
        starts.push(text.length);
        text += foldLookAlikes(line.text);
      }
      const found = approximateFind(text, wanted, budget);
      if (!found) continue;
      const lines = page.lines.slice(lineAt(starts, found.start), lineAt(starts, found.end - 1) + 1);
      return { ...spanOf(lines), misread: true };
    }
    return null;
  }

  /** The lines of a page that hold `joined`'s characters from `from` to `to`, both included. */
  #span(page: IndexedPage, from: number, to: number): Location {
    return spanOf(page.lines.slice(lineAt(page.starts, from), lineAt(page.starts, to) + 1));
  }

  findNumber(value: number, pages?: number[]): Location | null {
    const hint = this.#hints.decimalMark ? { decimalMark: this.#hints.decimalMark } : undefined;
    const same = (text: string) => findNumberSpans(text, hint).some((s) => Math.abs(s.value - value) < 0.005);
    const found = this.#first(pages, same);
    if (found) return found;
    // OCR's letters for digits ("54.5O", "l2.00"), on the pages it read.
    const ocrPages = this.#pages
      .filter((p) => p.ocr && (!pages || pages.includes(p.number)))
      .map((p) => p.number);
    if (ocrPages.length === 0) return null;
    const mended = this.#first(ocrPages, (text) => same(digitsMended(text)));
    return mended ? { ...mended, misread: true } : null;
  }

  /**
   * A date by its value. Where the document does not settle whether 5/12/09 is day or month first,
   * either reading shows it: the model, which saw the whole document, may know better than the
   * typing's day-first default (a US contract's signature dates).
   */
  findDate(iso: string, pages?: number[]): Location | null {
    const orders: DateOrder[] = this.#hints.dateOrder ? [this.#hints.dateOrder] : ['DMY', 'MDY'];
    const day = iso.slice(0, 10);
    const shows = (text: string) =>
      orders.some((order) => findDateSpans(text, { order }).some((s) => s.value === day));
    // Dates are written in words often enough to break at a line's end ("the 10th day of" / "May, 2007").
    return this.#first(pages, shows, true);
  }

  /** A yes/no stated beside a label made of the field's words: "Paid: yes", "☑ Paid". */
  findBoolean(value: boolean, labels: string[], pages?: number[]): Location | null {
    const words = labels.map(comparableText).filter((l) => l !== '');
    return this.#first(pages, (text) => {
      const norm = comparableText(text);
      const label = words.find((w) => ` ${norm} `.includes(` ${w} `));
      if (!label) return false;
      const rest = text.includes(':') ? text.slice(text.indexOf(':') + 1) : text;
      return parseBoolean(rest) === value;
    });
  }

  #scope(pages: number[] | undefined): IndexedPage[] {
    return pages ? this.#pages.filter((p) => pages.includes(p.number)) : this.#pages;
  }

  /** The first cell, else line (else, with `acrossLines`, two consecutive lines) whose text passes `test`. */
  #first(pages: number[] | undefined, test: (text: string) => boolean, acrossLines = false): Location | null {
    for (const page of this.#scope(pages)) {
      const cell = page.cells.find((c) => test(c.text));
      if (cell) return { page: page.number, cell: cell.ref, text: cell.text };
      const line = page.lines.find((l) => test(l.text));
      if (line) return spanOf([line]);
      if (!acrossLines) continue;
      const lines = page.lines;
      const at = lines.findIndex((l, i) => i + 1 < lines.length && test(`${l.text} ${lines[i + 1]!.text}`));
      if (at >= 0) return spanOf(lines.slice(at, at + 2));
    }
    return null;
  }
}

/** Where `squashed` starts and ends in the page's `joined`, on word boundaries, or null. */
function spacelessRun(page: IndexedPage, squashed: string): [number, number] | null {
  const { joined } = page;
  if (!page.spaceless) {
    const origins: number[] = [];
    for (let i = 0; i < joined.length; i++) if (joined[i] !== ' ') origins.push(i);
    page.spaceless = { text: origins.map((i) => joined[i]).join(''), origins };
  }
  const { text, origins } = page.spaceless;
  for (let i = text.indexOf(squashed); i >= 0; i = text.indexOf(squashed, i + 1)) {
    const from = origins[i]!;
    const to = origins[i + squashed.length - 1]!;
    if ((from === 0 || joined[from - 1] === ' ') && (to + 1 === joined.length || joined[to + 1] === ' ')) {
      return [from, to];
    }
  }
  return null;
}

function lineAt(starts: number[], offset: number): number {
  let i = 0;
  while (i + 1 < starts.length && starts[i + 1]! <= offset) i++;
  return i;
}

function spanOf(lines: IndexedLine[]): Location {
  const first = lines[0]!;
  const boxes = lines.flatMap((l) => (l.bbox ? [l.bbox] : []));
  const where =
    boxes.length > 0
      ? {
          bbox: [
            Math.min(...boxes.map((b) => b.x0)),
            Math.min(...boxes.map((b) => b.y0)),
            Math.max(...boxes.map((b) => b.x1)),
            Math.max(...boxes.map((b) => b.y1)),
          ].map((n) => Math.round(n * 10) / 10) as [number, number, number, number],
        }
      : first.paragraph !== undefined
        ? { paragraph: first.paragraph }
        : {};
  return { page: first.page, ...where, text: lines.map((l) => l.text).join(' ') };
}
