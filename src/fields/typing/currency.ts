/** Currency markers written next to amounts: symbols ("$", "€"), prefixed dollars ("US$") and codes ("MYR", "RM"). */
import { isLetterAt, isLetterCode } from './text.ts';

export interface CurrencyMark {
  start: number;
  end: number;
  /** As written: "€", "US$", "RM", "EUR". */
  code: string;
}

const SYMBOLS = new Set('$€£¥₹₩₽₺₫₱฿₪₦¢₴₸₡₲₵₭៛₮﷼円元￥＄￡');

/** Letters glued before "$" that name the dollar (US$, S$, HK$...). */
const DOLLAR_PREFIXES = new Set(['US', 'S', 'A', 'AU', 'C', 'CA', 'HK', 'NZ', 'R', 'NT', 'RD', 'MX', 'SG']);

/**
 * Codes are matched with their exact case: upper-case ISO codes plus the local abbreviations printed on
 * invoices. Matching case-insensitively would turn ordinary words ("try", "all", "cad") into currencies.
 */
const CODES = new Set([
  ...'USD EUR GBP JPY CNY RMB MYR SGD IDR THB PHP VND INR PKR LKR BDT NPR AUD NZD CAD CHF SEK NOK DKK ISK'.split(
    ' ',
  ),
  ...'PLN CZK HUF RON BGN RSD RUB UAH TRY ILS AED SAR QAR KWD BHD OMR JOD EGP ZAR NGN KES GHS MAD TND'.split(
    ' ',
  ),
  ...'BRL MXN ARS CLP COP PEN UYU HKD TWD KRW BND MMK KHR LAK MOP XAF XOF'.split(' '),
  ...'RM Rp Rs kr Kr zł Kč Ft lei Fr Dhs DH SR'.split(' '),
]);

/** Marks written only before their amounts: the rand's "R 1 206,85" (after a figure, "R" is anything). */
const PREFIX_ONLY = new Set(['R']);

/**
 * Such a mark stands alone before its figure, "R 8 871,20", "-R 50,00", "(R1 206,85)": not the end of
 * a code ("L2R 5L8") nor a prefix joined by a hyphen ("R-2025-018834").
 */
function prefixOnly(text: string, start: number, end: number): boolean {
  return (
    PREFIX_ONLY.has(text.slice(start, end)) &&
    (start === 0 || /[\s(\-−]/.test(text[start - 1]!)) &&
    /^(?: ?\d)/.test(text.slice(end, end + 2))
  );
}

/** Codes that are commonly abbreviated with a trailing dot ("Rs. 500", "Fr. 12.50"). */
const DOTTED = new Set(['Rs', 'kr', 'Kr', 'Fr']);

const MAX_CODE = 4;

/** The currency ending exactly at `end` (exclusive), if any. */
export function currencyBefore(text: string, end: number): CurrencyMark | null {
  const last = end - 1;
  if (last < 0) return null;
  const ch = text[last]!;
  if (SYMBOLS.has(ch)) {
    if (ch === '$') {
      const word = lettersEndingAt(text, last);
      if (word && DOLLAR_PREFIXES.has(word.text)) return { start: word.start, end, code: `${word.text}$` };
    }
    return { start: last, end, code: ch };
  }
  const dotted = ch === '.';
  const word = lettersEndingAt(text, dotted ? last : end);
  if (!word || !(CODES.has(word.text) || (!dotted && prefixOnly(text, word.start, end)))) return null;
  if (dotted && !DOTTED.has(word.text)) return null;
  return { start: word.start, end, code: word.text };
}

/** The currency starting exactly at `start`, if any. A trailing abbreviation dot is left out (it may end a sentence). */
export function currencyAfter(text: string, start: number): CurrencyMark | null {
  if (start >= text.length) return null;
  const ch = text[start]!;
  if (SYMBOLS.has(ch)) return { start, end: start + 1, code: ch };
  let end = start;
  while (end < text.length && end - start <= MAX_CODE && isLetterCode(text.charCodeAt(end))) end++;
  if (end === start || isLetterAt(text, end)) return null;
  const word = text.slice(start, end);
  if (text[end] === '$' && DOLLAR_PREFIXES.has(word)) return { start, end: end + 1, code: `${word}$` };
  return CODES.has(word) ? { start, end, code: word } : null;
}

/** The whole letter run ending at `end`, when it is short enough to be a code. */
function lettersEndingAt(text: string, end: number): { start: number; text: string } | null {
  let start = end;
  while (start > 0 && end - start <= MAX_CODE && isLetterCode(text.charCodeAt(start - 1))) start--;
  if (start === end || isLetterAt(text, start - 1)) return null;
  return { start, text: text.slice(start, end) };
}
