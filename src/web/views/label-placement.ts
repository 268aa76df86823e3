/** Where each evidence box's label is written on a page picture, so that no two labels overlap. */

export type Rect = [number, number, number, number];

export interface PlacedLabel {
  /** The text's baseline start, in the page's points. */
  x: number;
  y: number;
  /** The room the text takes (an estimate from its length). */
  rect: Rect;
}

/** The labels' font size in page points (site.css draws them at 8px in the page's own units). */
export const LABEL_SIZE = 8;
/** An average glyph of a bold sans-serif is about 0.62 em wide; a little more, to be safe. */
const GLYPH_WIDTH = 0.66 * LABEL_SIZE;
const LINE = LABEL_SIZE + 2;

const overlaps = (a: Rect, b: Rect) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

function at(x: number, baseline: number, width: number): PlacedLabel {
  return { x, y: baseline, rect: [x, baseline - LABEL_SIZE, x + width, baseline + 2] };
}

/**
 * Greedy, in the order given: each label goes to the first free place among just above its box, just
 * below it, to its right, to its left, then further above and below, line by line; a place is free
 * when it stays on the page and meets no label placed before it.
 */
export function placeLabels(
  boxes: { box: Rect; text: string }[],
  page: { width: number; height: number },
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const { box, text } of boxes) {
    const [x0, y0, x1, y1] = box;
    const width = text.length * GLYPH_WIDTH + 2;
    const left = Math.max(0, Math.min(x0, page.width - width));
    const candidates = [
      at(left, y0 - 2, width),
      at(left, y1 + LABEL_SIZE + 1, width),
      at(x1 + 3, y0 + LABEL_SIZE, width),
      at(x0 - width - 3, y0 + LABEL_SIZE, width),
    ];
    for (let step = 1; step <= 60; step++) {
      candidates.push(
        at(left, y0 - 2 - step * LINE, width),
        at(left, y1 + LABEL_SIZE + 1 + step * LINE, width),
      );
    }
    const onPage = (c: PlacedLabel) =>
      c.rect[0] >= 0 && c.rect[1] >= 0 && c.rect[2] <= page.width && c.rect[3] <= page.height;
    const free = candidates.find((c) => onPage(c) && !placed.some((p) => overlaps(p.rect, c.rect)));
    placed.push(free ?? candidates.find(onPage) ?? candidates[0]!);
  }
  return placed;
}

export const rectsOverlap = overlaps;
