/** The place names the recognizers know, built once from data/locations.json. */
import places from './data/locations.json' with { type: 'json' };
import { PhraseTrie } from './phrase-trie.ts';

export interface Place {
  /** The name every spelling is reported as: "United Kingdom" for "UK", "Massachusetts". */
  canonical: string;
  kind: 'us-state' | 'country' | 'region';
  /** Also a given name or a common word ("Jordan", "Victoria"): needs a cue such as "in" or "laws of". */
  ambiguous: boolean;
}

const AMBIGUOUS = new Set(places.ambiguous);

function build(): PhraseTrie<Place> {
  const trie = new PhraseTrie<Place>();
  const add = (spelling: string, canonical: string, kind: Place['kind']) =>
    trie.add(spelling, { canonical, kind, ambiguous: AMBIGUOUS.has(spelling) });
  for (const [name] of places.usStates) add(name!, name!, 'us-state');
  for (const [name, spellings] of Object.entries(places.usStateAliases)) {
    for (const spelling of spellings) add(spelling, name, 'us-state');
  }
  for (const [name, ...aliases] of places.countries) {
    for (const spelling of [name!, ...aliases]) add(spelling, name!, 'country');
  }
  for (const [name, ...aliases] of places.regions) {
    for (const spelling of [name!, ...aliases]) add(spelling, name!, 'region');
  }
  return trie;
}

export const PLACES = build();

/** "CA" → "California". */
export const STATE_CODES = new Map(places.usStates.map(([name, code]) => [code!, name!]));

/** Codes that are also English words or too short to trust without a ZIP code after them ("OR", "ME"). */
export const AMBIGUOUS_CODES = new Set(places.codeWords);

/** "State of", "Commonwealth of": lower-cased words, the last one always "of". */
export const PLACE_PREFIXES = places.prefixes.map((p) => p.toLowerCase().split(' '));

/** Words before an ambiguous name that make it a place: "in Jordan", "laws of Virginia". */
export const PLACE_CUES = new Set(places.cues);
