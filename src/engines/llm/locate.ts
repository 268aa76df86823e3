import type { BBox, Document } from '../../documents/model.ts';
import { findDateSpans, findNumberSpans, parseBoolean, type TypingHints } from '../../fields/typing/index.ts';

/** Where a value stands in the document, in the terms of local evidence. */
export interface Location {
  page: number;
  bbox?: [number, number, number, number];
  cell?: string;
  paragraph?: number;
  text: string;
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
  lines: IndexedLine[];
  cells: IndexedCell[];
  /** The page's normalised lines joined by a space, with where each line starts in it. */
  joined: string;
  starts: number[];
}

/**
 * The document indexed for grounding: a value the model returns is looked for as normalised text
 * (case, accents' forms, punctuation and spacing ignored), numbers and dates by their value.
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
          norm: normalise(l.text),
          ...(l.bbox ? { bbox: l.bbox } : {}),
          ...(l.paragraph !== undefined ? { paragraph: l.paragraph } : {}),
        }));
      const cells = page.tables.flatMap((t) =>
        t.rows
          .flat()
          .flatMap((c) =>
            c.ref && c.text.trim() !== ''
              ? [{ page: page.number, ref: c.ref, text: c.text.trim(), norm: normalise(c.text) }]
              : [],
          ),
      );
      const starts: number[] = [];
      let joined = '';
      for (const line of lines) {
        starts.push(joined.length);
        joined += `${line.norm} `;
      }
      return { number: page.number, lines, cells, joined, starts };
    });
  }

  /** Text found as a whole-word run, possibly across consecutive lines of a page. */
  findText(value: string, pages?: number[]): Location | null {
    const wanted = normalise(value);
    if (wanted === '') return null;
    for (const page of this.#scope(pages)) {
      const cell = page.cells.find((c) => ` ${c.norm} `.includes(` ${wanted} `));
      if (cell) return { page: page.number, cell: cell.ref, text: cell.text };
      const at = ` ${page.joined}`.indexOf(` ${wanted} `);
      if (at < 0) continue;
      const first = lineAt(page.starts, at);
      const last = lineAt(page.starts, at + wanted.length - 1);
      return spanOf(page.lines.slice(first, last + 1));
    }
    return null;
  }

  findNumber(value: number, pages?: number[]): Location | null {
    const hint = this.#hints.decimalMark ? { decimalMark: this.#hints.decimalMark } : undefined;
    const same = (text: string) => findNumberSpans(text, hint).some((s) => Math.abs(s.value - value) < 0.005);
    return this.#first(pages, same);
  }

  findDate(iso: string, pages?: number[]): Location | null {
    const hint = this.#hints.dateOrder ? { order: this.#hints.dateOrder } : undefined;
    const day = iso.slice(0, 10);
    return this.#first(pages, (text) => findDateSpans(text, hint).some((s) => s.value === day));
  }

  /** A yes/no stated beside a label made of the field's words: "Paid: yes", "☑ Paid". */
  findBoolean(value: boolean, labels: string[], pages?: number[]): Location | null {
    const words = labels.map(normalise).filter((l) => l !== '');
    return this.#first(pages, (text) => {
      const norm = normalise(text);
      const label = words.find((w) => ` ${norm} `.includes(` ${w} `));
      if (!label) return false;
      const rest = text.includes(':') ? text.slice(text.indexOf(':') + 1) : text;
      return parseBoolean(rest) === value;
    });
  }

  #scope(pages: number[] | undefined): IndexedPage[] {
    return pages ? this.#pages.filter((p) => pages.includes(p.number)) : this.#pages;
  }

  /** The first cell, else line, whose text passes `test`. */
  #first(pages: number[] | undefined, test: (text: string) => boolean): Location | null {
    for (const page of this.#scope(pages)) {
      const cell = page.cells.find((c) => test(c.text));
      if (cell) return { page: page.number, cell: cell.ref, text: cell.text };
      const line = page.lines.find((l) => test(l.text));
      if (line) return spanOf([line]);
    }
    return null;
  }
}

export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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
