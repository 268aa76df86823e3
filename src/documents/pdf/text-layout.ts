import type { Line } from '../model.ts';
import { readingOrder } from './columns.ts';
import { buildLine } from './line-words.ts';
import { groupRows } from './rows.ts';
import type { Frame } from './text-runs.ts';

const characters = (frame: Frame) => frame.runs.reduce((sum, run) => sum + run.text.length, 0);

/**
 * Lines of a page in reading order. Text in the page's main direction comes first; text running
 * another way (a rotated margin note, a vertical stamp) follows, each read upright in its own frame.
 */
export function layoutLines(frames: Frame[]): Line[] {
  const lines: Line[] = [];
  const main = [...frames].sort((a, b) => characters(b) - characters(a) || a.quadrant - b.quadrant);
  for (const frame of main) {
    for (const runs of readingOrder(groupRows(frame.runs))) {
      lines.push(buildLine(runs, frame.quadrant, lines.length));
    }
  }
  return lines;
}
