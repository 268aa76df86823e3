/** Check-box and tick glyphs as they come out of PDFs, Word forms and OCR. */

/** ☒ is a box with a cross in it: a ticked box, like ☑ — unlike ✗ and ❌ on their own, which say "no". */
const CHECKED = new Set(['☑', '☒', '✔', '✓', '✅', '🗹', '🗷', '⊠', '▣', '◉']);
const UNCHECKED = new Set(['☐', '✘', '✗', '❌', '❎', '□', '○', '◯', '🗆', '⊡']);

/** true for a ticked box, false for an empty box or a cross, null for anything else. */
export function glyphState(glyph: string): boolean | null {
  if (CHECKED.has(glyph)) return true;
  if (UNCHECKED.has(glyph)) return false;
  return null;
}

/** Text boxes: "[x]", "(X)", "[✓]" are ticked, "[ ]" and "( )" are empty. */
export function bracketState(text: string): boolean | null {
  const m = /^[[(]\s*([xX✓✔*]?)\s*[\])]$/.exec(text);
  if (!m) return null;
  return m[1] !== '';
}

/** Glyphs of a text in order with their state (code points, so astral glyphs like 🗹 count once). */
export function glyphsIn(text: string): { index: number; end: number; checked: boolean }[] {
  const out: { index: number; end: number; checked: boolean }[] = [];
  let index = 0;
  for (const ch of text) {
    const state = glyphState(ch);
    if (state !== null) out.push({ index, end: index + ch.length, checked: state });
    index += ch.length;
  }
  return out;
}
