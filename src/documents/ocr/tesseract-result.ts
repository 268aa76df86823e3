import type Tesseract from 'tesseract.js';
import type { BBox, OcrResult, Word } from '../model.ts';

type OcrLine = OcrResult['lines'][number];

const box = (b: Tesseract.Bbox): BBox => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 });

/**
 * Tesseract's block → paragraph → line → word tree, flattened to lines of words in the engine's
 * reading order. Confidence goes from 0–100 to 0–1; empty words and lines are dropped.
 */
export function ocrResultFromBlocks(
  blocks: Tesseract.Block[],
  size: { width: number; height: number },
): OcrResult {
  const lines: OcrLine[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const converted = convertLine(line);
        if (converted) lines.push(converted);
      }
    }
  }
  return { width: size.width, height: size.height, lines };
}

function convertLine(line: Tesseract.Line): OcrLine | undefined {
  const words: Word[] = [];
  for (const word of line.words) {
    const text = word.text.trim();
    if (text === '') continue;
    words.push({ text, bbox: box(word.bbox), confidence: clamp01(word.confidence / 100) });
  }
  if (words.length === 0) return undefined;
  return { text: words.map((w) => w.text).join(' '), bbox: box(line.bbox), words };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
