/**
 * The one billing policy for pages (../shared/spec/decisions.md, "Plans, credit and pages"): a PDF's
 * pages; one per image; DOCX and text one per 3,000 characters started, counted on the text read (an
 * HTML page's words, not its markup); XLSX one per 1,000 non-empty cells started, at least one per
 * sheet. Every reader hands its pages here, so a charge is decided in this file alone.
 */
import type { Document, DocumentFormat, Page } from './model.ts';

export const CHARACTERS_PER_BILLED_PAGE = 3000;
export const CELLS_PER_BILLED_PAGE = 1000;

/** Characters of text read: every line of every page. */
export function charactersRead(pages: readonly Page[]): number {
  let characters = 0;
  for (const page of pages) for (const line of page.lines) characters += line.text.length;
  return characters;
}

/**
 * The document as its reader read it, with what it costs. `nonEmptyCells`: per sheet, for XLSX (a
 * sheet's cells are not all lines of text).
 */
export function billedDocument(
  format: DocumentFormat,
  bytes: Uint8Array,
  pages: Page[],
  nonEmptyCells: readonly number[] = [],
): Document {
  const characters = charactersRead(pages);
  return { pages, meta: { format, bytes: bytes.byteLength, billedPages: billedPages(), characters } };

  function billedPages(): number {
    switch (format) {
      case 'pdf':
        return pages.length;
      case 'jpeg':
      case 'png':
        return 1;
      case 'docx':
      case 'text':
        return Math.max(1, Math.ceil(characters / CHARACTERS_PER_BILLED_PAGE));
      case 'xlsx':
        return Math.max(
          1,
          nonEmptyCells.reduce(
            (sum, cells) => sum + Math.max(1, Math.ceil(cells / CELLS_PER_BILLED_PAGE)),
            0,
          ),
        );
    }
  }
}
