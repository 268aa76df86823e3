/** Yes/no values: words in several languages, 1/0, ticks and check boxes ("☒ Yes ☐ No"). */
import { bracketState, glyphState, glyphsIn } from './checkboxes.ts';
import { foldCase } from './text.ts';

/** Recognised only as the whole text: short or common words that mean something else inside a sentence. */
const WHOLE: ReadonlyMap<string, boolean> = new Map([
  ...entries(true, ['y', 't', 'j', 'v', '1', 'x', 'on', 'si', '是', 'enabled', 'active', 'selected']),
  ...entries(false, ['n', 'f', '0', 'off', '否', 'disabled', 'inactive', 'unselected']),
  ...entries(false, ['not checked', 'not ticked', 'not selected']),
]);

/** Recognised anywhere in the text ("Smoker: Yes"). */
const STRONG: ReadonlyMap<string, boolean> = new Map([
  ...entries(true, ['yes', 'true', 'checked', 'ticked', 'oui', 'vrai', 'ja', 'wahr', 'verdadero', 'ya']),
  ...entries(false, [
    'no',
    'false',
    'unchecked',
    'unticked',
    'non',
    'faux',
    'nein',
    'falsch',
    'falso',
    'tidak',
  ]),
]);

/** Longer texts cannot be a whole-text answer; this also bounds the anchored regexes below. */
const MAX_WHOLE = 32;

function entries(value: boolean, list: string[]): [string, boolean][] {
  return list.map((word) => [word, value]);
}

/** true, false, or null when the text does not say (or says both). */
export function parseBoolean(text: string): boolean | null {
  const trimmed = text.replace(/\uFE0F/g, '').trim();
  if (trimmed === '') return null;
  if (trimmed.length <= MAX_WHOLE) {
    const bracket = bracketState(trimmed);
    if (bracket !== null) return bracket;
    const plain = stripPunctuation(foldCase(trimmed));
    const whole = WHOLE.get(plain) ?? STRONG.get(plain);
    if (whole !== undefined) return whole;
  }
  if ([...trimmed].length === 1) return glyphState(trimmed);
  return fromGlyphs(trimmed) ?? fromWords(trimmed);
}

function stripPunctuation(text: string): string {
  return text.replace(/^[\s.,;:!?"'()[\]]+|[\s.,;:!?"'()[\]]+$/g, '').replace(/\s+/g, ' ');
}

/**
 * A form's "☒ Yes ☐ No" (or "Yes ☒ No ☐" when the text ends with a box): the label of each ticked box
 * decides. Without such labels a single box or boxes all ticked decide ("☑ I accept the terms"); a row
 * of empty boxes is a question left unanswered.
 */
function fromGlyphs(text: string): boolean | null {
  const glyphs = glyphsIn(text);
  if (glyphs.length === 0) return null;
  const labelsBefore = glyphs[glyphs.length - 1]!.end === text.length && glyphs[0]!.index > 0;
  let answer: boolean | null = null;
  for (const glyph of glyphs) {
    if (!glyph.checked) continue;
    const label = labelsBefore
      ? /(\p{L}+)\s*$/u.exec(text.slice(Math.max(0, glyph.index - 24), glyph.index))?.[1]
      : /^\s*(\p{L}+)/u.exec(text.slice(glyph.end, glyph.end + 24))?.[1];
    const value = label === undefined ? undefined : STRONG.get(foldCase(label));
    if (value === undefined) continue;
    if (answer !== null && answer !== value) return null;
    answer = value;
  }
  if (answer !== null) return answer;
  const states = new Set(glyphs.map((g) => g.checked));
  if (states.size !== 1) return null;
  return glyphs.length === 1 || glyphs[0]!.checked ? glyphs[0]!.checked : null;
}

/** "Smoker: Yes" -> true; "Yes/No" (both) -> null; "No. 5" is a number, not a "no". */
function fromWords(text: string): boolean | null {
  const folded = foldCase(text);
  let answer: boolean | null = null;
  for (const m of folded.matchAll(/\p{L}+/gu)) {
    const value = STRONG.get(m[0]);
    if (value === undefined) continue;
    if (m[0] === 'no' && /^\s*[.#°º:]?\s*\d/u.test(folded.slice(m.index + 2, m.index + 8))) continue;
    if (answer !== null && answer !== value) return null;
    answer = value;
  }
  return answer;
}
