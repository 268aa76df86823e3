/**
 * The currency of the place a document is written from, for a document whose amounts carry no mark
 * (a Malaysian receipt's "TOTAL 44.73"): the country, region or US state its address names, or a UK
 * postcode. A guess, as weak as it sounds: the place of the sender is not always the currency.
 */
import places from './data/place-currencies.json' with { type: 'json' };
import { STATE_CODES } from './gazetteer.ts';
import { findLocations } from './locations.ts';
import { UK_POSTCODE } from './postal-addresses.ts';

const BY_PLACE = new Map<string, string>([
  ...Object.entries(places.countries),
  ...Object.entries(places.regions),
  ...[...STATE_CODES.values()].map((state) => [state, 'USD'] as [string, string]),
]);

/** The currency the first lines' places name, the first place that has one. */
export function currencyOfPlace(lines: string[]): string | null {
  for (const line of lines) {
    for (const span of findLocations(line)) {
      const code = BY_PLACE.get(span.value);
      if (code) return code;
    }
    if (UK_POSTCODE.test(line)) return 'GBP';
  }
  return null;
}
