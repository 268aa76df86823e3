import { unionBox } from '../bbox.ts';
import type { Line, Word } from '../model.ts';
import { frameToPage } from './frame-box.ts';
import type { Quadrant, Run } from './text-runs.ts';

/** Largest gap, in font sizes, between two runs that still belong to one word (kerning, font changes). */
const JOIN_EMS = 0.15;
/** Runs overlapping by more than this (in font sizes) are separate texts printed over each other. */
const OVERLAP_EMS = 0.5;

interface Piece {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

function joins(previous: Run, run: Run, rtl: boolean): boolean {
  if (previous.spaceAfter || run.spaceBefore) return false;
  const gap = rtl ? previous.x0 - run.x1 : run.x0 - previous.x1;
  const size = Math.min(previous.size, run.size);
  return gap <= JOIN_EMS * size && gap >= -OVERLAP_EMS * size;
}

/** Words of one line: runs glued where no space separates them. */
function pieces(runs: Run[]): Piece[] {
  const rtl = runs.filter((run) => run.rtl).length * 2 > runs.length;
  const ordered = rtl ? [...runs].reverse() : runs;
  const words: Piece[] = [];
  let previous: Run | undefined;
  for (const run of ordered) {
    const last = words.at(-1);
    if (last && previous && joins(previous, run, rtl)) {
      last.text += run.text;
      last.x0 = Math.min(last.x0, run.x0);
      last.x1 = Math.max(last.x1, run.x1);
      last.top = Math.min(last.top, run.top);
      last.bottom = Math.max(last.bottom, run.bottom);
    } else {
      words.push({ text: run.text, x0: run.x0, x1: run.x1, top: run.top, bottom: run.bottom });
    }
    previous = run;
  }
  return words;
}

/** A document line from the runs of one line of one text direction, sorted along the baseline. */
export function buildLine(runs: Run[], quadrant: Quadrant, index: number): Line {
  const words: Word[] = pieces(runs).map((p) => ({
    text: p.text,
    bbox: frameToPage(quadrant, p.x0, p.top, p.x1, p.bottom),
    confidence: 1,
  }));
  const bbox = unionBox(words.map((word) => word.bbox!));
  const text = words.map((word) => word.text).join(' ');
  return bbox ? { text, bbox, words, index } : { text, words, index };
}
