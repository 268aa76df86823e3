/** The word lists behind postal addresses, built once from data/address-words.json. */
import words from './data/address-words.json' with { type: 'json' };
import { PhraseTrie } from './phrase-trie.ts';

/** Street, building and unit words of English-speaking, Malaysian and Singaporean addresses. */
export const STREET_WORDS = new Set(words.streetWords.filter((w) => !w.includes(' ')));
export const STREET_PHRASES = buildTrie(words.streetWords.filter((w) => w.includes(' ')));
/** Street words French, Italian and Spanish addresses write in lower case ("12 rue de la Paix"). */
export const LOWER_CASE_STREET_WORDS = new Set(words.lowerCaseStreetWords);
const ENDINGS = words.streetEndings.endings;
/** A street written as one word with its street word: "Lindenstraße", "Kerkstraat", "Storgatan". */
export const endsLikeStreet = (lower: string) =>
  ENDINGS.some((e) => lower.length >= e.length + 3 && lower.endsWith(e));
/** Cities and state nicknames that end receipts' addresses ("PJ", "Darul Ehsan"), lower case. */
export const PLACE_WORDS = buildTrie(words.placeWords);
export const ADDRESS_LABELS = new Set(words.labels);
/** A line opening with one of these is a contact or register line, not part of an address. */
export const LINE_BREAKERS = new Set(words.breakers);
export const AU_STATES = new Set(words.auStates);

function buildTrie(phrases: string[]): PhraseTrie<true> {
  const trie = new PhraseTrie<true>();
  for (const p of phrases) trie.add(p, true);
  return trie;
}
