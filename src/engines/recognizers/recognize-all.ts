/** Every span recognizer over one text, tokenized once, spans sorted by where they start. */
import { scanDurations } from './durations.ts';
import { findEmails } from './emails.ts';
import { findIbans } from './ibans.ts';
import { scanLocations } from './locations.ts';
import { scanOrganizations } from './organizations.ts';
import { scanPersons } from './persons.ts';
import { findPhones } from './phones.ts';
import { tokenize } from './tokens.ts';
import type { EntitySpan } from './types.ts';
import { findUrls } from './urls.ts';
import { findVatNumbers } from './vat-numbers.ts';

/** Postal addresses are not included: they are found in lines (findPostalAddresses), not in a text. */
export function recognizeAll(text: string): EntitySpan[] {
  const tokens = tokenize(text);
  const spans = [
    ...scanOrganizations(text, tokens),
    ...scanPersons(text, tokens),
    ...scanLocations(text, tokens),
    ...scanDurations(text, tokens),
    ...findEmails(text),
    ...findPhones(text),
    ...findUrls(text),
    ...findIbans(text),
    ...findVatNumbers(text),
  ];
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}
