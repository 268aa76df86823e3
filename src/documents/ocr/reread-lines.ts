import type { OcrEngine, OcrResult, OcrThreshold, Word } from '../model.ts';
import { cropPnmScaled, pnmLayout } from './ppm.ts';

export type OcrLine = OcrResult['lines'][number];

export interface RereadOptions {
  /** A line is read again when one of its words was read below this confidence (0–1); only such words change. */
  doubtful: number;
  /** The line's crop is read again enlarged by each of these factors. */
  factors: number[];
  /** At most this many lines of a page are read again, the least sure first. */
  maxLines: number;
}

/**
 * A line Tesseract read with a doubtful word is read again on its own, twice, enlarged 2× and 3×,
 * and each doubtful word is voted on. Alone and larger, a line's letters are sampled afresh and its
 * neighbours' ink no longer crowds it, so the second readings' errors are not the first's:
 * "JALRN" / "JALAN", "TAMPOl" / "TAMPOI", "45400" / "45600". The two second readings agreeing
 * against the first win, figures only when surer than the first (a date read at 0.79 came out
 * "16/62/2018" twice enlarged); failing agreement, a word of letters keeps its surest reading and
 * figures their first. A reading with signs print is not made of ("“alco", "[otal") is no vote.
 * (Figures in docs/how-values-are-chosen.md, "Scans and photographs".) One enlarged reading, the surest word winning and
 * figures kept, gave SROIE 75.9 → 76.1 and sroie-more 66.6 → 67.5; two readings without the
 * confidence bars lost SROIE's tuning half 2.5 points ("Total" → "Toll", "RM" → "RN"). Enlarging
 * 1× found no more of the labelled addresses in the text, 1.5× alone fewer than 2×; stacking every
 * such line into one image, read in one call, was slower and worse (Tesseract's block layout
 * merges them). It costs one or two recognitions of a
 * small image per doubtful line, the lines run on the pool's free workers side by side: the 3×
 * reading is only made where the 2× one left a doubtful word unconfirmed, as it could change
 * nothing else. Not done by the native backend, which starts a process for each (8 s a receipt
 * instead of 2).
 */
export const DEFAULT_REREAD: RereadOptions = { doubtful: 0.85, factors: [2, 3], maxLines: 40 };

/** Pixels of white around a crop: Tesseract misreads text that touches the image's edge. */
const PAD = 10;

export async function rereadDoubtfulLines(
  ocr: OcrEngine,
  image: Uint8Array,
  page: OcrResult,
  signal: AbortSignal | undefined,
  threshold: OcrThreshold,
  options: RereadOptions = DEFAULT_REREAD,
  only: (line: OcrLine) => boolean = () => true,
): Promise<OcrResult> {
  const layout = pnmLayout(image);
  if (!layout || signal?.aborted || ocr.rereadLines === false) return page;
  const doubtful = page.lines
    .map((line, index) => ({ line, index, least: leastConfidence(line) }))
    .filter(({ line, least }) => least < options.doubtful && only(line))
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
      const left = Math.floor(box.x0);
      const readAt = async (factor: number): Promise<Word[] | undefined> => {
        const crop = cropPnmScaled(image, layout, box, factor, PAD);
        const read = await ocr.recognize(crop, { signal, threshold });
        const again = read.lines.filter((l) => l.words.length > 0);
        // Two lines out of one crop (a neighbour's descenders read as text): no word to pair safely.
        if (again.length !== 1) return undefined;
        return again[0]!.words.map(
          (w): Word => ({
            ...w,
            bbox: w.bbox && {
              x0: (w.bbox.x0 - PAD) / factor + left,
              x1: (w.bbox.x1 - PAD) / factor + left,
              y0: line.bbox.y0,
              y1: line.bbox.y1,
            },
          }),
        );
      };
      // Enlargements are read one after another, and no more once each doubtful word has a second
      // reading that confirms its first: a confirmed word is kept whatever the others say.
      const readings: Word[][] = [];
      for (const factor of options.factors) {
        const again = await readAt(factor);
        if (again) readings.push(again);
        const confirmed = line.words.every(
          (w) =>
            w.confidence >= options.doubtful || readings.some((r) => pairOf(line, w, r)?.text === w.text),
        );
        if (confirmed) break;
      }
      lines[index] = votedWords(line, readings, options.doubtful);
    }),
  );
  return { ...page, lines };
}

/** The least confidence of its words of letters or figures. */
const leastConfidence = (line: OcrLine) =>
  Math.min(...line.words.filter((w) => /[\p{L}\p{N}]/u.test(w.text)).map((w) => w.confidence));

/** Signs Tesseract gives for specks and strokes, not for print a word is made of. */
const STRAY_SIGN = /[^\p{L}\p{N}.,:;/\-&()%]/u;

/**
 * Each doubtful word of the line paired with the one word of each second reading that covers it
 * (and covers no other); a word the readings split or joined differently ("14318" / "14 & 16") has
 * no pair and is kept as first read.
 */
function votedWords(line: OcrLine, readings: Word[][], doubtful: number): OcrLine {
  const words = line.words.map((word) => {
    if (word.confidence >= doubtful) return word;
    const others = readings
      .map((again) => pairOf(line, word, again))
      .filter((w): w is Word => w !== undefined && !STRAY_SIGN.test(w.text));
    if (others.some((o) => o.text === word.text)) return word;
    const agreed = others.find((o, i) => others.some((p, j) => j !== i && p.text === o.text));
    if (agreed) {
      // Letters a little less sure still win by agreement ("TAMAM" at 0.68, "TAMAN" twice at 0.52).
      const slack = /\d/.test(word.text + agreed.text) ? 0 : 0.2;
      return agreed.confidence > word.confidence - slack
        ? { ...word, text: agreed.text, confidence: agreed.confidence }
        : word;
    }
    if (/\d/.test(word.text)) return word;
    const surest = others
      .filter((o) => !/\d/.test(o.text))
      .reduce<Word>((best, o) => (o.confidence > best.confidence ? o : best), word);
    return surest === word ? word : { ...word, text: surest.text, confidence: surest.confidence };
  });
  return { ...line, words, text: words.map((w) => w.text).join(' ') };
}

/** The one word of a second reading that covers `word`, and covers no other word of the line. */
function pairOf(line: OcrLine, word: Word, again: Word[]): Word | undefined {
  const pairs = again.filter((other) => overlaps(word, other));
  if (pairs.length !== 1) return undefined;
  return line.words.filter((w) => overlaps(w, pairs[0]!)).length === 1 ? pairs[0] : undefined;
}

/** Two words overlap across more than half of the narrower one. */
function overlaps(a: Word, b: Word): boolean {
  if (!a.bbox || !b.bbox) return false;
  const shared = Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0);
  return shared > 0.5 * Math.min(a.bbox.x1 - a.bbox.x0, b.bbox.x1 - b.bbox.x0);
}
