import type { Line, Word } from '../../documents/model.ts';
import addressWords from '../recognizers/data/address-words.json' with { type: 'json' };
import organizationWords from '../recognizers/data/organization-words.json' with { type: 'json' };
import { lexicon } from './vocabulary/index.ts';
import { withinOneEdit } from './words.ts';

/**
 * A line as OCR read it, cleaned of what OCR adds and mends where the document proves it wrong:
 * specks at either end ("i TANAN BERKELEY", "RESTORAN SIAM VILLAGE Co" where "Co" was read at 7%
 * confidence) are dropped, and legal forms misread by one letter are restored ("SON BHD", "5/8").
 */
export function ocrLineText(line: Line): string {
  const words = line.words.map((w) => w.text);
  if (words.length === 0) return line.text;
  let first = 0;
  let last = words.length - 1;
  while (first < last && isSpeck(line.words[first]!)) first++;
  while (last > first && isSpeck(line.words[last]!)) last--;
  const kept = first === 0 && last === words.length - 1 ? line.text : words.slice(first, last + 1).join(' ');
  return repairDateDigits(repairDottedForms(repairLegalForms(kept)));
}

/**
 * An OCR'd line without the specks a scan's edge or a torn margin leaves beside it, or undefined
 * when it has none: a word of one or two characters set off from the rest of the line by a gap of
 * twice the line's height or more ("1      SELANGOR DARUL EHSAN", "BATU 5,        3"). Only for
 * lines read as one block, such as an address: in an item line the same gap sets off a quantity.
 */
export function withoutEdgeSpecks(line: Line): string | undefined {
  const words = line.words;
  const height = line.bbox ? line.bbox.y1 - line.bbox.y0 : 0;
  if (words.length < 2 || height <= 0) return undefined;
  const apart = (a: Word, b: Word) =>
    a.bbox !== undefined && b.bbox !== undefined && b.bbox.x0 - a.bbox.x1 >= 2 * height;
  const short = (w: Word) => w.text.replace(/[^\p{L}\p{N}]/gu, '').length <= 2;
  let first = 0;
  let last = words.length - 1;
  if (short(words[0]!) && apart(words[0]!, words[1]!)) first = 1;
  if (last > first + 1 && short(words[last]!) && apart(words[last - 1]!, words[last]!)) last--;
  if (first === 0 && last === words.length - 1) return undefined;
  const kept = words.slice(first, last + 1);
  return ocrLineText({ ...line, words: kept, text: kept.map((w) => w.text).join(' ') });
}

/** Letters OCR gives for digits; inside a date's shape they can only be digits. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  I: '1',
  l: '1',
  '|': '1',
  S: '5',
  B: '8',
  Z: '2',
};
/** Day, month and year written with one separator, some digits misread as letters: "24/03/2O18". */
const DATE_SHAPE =
  /(?<![\p{L}\p{N}])[\dOoDIl|SBZ]{1,2}([/.-])[\dOoDIl|SBZ]{1,2}\1[\dOoDIl|SBZ]{2,4}(?![\p{L}\p{N}])/gu;

/** A date OCR read with a space beside a separator: "24/03/ 2018", "24 /03/2018". */
const SPACED_DATE =
  /(?<![\p{L}\p{N}])(\d{1,2}) ?([/.-]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2}(?!\d))(?![\p{L}\p{N}])/gu;

/**
 * "24/03/2O18" → "24/03/2018", "24/03/ 2018" → "24/03/2018", "O1.04.18" → "01.04.18": a date's shape holds digits only, so a
 * look-alike letter in it is a misread digit. Mended only when most of the shape was read as digits
 * (at least four, at most two letters), so that codes of letters and digits stay as they are.
 */
export function repairDateDigits(text: string): string {
  return repairImpossibleDays(
    repairDateSeparators(text.replace(SPACED_DATE, '$1$2$3$2$4')).replace(DATE_SHAPE, (shape) => {
      const letters = shape.replace(/[\d/.-]/g, '').length;
      const digits = shape.replace(/\D/g, '').length;
      if (letters === 0 || letters > 2 || digits < 4) return shape;
      return shape.replace(/[OoDIl|SBZ]/g, (c) => DIGIT_LOOKALIKES[c]!);
    }),
  );
}

/** Two numbers of two digits and a year written whole, parted by separators OCR may have misread. */
const MIXED_DATE =
  /(?<![\p{L}\p{N}/.|-])(\d{2})([/.|\u2013\u2014-])(\d{2})([/.|\u2013\u2014-])((?:19|20)\d{2})(?![\p{L}\p{N}]|[/.-]\d)/gu;

const STANDARD_SEPARATOR = /[/.-]/;

/**
 * "06-03.2018", "06/03-2018", "06|03|2018", "06—03—2018" → the date with one separator: OCR read one
 * or both as another stroke. Mended only where day and month are possible either way round.
 */
function repairDateSeparators(text: string): string {
  return text.replace(MIXED_DATE, (shape, a: string, s1: string, b: string, s2: string, year: string) => {
    if (s1 === s2 && STANDARD_SEPARATOR.test(s1)) return shape;
    const [x, y] = [Number(a), Number(b)];
    const possible = (day: number, month: number) => day >= 1 && day <= 31 && month >= 1 && month <= 12;
    if (!possible(x, y) && !possible(y, x)) return shape;
    const sep = STANDARD_SEPARATOR.test(s1) ? s1 : STANDARD_SEPARATOR.test(s2) ? s2 : '/';
    return `${a}${sep}${b}${sep}${year}`;
  });
}

/** Digits OCR gives for others of print: a "0" read as "6", "8" or "9", a "3" as "8". */
const DIGIT_MISREADS: Record<string, string[]> = {
  '6': ['0', '5'],
  '8': ['0', '3', '6'],
  '9': ['0'],
  '5': ['6'],
};

/**
 * Day, month and a year of this century or the last written whole, with one separator; or a day
 * before a month's name and such a year. A year of two digits leaves codes ("80-36-25") too alike.
 */
const NUMERIC_DATE = /(?<![\p{L}\p{N}#/.-])(\d{2})([/.-])(\d{2})\2((?:19|20)\d{2})(?![\p{L}\p{N}/.-])/gu;
const NAMED_MONTH_DATE =
  /(?<![\p{L}\p{N}])(\d{2})([ .-]?)(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?=\p{L}*[ .,-]*(?:19|20)\d{2}(?!\d))/giu;

/**
 * "36/03/2018" → "30/03/2018", "68 JUN 2019" → "08 JUN 2019": a number past 31 where a date holds its
 * day or month is a misread digit, mended where exactly one look-alike of one of its digits makes it
 * 31 or less.
 */
export function repairImpossibleDays(text: string): string {
  if (!speaksOfADate(text)) return text;
  return text
    .replace(NUMERIC_DATE, (shape, day: string, sep: string, month: string, year: string) => {
      const d = Number(day) > 31 ? possible(day, 31) : day;
      // A month first (MDY) puts the day second: only past 31 is a second number impossible.
      const m = Number(month) > 31 ? possible(month, 31) : month;
      return d && m && (d !== day || m !== month) ? `${d}${sep}${m}${sep}${year}` : shape;
    })
    .replace(NAMED_MONTH_DATE, (shape, day: string, sep: string, month: string) => {
      const d = Number(day) > 31 ? possible(day, 31) : day;
      return d && d !== day ? `${d}${sep}${month}` : shape;
    });
}

/** One-word labels of a date, lower case: "date", "datum", "tarikh", "fecha". */
const DATE_WORDS = new Set(
  lexicon.concepts
    .filter((c) => c.id === 'date')
    .flatMap((c) => c.words)
    .filter((w) => !w.includes(' ')),
);

/**
 * A line that says it holds a date, by a label or a time of day beside it: an invoice's number
 * written like one ("Faktura VAT nr 87/11/2024") is no date to mend.
 */
function speaksOfADate(text: string): boolean {
  return (
    /(?<!\d)\d{1,2}:\d{2}(?!\d)/.test(text) ||
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .some((w) => DATE_WORDS.has(w))
  );
}

/** The one reading of two digits, one of them changed for a look-alike, that lies in 1..most. */
function possible(read: string, most: number): string | undefined {
  const found = new Set<string>();
  for (let i = 0; i < read.length; i++)
    for (const other of DIGIT_MISREADS[read[i]!] ?? []) {
      const mended = read.slice(0, i) + other + read.slice(i + 1);
      if (Number(mended) >= 1 && Number(mended) <= most) found.add(mended);
    }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Below this, a word of one or two letters at a line's edge is more likely a speck or a stroke of a logo than text. */
const SPECK_CONFIDENCE = 0.3;

function isSpeck(word: { text: string; confidence: number }): boolean {
  const letters = word.text.replace(/[^\p{L}\p{N}]/gu, '');
  // Digits are kept whatever their confidence: "3," opening an address is read at 0%.
  return (
    letters.length === 0 || (letters.length <= 2 && !/\d/.test(letters) && word.confidence < SPECK_CONFIDENCE)
  );
}

/** Digits OCR gives for the capital letters of a legal form: "5/8" is "S/B", "5DN" "SDN". */
const LOOKALIKES: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/** Legal forms of two words ("SDN BHD", "PTE LTD") and of one written with a slash ("S/B", "A/S"). */
const PAIRS: [string, string][] = [];
const SLASHED = new Set<string>();
for (const form of organizationWords.legalSuffixes) {
  const parts = form.replace(/\./g, '').toUpperCase().split(/\s+/);
  if (parts.length === 2 && parts.every((p) => /^\p{Lu}{2,}$/u.test(p))) PAIRS.push([parts[0]!, parts[1]!]);
  if (parts.length === 1 && /^\p{Lu}\/\p{Lu}$/u.test(parts[0]!)) SLASHED.add(parts[0]!);
}

/** Words with what ends them; a dot between two words parts them ("SDN.EHD" is SDN. and EHD). */
const TOKEN = /[^\s.]+\.*|\.+/g;

/**
 * "SON BHD" → "SDN BHD", "SDN EHD" → "SDN BHD", "Sdn.Ehd" → "Sdn.Bhd", "5D BHD" → "SDN BHD", "MART 5/8 (519537-X)" →
 * "MART S/B (519537-X)". A word is mended only beside the other half of its form read right, or,
 * for a slashed form, when its digits are the form's letters exactly.
 */
export function repairLegalForms(text: string): string {
  const tokens = [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index }));
  const replaced = new Map<number, string>();
  for (let i = 0; i < tokens.length; i++) {
    const { core, tail } = splitTail(tokens[i]!.text);
    const upper = core.toUpperCase();
    const letters = [...upper].map((c) => LOOKALIKES[c] ?? c).join('');
    // A slashed form ends a name: at the line's end or before the company's number.
    const after = tokens[i + 1]?.text;
    const endsName = after === undefined || /^[({[]|^\d{4,}/.test(after);
    if (SLASHED.has(letters) && letters !== upper && i > 0 && endsName) {
      replaced.set(i, letters + tail);
      continue;
    }
    const next = tokens[i + 1] ? splitTail(tokens[i + 1]!.text) : undefined;
    if (!next) continue;
    const nextLetters = [...next.core.toUpperCase()].map((c) => LOOKALIKES[c] ?? c).join('');
    const pairRight = PAIRS.some(([a, b]) => upper === a && next.core.toUpperCase() === b);
    // "Sdn bhd": OCR read a capital as a small letter; the form is written in one style.
    if (pairRight && core !== upper && next.core === next.core.toLowerCase()) {
      replaced.set(i + 1, styled(next.core.toUpperCase(), core) + next.tail);
      continue;
    }
    for (const [a, b] of pairRight ? [] : PAIRS) {
      const firstRight = upper === a;
      const secondRight = next.core.toUpperCase() === b;
      if (firstRight === secondRight) continue;
      if (!firstRight && misreadOf(letters, a)) replaced.set(i, styled(a, core) + tail);
      else if (!secondRight && misreadOf(nextLetters, b))
        replaced.set(i + 1, styled(b, next.core) + next.tail);
      else continue;
      break;
    }
  }
  if (replaced.size === 0) return text;
  let out = '';
  let at = 0;
  tokens.forEach((t, i) => {
    out += text.slice(at, t.start) + (replaced.get(i) ?? t.text);
    at = t.start + t.text.length;
  });
  return out + text.slice(at);
}

/** Digits OCR gives for the small letters of a dotted legal form: "Sp. z 0.0." is "Sp. z o.o.". */
const SMALL_LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'l', '5': 's', '8': 'b' };

/** Legal forms whose last word is written with dots ("Sp. z o.o.", "s.r.o.", "d.o.o."), as words. */
const DOTTED = organizationWords.legalSuffixes
  .map((form) => form.split(/\s+/))
  .filter((parts) => /\p{Ll}\.\p{Ll}/u.test(parts.at(-1)!))
  .map((parts) => parts.map((part) => part.toLowerCase()));

/**
 * "Drukarnia Zielony Liść Sp. z 0.0." → "… Sp. z o.o.": a dotted legal form whose small letters
 * OCR read as look-alike digits, mended where the words before it are the rest of the form.
 */
export function repairDottedForms(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}])[\p{L}\d](?:\.[\p{L}\d])+\.?(?![\p{L}\p{N}])/gu,
    (word, at: number) => {
      const mended = word.replace(/\d/g, (d) => SMALL_LOOKALIKES[d] ?? d);
      if (mended === word || /\d/.test(mended)) return word;
      const before = text
        .slice(0, at)
        .trim()
        .split(/\s+/)
        .map((w) => w.toLowerCase());
      const fits = DOTTED.some((parts) => {
        const last = parts.at(-1)!.replace(/\.$/, '');
        if (mended.toLowerCase().replace(/\.$/, '') !== last) return false;
        const rest = parts.slice(0, -1);
        return rest.every((part, i) => before[before.length - rest.length + i] === part);
      });
      return fits ? mended : word;
    },
  );
}

function splitTail(token: string): { core: string; tail: string } {
  const m = /^(.*?)([.,;:]*)$/.exec(token)!;
  return { core: m[1]!, tail: m[2]! };
}

/** The form in the case the document writes it in: "SDN" or "Sdn". */
function styled(form: string, like: string): string {
  return like === like.toUpperCase() ? form : form[0] + form.slice(1).toLowerCase();
}

/** One letter off a form of three letters or more: two-letter forms ("CO") are too easily other words. */
function misreadOf(read: string, form: string): boolean {
  return form.length >= 3 && read.length >= 2 && withinOneEdit(read, form);
}

/** The words of these phrases made of letters only, `least` or more, upper case, once each. */
const upperWords = (phrases: string[], least: number) => [
  ...new Set(
    phrases
      .flatMap((p) => p.split(' '))
      .filter((w) => /^\p{L}+$/u.test(w) && [...w].length >= least)
      .map((w) => w.toUpperCase()),
  ),
];
/** Street and place words of one word, upper case: what an address line's words are mended towards. */
const ADDRESS_VOCABULARY = upperWords([...addressWords.streetWords, ...addressWords.placeWords], 3);
/**
 * Words of towns' names, mended towards only from a word of their length with one look-alike letter
 * changed ("TAMPOL" is TAMPOI): among so many names, a shorter word or one letter more or less is
 * as likely another word ("ANGSA" is not WANGSA, "JUN" is JLN, not TUN).
 */
const TOWN_VOCABULARY = upperWords(addressWords.townWords, 5).filter((w) => !ADDRESS_VOCABULARY.includes(w));
const ADDRESS_SET = new Set([...ADDRESS_VOCABULARY, ...upperWords(addressWords.townWords, 3)]);
const LONG_VOCABULARY = [...ADDRESS_VOCABULARY, ...TOWN_VOCABULARY];
/**
 * A word OCR read this surely somewhere in the document is a word of it, not a misreading, though it
 * is one letter off a street word ("HALL" is no MALL, "LOWER" no TOWER). The SROIE tuning half reads
 * the same from 0.93 to 0.97 and loses a receipt at 0.9.
 */
const SURE_WORD = 0.95;

/** Letters OCR takes for one another in print: a changed letter is a misreading only within a group. */
const CONFUSABLE = ['IJLT', 'MNHW', 'ODQCG', 'UVLY', 'BE', 'FP'];

function confusable(a: string, b: string): boolean {
  return CONFUSABLE.some((group) => group.includes(a) && group.includes(b));
}

/**
 * An OCR'd address with its street and place words mended where OCR misread one letter: "JUN
 * JEJAKA" → "JLN JEJAKA", "TAMAM" → "TAMAN", "SERT KEMBANGAN" → "SERI KEMBANGAN". Only words in
 * capitals or capitalised, of letters only, are touched, and only towards the one word of the
 * vocabulary they can be a misreading of: a letter changed for a look-alike, or, inside a word of five
 * letters or more, one letter lost or added.
 */
export function repairAddressWords(text: string, seen: Map<string, number> = new Map()): string {
  return repairOrdinals(repairSymbolLetters(text)).replace(/\p{L}{3,}/gu, (word) => {
    const upper = word.toUpperCase();
    if (ADDRESS_SET.has(upper)) return word;
    if ((seen.get(upper) ?? 0) >= SURE_WORD) return word;
    if (word !== upper && word !== upper[0] + upper.slice(1).toLowerCase()) return word;
    let matches = [
      ...ADDRESS_VOCABULARY.filter((v) => lookalike(upper, v)),
      ...TOWN_VOCABULARY.filter((v) => v.length === upper.length && lookalike(upper, v)),
    ];
    if (matches.length === 0) matches = LONG_VOCABULARY.filter((v) => longLookalike(upper, v));
    const mended = matches.length === 1 ? matches[0]! : surerReading(upper, seen);
    if (!mended) return word;
    return word === upper ? mended : styled(mended, word);
  });
}

/**
 * Symbols OCR gives for letters of a word: "$S21" is "SS21", "Tampo|81200" "TampoI81200". A "$"
 * opening a code of capitals and digits, or a "|" ending letters, is taken for the letter; a "$"
 * before an amount or a "|" between spaces is left alone.
 */
function repairSymbolLetters(text: string): string {
  return text.replace(/\$(?=\p{Lu}[\p{Lu}\d]*\d)/gu, 'S').replace(/(?<=\p{L}{2})\|(?=[\p{L}\d,.]|$)/gu, 'I');
}

/** An OCR'd name with each word taken at its surest reading in the document ("AEQN CO." beside "AEON"). */
export function repairNameWords(text: string, seen: Map<string, number>): string {
  return text.replace(/\p{L}{4,}/gu, (word) => {
    const upper = word.toUpperCase();
    if (word !== upper && word !== upper[0] + upper.slice(1).toLowerCase()) return word;
    const mended = surerReading(upper, seen);
    return !mended ? word : word === upper ? mended : styled(mended, word);
  });
}

/**
 * The same word read elsewhere in the document with more confidence, one look-alike letter apart:
 * "Jalan Tampol 7/4 … Tampoi" is Tampoi twice.
 */
function surerReading(word: string, seen: Map<string, number>): string | undefined {
  if (word.length < 4) return undefined;
  const own = seen.get(word) ?? 0;
  let best: string | undefined;
  let confidence = own;
  for (const [other, c] of seen) {
    if (c > confidence && other.length === word.length && lookalike(word, other)) {
      best = other;
      confidence = c;
    }
  }
  return best;
}

/**
 * A long word is still itself with two look-alike letters changed ("KEHBAHGAN" is KEMBANGAN) or
 * one letter of any shape ("PERINIUSTRIAN" is PERINDUSTRIAN): no other word of the vocabulary
 * comes that close to a word of eight letters or more.
 */
function longLookalike(read: string, word: string): boolean {
  if (read.length !== word.length || read.length < 8) return false;
  let changed = 0;
  let unlike = 0;
  for (let i = 0; i < read.length; i++) {
    if (read[i] === word[i]) continue;
    changed++;
    if (!confusable(read[i]!, word[i]!)) unlike++;
  }
  return changed === 1 || (changed === 2 && unlike === 0);
}

/** Floor words after an ordinal: "3RD FLR", "1ST FLOOR", "2ND LEVEL". */
const FLOOR_WORDS = 'FLR|FLOOR|FL|LEVEL|LVL';
const ORDINAL_MISREADS: [RegExp, string][] = [
  [new RegExp(`(?<![\\p{L}\\d])(?:[S5]R[D0O]|3R[0O])(?=\\s+(?:${FLOOR_WORDS})\\b)`, 'giu'), '3RD'],
  [new RegExp(`(?<![\\p{L}\\d])(?:[IL|]S[T7]|1S7)(?=\\s+(?:${FLOOR_WORDS})\\b)`, 'giu'), '1ST'],
  [new RegExp(`(?<![\\p{L}\\d])(?:ZN[D0O]|2N[0O])(?=\\s+(?:${FLOOR_WORDS})\\b)`, 'giu'), '2ND'],
  // "ND. 42, JALAN …": the number sign before a building's number.
  [/(?<![\p{L}\d])N[D0](?=[.:]\s*\d)/gu, 'NO'],
];

/**
 * "SRD FLR" → "3RD FLR", "3R0 FLR" → "3RD FLR", "IST FLOOR" → "1ST FLOOR": a floor's ordinal with
 * a digit OCR took for a letter or a letter it took for a digit; "ND. 42" → "NO. 42": the number
 * sign's O taken for a D or a zero.
 */
function repairOrdinals(text: string): string {
  let out = text;
  for (const [misread, ordinal] of ORDINAL_MISREADS) out = out.replace(misread, ordinal);
  return out;
}

function lookalike(read: string, word: string): boolean {
  if (read.length === word.length) {
    let changed = 0;
    for (let i = 0; i < read.length; i++) {
      if (read[i] === word[i]) continue;
      if (!confusable(read[i]!, word[i]!)) return false;
      changed++;
    }
    return changed === 1;
  }
  // A letter more or less at either end makes another word as often as a misreading: "VALLEY" is
  // no ALLEY, "GARDEN" no GARDENS; OCR loses or doubles letters inside a word.
  const sameEnds = read[0] === word[0] && read.at(-1) === word.at(-1);
  return Math.min(read.length, word.length) >= 5 && sameEnds && withinOneEdit(read, word);
}
