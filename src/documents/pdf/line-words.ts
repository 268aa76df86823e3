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

/** A word grown over the piece of text that follows it on its line. */
function extend(word: Piece, next: Piece): void {
  word.text += next.text;
  word.x0 = Math.min(word.x0, next.x0);
  word.x1 = Math.max(word.x1, next.x1);
  word.top = Math.min(word.top, next.top);
  word.bottom = Math.max(word.bottom, next.bottom);
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
      extend(last, run);
    } else {
      words.push({ text: run.text, x0: run.x0, x1: run.x1, top: run.top, bottom: run.bottom });
    }
    previous = run;
  }
  return words;
}

/** Fewest letters set apart that make a letter-spaced word ("I N V O I C E"). */
const SPACED_LETTERS = 3;
/** Letters further apart than this, in font heights, are separate, not letter-spaced. */
const SPACED_EMS = 1.2;

/** One letter, or two that kerning set close ("AT" of "D AT E"), or an apostrophe between letters. */
const isLetter = (p: Piece) => /^(?:\p{L}{1,2}|['’])$/u.test(p.text);
/** A word break between spaced letters: a gap wider than their usual one by a space's width. */
const SPACE_EMS = 0.18;

/**
 * "B I L L E D T O", "Q U A N T I T É": headings set with letter spacing come as one piece per letter.
 * Three letters or more in a row, evenly spaced, are joined into words, parted where a gap is clearly
 * wider than the spacing between the letters.
 */
function letterSpaced(words: Piece[]): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < words.length) {
    let j = i;
    while (j < words.length && isLetter(words[j]!)) j++;
    if (j - i >= SPACED_LETTERS) {
      const run = words.slice(i, j);
      if (2 * run.filter((p) => p.text.length === 1).length >= run.length) {
        out.push(...joinSpaced(run));
        i = j;
        continue;
      }
    }
    // Pieces that are no letter-spaced run stay as they are, the letters of a short run with them.
    const end = Math.max(j, i + 1);
    for (; i < end; i++) out.push(words[i]!);
  }
  return out;
}

/** Letters of a letter-spaced run as words, or as they are when they stand too far apart to be one. */
function joinSpaced(run: Piece[]): Piece[] {
  const height = Math.max(...run.map((p) => p.bottom - p.top));
  const gaps = run.slice(1).map((p, k) => p.x0 - run[k]!.x1);
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  if (usual > SPACED_EMS * height) return run;
  const out: Piece[] = [];
  let word = { ...run[0]! };
  run.slice(1).forEach((p, k) => {
    if (gaps[k]! - usual > SPACE_EMS * height) {
      out.push(word);
      word = { ...p };
    } else extend(word, p);
  });
  out.push(word);
  return out;
}

/** A document line from the runs of one line of one text direction, sorted along the baseline. */
export function buildLine(runs: Run[], quadrant: Quadrant, index: number): Line {
  const words: Word[] = letterSpaced(pieces(runs)).map((p) => ({
    text: p.text,
    bbox: frameToPage(quadrant, p.x0, p.top, p.x1, p.bottom),
    confidence: 1,
  }));
  const bbox = unionBox(words.map((word) => word.bbox!));
  const text = words.map((word) => word.text).join(' ');
  return bbox ? { text, bbox, words, index } : { text, words, index };
}
