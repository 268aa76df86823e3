import type { BBox } from '../model.ts';
import { QUADRANT_AXES, type Quadrant } from './text-runs.ts';

const round = (value: number) => Math.round(value * 100) / 100;

/** A box given in a quadrant's upright frame, back in page space (points, origin top-left). */
export function frameToPage(quadrant: Quadrant, x0: number, top: number, x1: number, bottom: number): BBox {
  const { ux, uy } = QUADRANT_AXES[quadrant];
  const xs = [x0 * ux - top * uy, x1 * ux - bottom * uy];
  const ys = [x0 * uy + top * ux, x1 * uy + bottom * ux];
  return {
    x0: round(Math.min(...xs)),
    y0: round(Math.min(...ys)),
    x1: round(Math.max(...xs)),
    y1: round(Math.max(...ys)),
  };
}
