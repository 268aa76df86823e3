/** The word lists behind organization names, built once from data/organization-words.json. */
import words from './data/organization-words.json' with { type: 'json' };
import { PhraseTrie } from './phrase-trie.ts';

export interface Suffix {
  /** A trade word ("Trading", "Enterprise") rather than a legal form ("Inc.", "Sdn. Bhd."). */
  weak: boolean;
}

function build(): PhraseTrie<Suffix> {
  const trie = new PhraseTrie<Suffix>();
  for (const s of words.businessSuffixes) trie.add(s, { weak: true });
  for (const s of words.legalSuffixes) {
    trie.add(s, { weak: false });
    // "Sdn.Bhd", "PTE.LTD": the form's last dot is often left out, or taken by OCR.
    if (s.endsWith('.')) trie.add(s.slice(0, -1), { weak: false });
  }
  return trie;
}

export const SUFFIXES = build();

/** Legal forms written as one word ("inc", "ltd"): a name never runs back through one of them. */
export const SUFFIX_WORDS = new Set(
  words.legalSuffixes.filter((s) => /^[\p{L}]+\.?$/u.test(s)).map((s) => s.replace('.', '').toLowerCase()),
);

/**
 * Words a firm's name ends with that say it is a firm and nothing of its trade ("ENTERPRISE",
 * "TRADING", "SDN BHD"), lower case, dots dropped: a line of them alone under a name ends that name.
 */
export const FIRM_FORM_WORDS = new Set([
  ...words.legalSuffixes
    .flatMap((s) => s.toLowerCase().replace(/\./g, ' ').split(/\s+/))
    .filter((w) => w.length >= 2),
  ...words.firmWords.map((w) => w.toLowerCase()),
]);

/** Words that open a Malay or Indonesian shop name: "KEDAI PAPAN ...", "RESTORAN ...". */
export const NAME_PREFIXES = new Set(words.namePrefixes.map((w) => w.toLowerCase()));

/** Lower-case words and signs that may stand inside a name: "Leonard Green and Partners", "Smith & Co". */
export const CONNECTORS = new Set(words.connectors);

/** Capitalised words that end a name when reading back from its suffix ("Between", "WHEREAS", "Invoice"). */
export const NOT_IN_NAME = new Set(words.notInName);

/** A legal form written out → its usual abbreviation ("Incorporated" → "inc"), lower case: one name either way. */
export const LEGAL_FORM_SHORT: ReadonlyMap<string, string> = new Map(
  Object.entries(words.legalFormShortForms),
);

/**
 * Words a trade name ends with that say the trade ("Brightwell Energy", "Northgate Bank"): inside
 * running text they are too often part of a longer name to end one, so only a letterhead's line is
 * read by them.
 */
export const INDUSTRY_WORDS = new Set(words.industryWords.map((w) => w.toLowerCase()));

/**
 * Words that say a trade and nothing else ("Bistro", "Cafe", "Hardware", "Trading"): a line of them
 * alone ("BISTRO & CAFE" under "THREE STOOGES") is a shop's tagline, not its name.
 */
export const TRADE_WORDS = new Set(
  [...words.businessSuffixes, ...words.industryWords]
    .filter((w) => /^\p{L}+$/u.test(w))
    .map((w) => w.toLowerCase()),
);
