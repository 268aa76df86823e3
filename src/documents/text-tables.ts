import { alignedTables, type Piece, type PieceLine } from './aligned-tables.ts';
import type { Table } from './model.ts';

/** A line of text and its number in the source, blank lines counted (a blank line may part rows). */
export interface NumberedLine {
  text: string;
  number: number;
}

const TAB_STOP = 8;
/** Most blank lines between two rows of one table. */
const BLANK_LINES = 1;

/** Tabs expanded to stops every eight characters, as a terminal shows them. */
function expandTabs(text: string): string {
  let out = '';
  for (const character of text) {
    out += character === '\t' ? ' '.repeat(TAB_STOP - (out.length % TAB_STOP)) : character;
  }
  return out;
}

/** Runs of words apart by two or more spaces; x counts characters. */
function spacedPieces(text: string): Piece[] {
  return [...expandTabs(text).matchAll(/\S+(?: \S+)*/g)].map((m) => ({
    text: m[0],
    x0: m.index,
    x1: m.index + m[0].length,
    words: [...m[0].matchAll(/\S+/g)].map((w) => ({
      text: w[0],
      x0: m.index + w.index,
      x1: m.index + w.index + w[0].length,
    })),
  }));
}

/**
 * The texts between tabs, x being the number of tabs before each: in a word processor one tab per
 * column reaches the column's tab stop, whatever the width of the text before it.
 */
function tabbedPieces(text: string): Piece[] {
  return text.split('\t').flatMap((part, i) => {
    const cell = part.trim();
    return cell === '' ? [] : [{ text: cell, x0: i, x1: i + 0.5 }];
  });
}

const follows = (last: PieceLine, next: PieceLine) =>
  next.top > last.top && next.top - last.bottom <= BLANK_LINES + 1;

function tables(lines: NumberedLine[], pieces: (text: string) => Piece[]): Table[] {
  return alignedTables(
    lines.map((line) => ({ pieces: pieces(line.text), top: line.number, bottom: line.number })),
    follows,
  );
}

/** Tables typed in plain text: columns aligned by runs of spaces (or tabs, at stops of eight). */
export function spacedTables(lines: NumberedLine[]): Table[] {
  return tables(lines, spacedPieces);
}

/** Tables typed as paragraphs with one tab between columns. */
export function tabbedTables(lines: NumberedLine[]): Table[] {
  return tables(lines, tabbedPieces);
}
