import type { Frame } from './text-runs.ts';

/** Fewer visible characters than this, on a page painted with images, means a scan. */
const MIN_CHARACTERS = 10;
/** Below this share of readable characters, the text layer is garbage (fonts without a Unicode map). */
const MIN_READABLE = 0.5;

/** Control, private-use, unassigned and surrogate code points, and U+FFFD. */
const UNREADABLE = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFD]/gu;

export type TextVerdict = 'usable' | 'scarce' | 'garbage';

/** Whether a page's text layer can be used as it is. */
export function judgeText(frames: Frame[]): TextVerdict {
  let total = 0;
  let unreadable = 0;
  for (const frame of frames) {
    for (const run of frame.runs) {
      total += run.text.length;
      unreadable += run.text.match(UNREADABLE)?.length ?? 0;
    }
  }
  if (total > 0 && (total - unreadable) / total < MIN_READABLE) return 'garbage';
  return total - unreadable < MIN_CHARACTERS ? 'scarce' : 'usable';
}
