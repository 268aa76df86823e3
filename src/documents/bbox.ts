import type { BBox } from './model.ts';

/** The smallest box holding all of them; undefined for none. */
export function unionBox(boxes: BBox[]): BBox | undefined {
  const [first, ...rest] = boxes;
  if (!first) return undefined;
  const box = { ...first };
  for (const b of rest) {
    box.x0 = Math.min(box.x0, b.x0);
    box.y0 = Math.min(box.y0, b.y0);
    box.x1 = Math.max(box.x1, b.x1);
    box.y1 = Math.max(box.y1, b.y1);
  }
  return box;
}
