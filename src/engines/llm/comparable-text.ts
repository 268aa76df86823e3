import { isTens, numberWordValue, unitWordValue } from '../recognizers/number-words.ts';
import { LEGAL_FORM_SHORT } from '../recognizers/organization-words.ts';

/** "L.L.C.", "U.S.": letters each followed by a dot, joined ("LLC.") so that they compare with "LLC". */
const DOTTED_LETTER = /(?<![\p{L}\p{N}])(\p{L})\.(?=\p{L}\.)/gu;

/**
 * Text reduced to what a value's reading must keep, for grounding a model's answer in the document:
 * case, Unicode forms, punctuation and spacing ignored, and the ways of writing the same words that
 * a careful reader does not tell apart, since a model asked to copy a value may still write it so:
 * "&" and "and", a legal form in full or abbreviated ("Incorporated", "Inc."; "L.L.C.", "LLC"), and a
 * count in words or digits ("two years", "2 years"; "thirty-six", "36"). Document and value go through
 * the same reduction, so it only ever makes equal what reads the same.
 */
export function comparableText(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(DOTTED_LETTER, '$1')
    .replaceAll('&', ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const short = LEGAL_FORM_SHORT.get(word);
    const count = numberWordValue(word);
    if (short !== undefined) out.push(short);
    else if (count === null) out.push(word);
    else {
      // "thirty six", as "thirty-six" reads once its hyphen is gone.
      const unit = isTens(word) && i + 1 < words.length ? unitWordValue(words[i + 1]!) : null;
      out.push(String(count + (unit ?? 0)));
      if (unit !== null) i++;
    }
  }
  return out.join(' ');
}
