import type { OcrEngine, OcrResult, OcrThreshold } from '../model.ts';
import { pnmLayout } from './ppm.ts';
import { rereadDoubtfulLines } from './reread-lines.ts';
import { DEFAULT_UNREAD_BANDS, recognizeWithUnreadBands } from './unread-bands.ts';

/**
 * Tesseract's default, Otsu's threshold over the whole page, reads flat scans best: Sauvola's local
 * threshold on every page cost SROIE 4.5 points and sroie-more 3.9. But a photograph lit from one
 * side, or a thermal print faded in patches, defeats one threshold for the page: it turns half the
 * page black, or leaves nothing legible. Such a page is read again with the local threshold when the
 * first reading's mean confidence (of its letters and digits) is under RETRY_BELOW or when the
 * global threshold would make more than DARK_SHARE of the page ink (a page is mostly paper: SROIE's
 * receipts are 3–13% ink, 28–33% at most, unevenly lit photographs 35–73%). The second reading is
 * kept when it has LEGIBLE_GAIN times as many legible characters (words read at 0.7 or more): on our
 * photographs it had 2.3–375 times as many; on SROIE and sroie-more at most 1.5 times. The readings
 * it rescued had a mean confidence of 0.17–0.45; at 0.5, 5 of SROIE's and sroie-more's 250 receipts
 * pay for a second reading (at 0.6 it was 20, each a second recognition for nothing).
 */
export const RETRY_BELOW = 0.5;
export const DARK_SHARE = 0.25;
export const LEGIBLE_GAIN = 1.6;
const LEGIBLE = 0.7;

export interface PageOcrOptions {
  /** Whether the document's time still allows optional passes (read-deadline.ts hasSpareTime). */
  spare?: () => boolean;
  /** false: the doubtful lines are not read again (reread-lines.ts), whatever the engine allows. */
  rereadLines?: boolean;
}

/**
 * A page image recognised (with its unread bands, unread-bands.ts) under the global threshold and,
 * when that reads poorly, again under the local one (only such pages pay for a second recognition
 * of the whole page); then its doubtful lines are read again one by one (reread-lines.ts). Both are
 * optional passes, made only while `spare` says the document's time allows them (read-deadline.ts).
 */
export async function recognizePage(
  ocr: OcrEngine,
  image: Uint8Array,
  signal: AbortSignal | undefined,
  options: PageOcrOptions = {},
): Promise<OcrResult> {
  const spare = options.spare ?? (() => true);
  const reading = await firstReading(ocr, image, signal, spare);
  if (options.rereadLines === false || !spare()) return reading.result;
  return rereadDoubtfulLines(ocr, image, reading.result, signal, reading.threshold);
}

/** A page's reading before its doubtful lines are read again, and the threshold it was read under. */
export interface FirstReading {
  result: OcrResult;
  threshold: OcrThreshold;
}

/** recognizePage without the second readings of doubtful lines, which the caller may make later. */
export async function firstReading(
  ocr: OcrEngine,
  image: Uint8Array,
  signal: AbortSignal | undefined,
  spare: () => boolean = () => true,
): Promise<FirstReading> {
  const global = await recognizeWithUnreadBands(ocr, image, signal, DEFAULT_UNREAD_BANDS, 'global');
  // A blank page reads nothing at no confidence: only a page turned to ink is read again.
  const poor = legibleCharacters(global, 0) > 0 && meanConfidence(global) < RETRY_BELOW;
  let reading: FirstReading = { result: global, threshold: 'global' };
  if ((poor || globalInkShare(image) > DARK_SHARE) && !signal?.aborted && spare()) {
    const local = await recognizeWithUnreadBands(ocr, image, signal, DEFAULT_UNREAD_BANDS, 'local');
    if (legibleCharacters(local) >= LEGIBLE_GAIN * Math.max(1, legibleCharacters(global)))
      reading = { result: local, threshold: 'local' };
  }
  return reading;
}

const characters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

/** The words' confidence weighted by their letters and digits; 0 for a page without any. */
export function meanConfidence(result: OcrResult): number {
  let count = 0;
  let sum = 0;
  for (const line of result.lines) {
    for (const word of line.words) {
      const n = characters(word.text);
      count += n;
      sum += n * word.confidence;
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** Letters and digits of the words read at `least` confidence or more. */
export function legibleCharacters(result: OcrResult, least = LEGIBLE): number {
  let count = 0;
  for (const line of result.lines) {
    for (const word of line.words) if (word.confidence >= least) count += characters(word.text);
  }
  return count;
}

/**
 * The share of a PGM/PPM's pixels at or under Otsu's threshold of its first channel: how much of the
 * page one threshold for all of it makes ink. 0 for other images.
 */
export function globalInkShare(image: Uint8Array): number {
  const layout = pnmLayout(image);
  if (!layout) return 0;
  const pixels = layout.width * layout.height;
  const histogram = new Float64Array(256);
  for (let p = 0, at = layout.offset; p < pixels; p++, at += layout.channels) histogram[image[at]!]!++;
  let total = 0;
  for (let v = 0; v < 256; v++) total += v * histogram[v]!;
  let below = 0;
  let belowSum = 0;
  let bestSpread = -1;
  let threshold = 0;
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!;
    if (below === 0) continue;
    const above = pixels - below;
    if (above === 0) break;
    belowSum += v * histogram[v]!;
    const spread = below * above * (belowSum / below - (total - belowSum) / above) ** 2;
    if (spread > bestSpread) {
      bestSpread = spread;
      threshold = v;
    }
  }
  let ink = 0;
  for (let v = 0; v <= threshold; v++) ink += histogram[v]!;
  return pixels === 0 ? 0 : ink / pixels;
}
