import {
  CONNECTORS,
  FIRM_FORM_WORDS,
  findPostalAddresses,
  INDUSTRY_WORDS,
  NAME_PREFIXES,
  NOT_IN_NAME,
} from '../../recognizers/index.ts';
import type { Candidate } from '../candidate.ts';
import { issuerOf, partyOf } from '../document-kind.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import { containsPhrase, type FieldProfile } from '../field-profile.ts';
import { columnsOfLine } from '../line-columns.ts';
import { repairAddressWords, repairNameWords, withoutEdgeSpecks } from '../ocr-text.ts';
import { recognize } from '../read-value.ts';
import { valueKey } from '../select.ts';
import { lexicon } from '../vocabulary/index.ts';
import { words } from '../words.ts';
import { addresseePieces } from './recipient.ts';
import { asksLegalName } from './registered-name.ts';

/** Words before a firm's name that speak of it: signing for it, declaring on its behalf. */
const SPEAKS_OF = new Set([
  'for',
  'per',
  'pp',
  'p.p.',
  'declaration',
  'behalf',
  'signed',
  'für',
  'pour',
  'por',
]);

/**
 * A logo breaks a firm's name over lines ("BRENNER & VOIGT" / "Elektrogroßhandel GmbH") which the
 * page prints whole elsewhere, in its return address or its footer ("Brenner & Voigt
 * Elektrogroßhandel GmbH · Industriestraße 14"): the whole name, where one ends with this one.
 */
function wholeElsewhere(view: DocumentView, value: string): string {
  const key = valueKey(value);
  for (const line of view.lines) {
    if (line.page !== 1) break;
    if (!line.text.toUpperCase().includes(value.split(/\s+/).at(-1)!.toUpperCase())) continue;
    for (const span of recognize('organization', line.text)) {
      const whole = valueKey(span.value);
      if (whole.length <= key.length || !whole.endsWith(key)) continue;
      // "For SAHYADRI AUTO COMPONENTS PVT. LTD." over a signature, "Declaration for …": words that
      // speak of the firm, not more of its name.
      const before = span.value.split(/\s+/).slice(0, -value.split(/\s+/).length);
      if (before.some((w) => SPEAKS_OF.has(w.toLowerCase()) || NOT_IN_NAME.has(w.toLowerCase()))) continue;
      if (nameWords(span.value).length > nameWords(value).length) return span.value;
    }
  }
  return value;
}

/** Where layout alone says it: the issuer's name and address at the head of the first page. */
export function layoutCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const out: Candidate[] = [];
  // The page head is its writer's: the seller's on an invoice, the buyer's on a purchase order.
  const heads = issuerOf(view) === 'buyer' ? partyOf(profile) === 'buyer' : profile.position === 'top';
  if (!heads) return out;
  const head = view.lines.filter((l) => l.page === 1).slice(0, 12);
  // Lines OCR could hardly read (a logo, specks above the name) do not push the name down the page.
  const rank: number[] = [];
  for (let i = 0; i < head.length; i++)
    rank.push(i === 0 ? 0 : rank[i - 1]! + (head[i - 1]!.confidence >= 0.5 ? 1 : 0));
  if (profile.kind === 'organization' || profile.kind === 'party') {
    const addressee = addresseePieces(view);
    head.forEach((line, i) => {
      // A name may be split over two lines: "GARDENIA BAKERIES (KL)" / "SDN BHD". A line that holds
      // a legal form only is read joined to the line above; a name missing its form, to the line below.
      const alone = recognize('organization', line.text);
      // "CAHAYA STATIONERY" / "ENTERPRISE", "SWC" / "ENTERPRISE SDN BHD": a line of firm words alone
      // ends the name above it.
      // "BHD (123456-A)": the firm's number after its form is no word of a name.
      const formOnly =
        alone.length > 0
          ? alone.every((s) => nameWords(s.value).length === 0 || firmWordsOnly(s.value))
          : firmWordsOnly(line.text.replace(REGISTRATION_NUMBER, ''));
      const prev = head[i - 1];
      const next = head[i + 1];
      const text = formOnly && prev ? `${prev.text} ${line.text}` : line.text;
      let spans = formOnly && prev ? recognize('organization', text) : alone;
      // …but not to a line that holds a name of its own: "SCR" above "GARDENIA BAKERIES SDN BHD".
      const nextNamed =
        next && recognize('organization', next.text).some((s) => nameWords(s.value).length > 0);
      // "SYARIKAT PERNIAGAAN" / "GIN KEE", "RESTORAN" / "WAN SHENG": words that open a shop's name
      // and say nothing of which shop it is are read with the name on the line below, one of words
      // only ("NO 290, JALAN …" is the address).
      const opener = spans.length > 0 ? spans.every((s) => openersOnly(s.value)) : openersOnly(line.text);
      const below =
        next && !nextNamed
          ? once(() =>
              recognize('organization', `${line.text} ${next.text}`).filter(
                (s) => s.start < line.text.length,
              ),
            )
          : () => [];
      if (opener && next && !/\d/.test(next.text)) {
        const joined = below().filter((s) => s.end > line.text.length);
        if (joined.length > 0) spans = joined;
      }
      if (spans.length === 0) spans = below();
      for (const span of spans.slice(0, 1)) {
        // "TRIPLE SIX POINT ENTERPRISE 666": a short number ending the name's line is part of it.
        const tail = text === line.text ? /^\s+\d{1,3}\s*$/.exec(text.slice(span.end))?.[0] : undefined;
        const named = tail ? `${span.value} ${tail.trim()}` : span.value;
        const trimmed = trimLeadingNoise(named.replace(REGISTRATION_NUMBER, ''));
        const value = wholeElsewhere(view, line.ocr ? repairNameWords(trimmed, view.ocrWords) : trimmed);
        if (nameWords(value).length === 0) continue;
        // The addressee is a party too (a letter agreement's other side), but never the issuer.
        if (profile.kind === 'organization' && addressee.get(line.id)?.some((piece) => piece.includes(value)))
          continue;
        out.push({
          value,
          score: (0.55 + 0.3 * span.confidence) * (1 - rank[i]! / 24),
          source: 'layout',
          line,
          text: line.text,
        });
      }
    });
  }
  if (profile.kind === 'organization' && !placesAtTheHead(profile)) dropShortForms(out);
  if (profile.kind === 'organization') {
    // Failing a legal form, the issuer's name is the first line set in capitals that reads like a
    // name, or the first line of the letterhead named by its trade ("Brightwell Energy"), read in
    // its own column beside the letterhead's other details. A field that places the name at the
    // head ("as shown at the top") takes that line, in whatever case, over a legal name below it.
    const placed = placesAtTheHead(profile);
    let titled: { line: ViewLine; text: string; rank: number } | undefined;
    for (const [i, line] of head.entries()) {
      if (rank[i]! >= 6) break;
      // OCR's gaps part a line at specks as often as at columns: a scan's line is read whole.
      const text = (line.ocr ? [line] : (columnsOfLine(line) ?? [line]))
        .map((c) => c.text)
        .find(
          (t) =>
            (looksLikeHeading(withoutBranch(t)) ||
              (rank[i]! < 2 && namesItsTrade(t)) ||
              (placed && rank[i] === 0 && line.confidence >= 0.7 && readsAsName(t))) &&
            findPostalAddresses([t]).length === 0 &&
            recognize('location', t).length === 0,
        );
      if (text !== undefined) {
        titled = { line, text, rank: rank[i]! };
        break;
      }
    }
    if (titled) {
      // Only the page's first readable lines are its head: a heading further down is a notice.
      const headed = placed && titled.rank <= 1;
      const value = trimLeadingNoise(
        withoutBranch(titled.text)
          .trim()
          .replace(/[\s.,:;|]+$/, ''),
      );
      if (headed) {
        for (const c of out) if (c.line.id > titled.line.id) c.score *= 0.9;
      }
      out.push({
        value,
        score: headed ? 0.78 : 0.56,
        source: 'layout',
        line: titled.line,
        text: titled.line.text,
      });
    }
  }
  if (profile.kind === 'postal_address') {
    const addressee = addresseePieces(view);
    for (const block of findPostalAddresses(
      head.map((l) => (l.ocr ? (withoutEdgeSpecks(l.source) ?? l.text) : l.text)),
    )) {
      const line = head[block.startLine]!;
      if (addressee.get(line.id)?.some((piece) => block.value.includes(piece))) continue;
      out.push({
        value: line.ocr ? repairAddressWords(block.value, view.ocrWords) : block.value,
        score: 0.5 + 0.4 * block.confidence,
        source: 'layout',
        line,
        text: line.text,
      });
    }
  }
  // The place of the concept a description named ("transport company") says less than a label
  // with the field's own name ("Carrier:").
  if (profile.sense.from === 'description') for (const c of out) c.score *= 0.85;
  // "policy_holder_name": a name at the head of the page is the issuer's; a word of the field's own
  // that the line does not say asks for another one.
  if (profile.qualifiers.length > 0)
    for (const c of out) if (!c.line.tokens.some((t) => profile.qualifiers.includes(t.word))) c.score *= 0.75;
  return out;
}

/**
 * "SENG HUAT HARDWARE" over "SENG HUAT HARDWARE & TRADING SDN BHD": a logo prints the first words
 * of the name that the next lines give whole with the firm's form; the name is the whole one.
 */
function dropShortForms(found: Candidate[]): void {
  const named = found.map((c) => ({ c, text: String(c.value), key: `${spaced(String(c.value))} ` }));
  const whole = named.filter(
    ({ text }) => nameWords(text).length < text.split(/\s+/).length || endsWithFirmWord(text),
  );
  for (let i = found.length - 1; i >= 0; i--) {
    const short = named[i]!;
    const longer = whole.some(
      (w) =>
        w.c !== short.c &&
        Math.abs(w.c.line.id - short.c.line.id) <= 3 &&
        w.key.startsWith(short.key) &&
        w.key.length > short.key.length,
    );
    if (longer) found.splice(i, 1);
  }
}

/** A name's words in capitals, one space apart, without their punctuation. */
const spaced = (value: string) =>
  value
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const endsWithFirmWord = (value: string) => firmWordsOnly(value.split(/\s+/).at(-1)!);

/** "SYARIKAT PERNIAGAAN", "KEDAI": words that open a shop's name, maybe with firm words, and no more. */
function openersOnly(text: string): boolean {
  const said = lowerWords(text);
  return (
    said.some((w) => NAME_PREFIXES.has(w)) &&
    said.every((w) => NAME_PREFIXES.has(w) || FIRM_FORM_WORDS.has(w))
  );
}

/** "ENTERPRISE", "TRADING SDN. BHD.": words that say a firm is one, and no name of their own. */
function firmWordsOnly(text: string): boolean {
  const said = lowerWords(text);
  return said.length > 0 && said.every((w) => FIRM_FORM_WORDS.has(w));
}

/** The runs of letters of a text, lower case. */
const lowerWords = (text: string) =>
  text
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());

/** `make`'s result, made on the first call only. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    if (!made) made = { value: make() };
    return made.value;
  };
}

/** "As shown at the top of the receipt", "on the header", "oben auf dem Kassenbon": the value's place. */
const AT_THE_HEAD = lexicon.headOfPageWords.map(words);
/** "Use the first (most prominent) name line": the name set largest, whatever else is printed. */
const PROMINENT = lexicon.prominenceWords.map(words);

function placesAtTheHead(profile: FieldProfile): boolean {
  const said = [...words(profile.field.name), ...words(profile.field.description)];
  const says = (phrases: string[][]) => phrases.some((phrase) => containsPhrase(said, phrase));
  // "As printed at the top; use the registered legal name when the receipt prints one": the legal name.
  return says(PROMINENT) || (says(AT_THE_HEAD) && !asksLegalName(profile));
}

/** "Krümel & Korn", "Lone Oak": two to six words, capitalised, no digits, none a word no name holds. */
function readsAsName(text: string): boolean {
  const t = text.trim();
  const named = t.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return (
    /^\p{Lu}/u.test(t) &&
    t.replace(/[^\p{L}]/gu, '').length >= 4 &&
    named.length >= 2 &&
    named.length <= 6 &&
    !/[\d:@/]/.test(t) &&
    !named.some((w) => NOT_IN_NAME.has(w.toLowerCase()))
  );
}

/** Words that are a legal form only: a name needs at least one word besides them. */
const LEGAL_FORM = /^(sdn|son|bhd|s\/b|berhad|inc|co|corp|ltd|llc|plc|gmbh|ag|sa|lp|llp|pty|limited)\.?,?$/i;
/** A company registration number printed after the name: "002043319-W", "(JM0326955-Y)". */
const REGISTRATION_NUMBER = /\s+\(?[A-Z]{0,3}\d{4,}[-\dA-Z]*\)?$/;

/**
 * OCR specks before a printed name ("1s Golden Arches", "2180501F AEON CO."): leading words with
 * digits, of one or two characters, or in lower case before a name set in capitals.
 */
function trimLeadingNoise(value: string): string {
  const words = value.split(/\s+/);
  const capitals = (w: string) => w === w.toUpperCase() && /\p{L}/u.test(w);
  while (words.length > 1) {
    const first = words[0]!;
    const restCapital = words
      .slice(1)
      .filter((w) => /\p{L}{2,}/u.test(w))
      .every(capitals);
    const letters = first.replace(/[^\p{L}]/gu, '');
    const digits = first.replace(/[^\p{N}]/gu, '');
    // "99 SPEED MART", "FY EAGLE ENTERPRISE", "DE LUXE CIRCLE": a short number or a short word in
    // the capitals of the rest belongs to the name.
    const partOfName =
      (letters === '' && digits.length >= 2 && digits.length <= 3) || (restCapital && capitals(first));
    if (
      (digits !== '' && letters !== '') ||
      digits.length > 3 ||
      (letters.length <= 2 && !partOfName) ||
      (restCapital && letters !== '' && !capitals(first))
    ) {
      if (/^(&|mr\.?|dr\.?|no\.?)$/i.test(first)) break;
      // "De Vries Installatietechniek B.V.", "La Fourchette": a name's own particle, not a speck.
      if (/^\p{Lu}\p{Ll}$/u.test(first) && CONNECTORS.has(first.toLowerCase()) && /^\p{Lu}/u.test(words[1]!))
        break;
      words.shift();
    } else break;
  }
  return words.join(' ');
}

function nameWords(value: string): string[] {
  return value.split(/\s+/).filter((w) => !LEGAL_FORM.test(w));
}

/** A branch's number after a shop's name ("GREENLEAF MARKET #0412", "STORE 118") is not part of the name. */
function withoutBranch(text: string): string {
  return text.replace(/\s+(?:#\s*|no\.?\s*|store\s+)\d{1,6}\s*$/i, '');
}

/** Two to five capitalised words, no digits, the last one a trade: "Brightwell Energy", "LUMEN MOBILE". */
function namesItsTrade(text: string): boolean {
  const words = text.trim().split(/\s+/);
  const last = words.at(-1)?.toLowerCase() ?? '';
  return (
    words.length >= 2 &&
    words.length <= 5 &&
    INDUSTRY_WORDS.has(last) &&
    words.every((w) => /^[\p{Lu}&]/u.test(w) || CONNECTORS.has(w)) &&
    !/\d|[:@]/.test(text)
  );
}

/** Two to eight words, mostly capital letters, few digits, no sentence: a shop's or a company's name. */
function looksLikeHeading(text: string): boolean {
  const t = text.trim();
  const letters = t.replace(/[^\p{L}]/gu, '');
  const upper = t.replace(/[^\p{Lu}]/gu, '');
  const digits = t.replace(/[^\p{N}]/gu, '');
  const wordCount = t.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
  return (
    letters.length >= 6 &&
    upper.length / letters.length > 0.8 &&
    digits.length <= 3 &&
    wordCount >= 2 &&
    wordCount <= 8 &&
    !/[:@]/.test(t) &&
    // "TAX INVOICE", "THANK YOU AND DO VISIT US AGAIN": words no shop's name is made of (one alone
    // may be: "SLF CASH & CARRY").
    t.split(/[^\p{L}]+/u).filter((w) => NOT_IN_NAME.has(w.toLowerCase())).length < 2
  );
}
