/**
 * The currency vocabulary of data/currencies.json as lookups and patterns. Codes and marks keep their
 * case ("try", "all", "cad" are words; "rm" is not ringgit); names are matched in any case.
 */
import vocabulary from './data/currencies.json' with { type: 'json' };
import { literalAlternation } from './literal-alternation.ts';

export type FormKind = 'code' | 'symbol' | 'mark' | 'name';

export interface CurrencyForm {
  code: string;
  /** The currencies this written form stands for, when more than one ("$", "kr", "pounds"); else empty. */
  shared: readonly string[];
  /** Also an ordinary word or abbreviation ("ALL", "TRY", "Fr."): trusted only beside a price. */
  wordlike: boolean;
  /** Codes that, written elsewhere in the same text, settle which currency the form means (¥ and 元). */
  settledBy: readonly string[];
}

const NOT_CODES = new Set(vocabulary.notCodes);
const WORDLIKE = new Set(vocabulary.wordlike);
const SHARED = new Map<string, readonly string[]>();
for (const group of vocabulary.shared) for (const form of group.forms) SHARED.set(form, group.codes);
const SETTLED_BY = new Map<string, readonly string[]>(Object.entries(vocabulary.settledBy));

const CODES = new Map<string, string>(vocabulary.codes.filter((c) => !NOT_CODES.has(c)).map((c) => [c, c]));
for (const [alias, code] of Object.entries(vocabulary.aliases)) CODES.set(alias, code);
const SYMBOLS = new Map(Object.entries(vocabulary.symbols));
const MARKS = new Map(Object.entries(vocabulary.marks));
const NAMES = new Map<string, string>();
for (const byForm of Object.values(vocabulary.names)) {
  for (const [name, code] of Object.entries(byForm)) NAMES.set(name, code);
}

const TABLES: Record<FormKind, Map<string, string>> = {
  code: CODES,
  symbol: SYMBOLS,
  mark: MARKS,
  name: NAMES,
};

/** The form as written (a name in any case and spacing), or null when the vocabulary lacks it. */
export function currencyForm(kind: FormKind, written: string): CurrencyForm | null {
  const key = kind === 'name' ? written.toLowerCase().replace(/\s+/g, ' ') : written;
  const code = TABLES[kind].get(key);
  if (code === undefined) return null;
  return {
    code,
    shared: SHARED.get(key) ?? [],
    wordlike: WORDLIKE.has(key),
    settledBy: SETTLED_BY.get(key) ?? [],
  };
}

/**
 * Letters of the scripts that space their words. Only these bound a code or name ("EUR" in "EUROPE"
 * is no code), while "100元" or "人民币" sit among Han characters with no boundary at all.
 */
export const WORD_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u;
const WORD = WORD_LETTER.source;

function bounded(alternation: string): string {
  return `(?<!${WORD})(?:${alternation})(?!${WORD})`;
}

export const PATTERNS: Record<FormKind, RegExp> = {
  code: new RegExp(bounded('[A-Z]{3}'), 'gu'),
  symbol: new RegExp(`[${[...SYMBOLS.keys()].join('').replace(/[\\\]^-]/g, '\\$&')}]`, 'gu'),
  mark: new RegExp(bounded(literalAlternation(MARKS.keys())), 'gu'),
  name: new RegExp(bounded(literalAlternation(NAMES.keys())), 'giu'),
};
