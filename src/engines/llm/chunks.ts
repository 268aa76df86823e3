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
 * Consecutive pages packed under `budget` tokens, a page's picture counted with its text where it is
 * sent; a page too long alone is split between lines (each part keeps its page marker, and its
 * picture). A line longer than the budget is cut.
 */
export function splitIntoChunks(pages: PageText[], budget: number): Chunk[] {
  const maxChars = Math.max(400, budget * 4);
  const chunks: Chunk[] = [];
  let text = '';
  let covered: number[] = [];
  /** Characters' worth of the chunk's pictures. */
  let pictures = 0;
  const flush = () => {
    if (text !== '') chunks.push({ text, pages: covered });
    text = '';
    covered = [];
    pictures = 0;
  };
  for (const page of pages) {
    const marker = `${pageMarker(page.page)}\n`;
    const picture = (page.imageTokens ?? 0) * 4;
    // Even beside a picture as large as the budget, a line keeps some text.
    const room = Math.max(200, maxChars - marker.length - picture);
    for (const raw of page.lines) {
      const line = raw.length + 1 > room ? raw.slice(0, room - 1) : raw;
      const opens = covered.at(-1) !== page.page;
      const cost = (opens ? marker.length + picture : 0) + line.length + 1;
      if (text !== '' && text.length + pictures + cost > maxChars) {
        flush();
        text = marker;
        covered = [page.page];
        pictures = picture;
      } else if (opens) {
        text += marker;
        covered.push(page.page);
        pictures += picture;
      }
      text += `${line}\n`;
    }
    if (page.lines.length === 0 && covered.at(-1) !== page.page) {
      if (text.length + pictures + marker.length + picture > maxChars) flush();
      text += marker;
      covered.push(page.page);
      pictures += picture;
    }
  }
  flush();
  return chunks.length > 0 ? chunks : [{ text: '', pages: [] }];
}
