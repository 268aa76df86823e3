import { type PageText, pageMarker } from './document-text.ts';

/** A part of the document small enough for one call: its text and the pages it covers. */
export interface Chunk {
  text: string;
  pages: number[];
}

/** The usual estimate for English and code: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Consecutive pages packed under `budget` tokens; a page too long alone is split between lines
 * (each part keeps its page marker). A line longer than the budget is cut.
 */
export function splitIntoChunks(pages: PageText[], budget: number): Chunk[] {
  const maxChars = Math.max(400, budget * 4);
  const chunks: Chunk[] = [];
  let text = '';
  let covered: number[] = [];
  const flush = () => {
    if (text !== '') chunks.push({ text, pages: covered });
    text = '';
    covered = [];
  };
  for (const page of pages) {
    const marker = `${pageMarker(page.page)}\n`;
    for (const raw of page.lines) {
      const line =
        raw.length + 1 > maxChars - marker.length ? raw.slice(0, maxChars - marker.length - 1) : raw;
      const opening = covered.at(-1) === page.page ? '' : marker;
      if (text.length + opening.length + line.length + 1 > maxChars && text !== '') {
        flush();
        text = marker;
        covered = [page.page];
      } else if (opening) {
        text += opening;
        covered.push(page.page);
      }
      text += `${line}\n`;
    }
    if (page.lines.length === 0 && covered.at(-1) !== page.page) {
      if (text.length + marker.length > maxChars) flush();
      text += marker;
      covered.push(page.page);
    }
  }
  flush();
  return chunks.length > 0 ? chunks : [{ text: '', pages: [] }];
}
