/**
 * Entity recognizers: pure, linear-time functions from text to typed spans (organizations, persons,
 * places, durations, contact and bank details, currencies, percentages), shared by the offline
 * extraction engines.
 */
export { findCurrencies } from './currencies.ts';
export { currencyOfAmounts, type DocumentCurrency } from './currency-of-amounts.ts';
export { currencyOfPlace } from './currency-of-place.ts';
export { findDurations } from './durations.ts';
export { findEmails } from './emails.ts';
export { findIbans, ibanChecks } from './ibans.ts';
export { findLocations } from './locations.ts';
export {
  CONNECTORS,
  FIRM_FORM_WORDS,
  INDUSTRY_WORDS,
  NAME_PREFIXES,
  NOT_IN_NAME,
} from './organization-words.ts';
export { findOrganizations } from './organizations.ts';
export { findPaymentMethods } from './payment-methods.ts';
export { findPercentages } from './percentages.ts';
export { HONORIFICS, isContactLine, withoutCourtesy } from './person-words.ts';
export { findPersons } from './persons.ts';
export { findPhones } from './phones.ts';
export { findPostalAddresses } from './postal-addresses.ts';
export { recognizeAll } from './recognize-all.ts';
export { findTimes } from './times.ts';
export type { AddressBlock, EntityKind, EntitySpan } from './types.ts';
export { findUrls } from './urls.ts';
export { findVatNumbers } from './vat-numbers.ts';
