import type { OcrEngine, OcrResult, OcrThreshold, Word } from '../model.ts';
import { cropPnmScaled, pnmLayout } from './ppm.ts';

type OcrLine = OcrResult['lines'][number];

export interface RereadOptions {
  /** A line is read again when one of its words of letters was read below this confidence (0–1). */
  doubtful: number;
  /** The line's crop is enlarged this many times before it is read again. */
  factor: number;
  /** At most this many lines of a page are read again, the least sure first. */
  maxLines: number;
}

/**
 * A line Tesseract read with a doubtful word is read again on its own, enlarged twice, and each
 * word keeps whichever of its two readings Tesseract was surer of. Alone and larger, a line's
 * letters are sampled afresh and its neighbours' ink no longer crowds it, so the second reading's
 * errors are not the first's: "JALRN" / "JALAN", "TAMPOl" / "TAMPOI". npm run eval: SROIE 75.9 →
 * 76.1, sroie-more's minimum over wordings 66.6 → 67.5 (addresses 50 → 52% and 48 → 52%).
 * Enlarging 1× (the crop alone) found no more of the labelled addresses in the text, 1.5× fewer
 * than 2×; stacking every such line into one image, read in one call, was slower and worse
 * (Tesseract's block layout merges them); reading again only below 0.7 gave SROIE 75.9 and
 * sroie-more 67.1; replacing figures too lost SROIE's dates and totals (74.9). It costs a
 * recognition of a small image per doubtful line, about 20 on a receipt, run on the pool's free
 * workers side by side; not done by the native backend, which starts a process for each (8 s a
 * receipt instead of 2).
 */
export const DEFAULT_REREAD: RereadOptions = { doubtful: 0.85, factor: 2, maxLines: 40 };

/** Pixels of white around a crop: Tesseract misreads text that touches the image's edge. */
const PAD = 10;

export async function rereadDoubtfulLines(
  ocr: OcrEngine,
  image: Uint8Array,
  page: OcrResult,
  signal: AbortSignal | undefined,
  threshold: OcrThreshold,
  options: RereadOptions = DEFAULT_REREAD,
): Promise<OcrResult> {
  const layout = pnmLayout(image);
  if (!layout || signal?.aborted || ocr.rereadLines === false) return page;
  const doubtful = page.lines
    .map((line, index) => ({ line, index, least: leastConfidence(line) }))
    .filter(({ least }) => least < options.doubtful)
    .sort((a, b) => a.least - b.least)
    .slice(0, options.maxLines);
  if (doubtful.length === 0) return page;
  const lines = [...page.lines];
  await Promise.all(
    doubtful.map(async ({ line, index }) => {
      const height = line.bbox.y1 - line.bbox.y0;
      // A line's height on either side, for the first and last letters the line box clipped.
      const box = {
        x0: Math.max(0, line.bbox.x0 - height),
        y0: Math.max(0, line.bbox.y0 - height / 4),
        x1: line.bbox.x1 + height,
        y1: line.bbox.y1 + height / 4,
      };
      const crop = cropPnmScaled(image, layout, box, options.factor, PAD);
      const read = await ocr.recognize(crop, { signal, threshold });
      const again = read.lines.filter((l) => l.words.length > 0);
      // Two lines out of one crop (a neighbour's descenders read as text): no word to pair safely.
      if (again.length !== 1) return;
      const left = Math.floor(box.x0);
      const toPage = (w: Word): Word => ({
        ...w,
        bbox: w.bbox && {
          x0: (w.bbox.x0 - PAD) / options.factor + left,
          x1: (w.bbox.x1 - PAD) / options.factor + left,
          y0: line.bbox.y0,
          y1: line.bbox.y1,
        },
      });
      lines[index] = surerWords(line, again[0]!.words.map(toPage));
    }),
  );
  return { ...page, lines };
}

/** The least confidence of its words of letters: only they may be replaced. */
const leastConfidence = (line: OcrLine) =>
  Math.min(...line.words.filter((w) => /\p{L}/u.test(w.text) && !/\d/.test(w.text)).map((w) => w.confidence));

/**
 * Each word of the line paired with the one word of the second reading that covers it (and covers
 * no other), kept or replaced by whichever was read surer. A word the readings split or joined
 * differently ("14318" / "14 & 16") has no pair and is kept as first read.
 */
function surerWords(line: OcrLine, again: Word[]): OcrLine {
  const words = line.words.map((word) => {
    const pairs = again.filter((other) => overlaps(word, other));
    if (pairs.length !== 1) return word;
    const other = pairs[0]!;
    // Figures are kept as first read: the enlarged reading was surer of wrong digits about as
    // often as of right ones (SROIE's dates and totals lost 3 and 2 points with them).
    if (other.confidence <= word.confidence || /\d/.test(word.text) || /\d/.test(other.text)) return word;
    if (line.words.filter((w) => overlaps(w, other)).length !== 1) return word;
    return { ...word, text: other.text, confidence: other.confidence };
  });
  return { ...line, words, text: words.map((w) => w.text).join(' ') };
}

/** Two words overlap across more than half of the narrower one. */
function overlaps(a: Word, b: Word): boolean {
  if (!a.bbox || !b.bbox) return false;
  const shared = Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0);
  return shared > 0.5 * Math.min(a.bbox.x1 - a.bbox.x0, b.bbox.x1 - b.bbox.x0);
}
