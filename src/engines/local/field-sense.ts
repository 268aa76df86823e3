import type { Field, FieldKind } from '../../fields/field.ts';
import { currencyForm } from '../recognizers/currency-vocabulary.ts';
import payments from '../recognizers/data/payment-methods.json' with { type: 'json' };
import { durationUnitOf } from '../recognizers/durations.ts';
import { lexicon } from './vocabulary/index.ts';
import { canonicalWord, words } from './words.ts';

/** "excl.", "incl.", "zzgl.": a concept's name after one says what another amount includes. */
export const INCLUSION_WORDS = new Set(lexicon.inclusionWords.map(canonicalWord));

/**
 * How a field is understood, read as a phrase: its head word says what the value is (an address, a
 * date, a total), its modifiers say whose it is (the vendor's, the buyer's) or which one (delivery,
 * due). The name is read first; a name that names nothing known leaves it to the description.
 */
export interface Concept {
  id: string;
  family: string;
  words: string[];
  asks?: string[];
  generic?: boolean;
  specialises?: boolean;
  kind?: string;
  position?: string;
  prefer?: string;
  documentDate?: boolean;
  distinct?: boolean;
  /** Whose holder the document is addressed to: the employee of a payslip, the guest of a hotel bill. */
  addressee?: boolean;
  /** Whose a value of this concept is when the name says no other owner: a delivery address is the buyer's. */
  owner?: string;
  /** Words a name of this kind holds ("Bank", "Sparkasse"): such a name is a candidate wherever it stands. */
  selfNames?: string[];
  /** Cue phrases; an object gives a cue's weight, and the look of what it announces ('payable within' a duration). */
  cues?: (string | { text: string; weight?: number; reads?: string })[];
}

export interface FieldSense {
  /** The concept the value is, when the engine knows it. */
  concept: Concept | null;
  /** What kind of value it is (date, amount, entity, address…), even without a concept. */
  family: string | null;
  /** Where the understanding came from: a guess from the type alone is worth less. */
  from: 'name' | 'description' | 'type' | 'none';
  /** Whose value it is: "vendor" in vendor_address. */
  owner: Concept | null;
  /** Words of the name the lexicon does not know ("shipment" in shipment_date): labels must say them. */
  qualifiers: string[];
  /** A number field asking for a duration in this unit ("notice_period_days": day). */
  unit?: string;
}

interface Match {
  concept: Concept;
  start: number;
  end: number;
}

export const CONCEPTS: (Concept & { phrases: string[][]; asked: string[][] })[] = (
  lexicon.concepts as Concept[]
).map((c) => ({ ...c, phrases: c.words.map(words), asked: (c.asks ?? []).map(words) }));

/** The one-word phrases of some concepts ("total", "summe", "jumlah"): words that name them alone. */
export function singleWordsOf(...ids: string[]): Set<string> {
  return new Set(
    CONCEPTS.filter((c) => ids.includes(c.id))
      .flatMap((c) => c.phrases)
      .filter((p) => p.length === 1)
      .map((p) => p[0]!),
  );
}

const HEADS = new Map(Object.entries(lexicon.heads).map(([k, v]) => [words(k).join(' '), v]));
/** Head words and the family each names ("date" → date). */
export const HEAD_FAMILIES: ReadonlyMap<string, string> = HEADS;
const DOCUMENT_WORDS = new Set(lexicon.documentWords.flatMap(words));
/** Words a name adds without meaning another value: "final" of final_total. */
const NEUTRAL = new Set(lexicon.neutralModifiers.flatMap(words));
/** Words for the document itself ("receipt", "agreement"): they say nothing of which value is meant. */
export const isDocumentWord = (word: string) => DOCUMENT_WORDS.has(word);
export const FILLER: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'its',
  'their',
  'his',
  'her',
  'our',
  'your',
  'any',
  'each',
  'by',
]);
/** Words that end a description's first noun phrase: "Name | of the vendor", "Date | printed on…". */
const PHRASE_END = new Set(Object.values(lexicon.phraseEnds).flatMap((list) => words(list)));

/** Words for a part of a value ("share", "Anteil", "partie"): transparent before their "of". */
const PARTITIVES = new Set(lexicon.partitives.flatMap(words));
const OF_WORDS = new Set(words('of des der de du di del della do da van von vom'));

/** Families a field's declared type can hold. */
const FAMILIES_OF_KIND: Partial<Record<FieldKind, Set<string>>> = {
  date: new Set(['date']),
  datetime: new Set(['date']),
  double: new Set(['amount', 'count', 'quantity', 'percent']),
  integer: new Set(['count', 'quantity', 'amount', 'identifier']),
};

function fits(kind: FieldKind, family: string): boolean {
  const allowed = FAMILIES_OF_KIND[kind];
  if (allowed) return allowed.has(family);
  // Strings (and array items) hold anything but a count.
  return family !== 'count';
}

/** A concept's phrase, by its first word: every phrase in the order the concepts list them, asks after. */
interface IndexedPhrase {
  concept: (typeof CONCEPTS)[number];
  phrase: string[];
  asked: boolean;
  /** Its place in that order: matches come back in it, as a walk of every phrase would find them. */
  order: number;
}

const PHRASES_BY_FIRST_WORD = (() => {
  const index = new Map<string, IndexedPhrase[]>();
  let order = 0;
  for (const concept of CONCEPTS) {
    const listed = [
      ...concept.phrases.map((phrase) => ({ phrase, asked: false })),
      ...concept.asked.map((phrase) => ({ phrase, asked: true })),
    ];
    for (const { phrase, asked } of listed) {
      const entry = { concept, phrase, asked, order: order++ };
      if (phrase.length === 0) continue;
      const list = index.get(phrase[0]!) ?? [];
      list.push(entry);
      index.set(phrase[0]!, list);
    }
  }
  return index;
})();

/**
 * Every place a concept's phrase stands in `tokens` (its asks too when `withAsks`), in the concepts'
 * order, then each phrase's, then left to right. Looked up by first word: field names and
 * descriptions are read on every request, and walking every phrase at every word took a seventh of
 * the engine's time on a text PDF (the Kleister NDAs' profile).
 */
function matchesIn(tokens: string[], withAsks: boolean): Match[] {
  const found: { match: Match; order: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const entries = PHRASES_BY_FIRST_WORD.get(tokens[i]!);
    if (!entries) continue;
    outer: for (const { concept, phrase, asked, order } of entries) {
      if ((asked && !withAsks) || i + phrase.length > tokens.length) continue;
      for (let j = 1; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
      found.push({ match: { concept, start: i, end: i + phrase.length }, order });
    }
  }
  return found.sort((a, b) => a.order - b.order || a.match.start - b.match.start).map((f) => f.match);
}

const longestFirst = (a: Match, b: Match) => b.end - b.start - (a.end - a.start) || a.start - b.start;

/** The match that covers token i, longest first, of a family the field's type can hold. */
function covering(matches: Match[], i: number, kind: FieldKind): Match | undefined {
  return matches
    .filter((m) => m.start <= i && i < m.end && fits(kind, m.concept.family))
    .sort((a, b) => longestFirst(a, b) || natural(kind, b.concept) - natural(kind, a.concept))[0];
}

/** Families a plain string holds by nature: "seller_vat" as text is the VAT number, not the VAT amount. */
const TYPED_FAMILIES = new Set(['amount', 'date', 'count', 'quantity', 'percent']);
const natural = (kind: FieldKind, concept: Concept) =>
  kind === 'string' ? Number(!TYPED_FAMILIES.has(concept.family)) : 0;

function headFamily(word: string, kind: FieldKind): string | undefined {
  const family = HEADS.get(word);
  return family && fits(kind, family) ? family : undefined;
}

interface Head {
  match?: Match;
  family?: string;
  /** Token index of the head word. */
  at: number;
}

/** The head of a name: its last word that is not a filler or a word for the document itself. */
function nameHead(tokens: string[], matches: Match[], kind: FieldKind): Head | null {
  // "address_of_store": what follows "of" says whose; the head stands before it.
  const of = tokens.findIndex((w, i) => i > 0 && NAME_PREPOSITIONS.has(w) && !covering(matches, i, kind));
  // "amount_of_tax", "number_of_nights", "name_des_kontoinhabers": a bare kind word before "of" is
  // said of the concept after it.
  const said = of > 0 ? conceptAfterKindWord(tokens, matches, kind, of) : undefined;
  if (said) return { match: said, at: said.start };
  let i = (of > 0 ? of : tokens.length) - 1;
  while (
    i >= 0 &&
    (FILLER.has(tokens[i]!) ||
      DOCUMENT_WORDS.has(tokens[i]!) ||
      NEUTRAL.has(tokens[i]!) ||
      isCurrencyWord(tokens[i]!)) &&
    !covering(matches, i, kind)
  )
    i--;
  if (i < 0) return null;
  // "shop_street_and_city": a last part the lexicon does not know leaves the head to the first.
  if (
    i >= 2 &&
    CONJUNCTIONS.has(tokens[i - 1]!) &&
    !covering(matches, i, kind) &&
    !headFamily(tokens[i]!, kind)
  )
    i -= 2;
  const match = covering(matches, i, kind);
  // "alamat_kedai", "adresse_fournisseur", "direccion_tienda": names written head first, the owner
  // after. An owner last and a value of another kind before it: the value is the head.
  if (match?.concept.family === 'entity') {
    const first = headFirst(tokens, matches, kind, match.start);
    if (first && first.concept.family !== 'entity') return { match: first, at: first.start };
  }
  if (match) return { match, at: i };
  const family = headFamily(tokens[i]!, kind);
  if (family) return { family, at: i };
  // "date_depense", "fecha_gasto": a last word the lexicon does not know after the word "date" is the
  // head-first name of a Romance language; the head is the first word.
  // Only a date is named so safely: "total_claimed" is an English total, said of what was claimed.
  if (i > 0 && (kind === 'date' || kind === 'datetime') && headFamily(tokens[0]!, kind) === 'date')
    return { family: 'date', at: 0 };
  return { at: i };
}

/** The concept named after "of" that a bare kind word before it ("amount", "number", "name") is said of. */
function conceptAfterKindWord(
  tokens: string[],
  matches: Match[],
  kind: FieldKind,
  of: number,
): Match | undefined {
  const word = tokens[of - 1]!;
  const family = HEADS.get(word) ?? (KIND_OF_AMOUNT.has(word) ? 'amount' : undefined);
  if (!family || (covering(matches, of - 1, kind)?.concept.generic ?? true) !== true) return undefined;
  // "number of nights" counts them: a number is an identifier or a count.
  const families = family === 'identifier' ? new Set(['identifier', 'count']) : new Set([family]);
  return matches
    .filter((m) => m.start > of && families.has(m.concept.family) && fits(kind, m.concept.family))
    .sort(longestFirst)[0];
}

/** The first concept a name names before `end`, leaving out words for the document itself. */
function headFirst(tokens: string[], matches: Match[], kind: FieldKind, end: number): Match | undefined {
  for (let i = 0; i < end; i++) {
    if (DOCUMENT_WORDS.has(tokens[i]!)) continue;
    const match = covering(matches, i, kind);
    if (match && match.end <= end) return match;
  }
  return undefined;
}

/**
 * Words of a name after which comes whose or which the value is: "address_of_store", "date_of_sale",
 * "company_that_sold".
 */
const NAME_PREPOSITIONS = new Set([
  'of',
  'per',
  'for',
  'from',
  'at',
  'in',
  'to',
  'with',
  'under',
  'that',
  'which',
  'who',
  'whose',
  // Other languages' words for "of", "as per", "as": "name_des_rechnungsstellers", "rechnungsnummer_laut_beleg",
  // "fecha_de_pago", "nom_du_salarie", "waehrung_als_iso_code".
  'de',
  'du',
  'des',
  'del',
  'della',
  'dei',
  'di',
  'da',
  'do',
  'dos',
  'der',
  'van',
  'von',
  'vom',
  'zum',
  'zur',
  'fur',
  'laut',
  'gemass',
  'als',
  'pour',
  'par',
  'para',
  'por',
  'voor',
  'untuk',
  'bagi',
  'dari',
]);
/**
 * Words a name ends with that say how to write the value, not which value it is:
 * "deliveryAddressSingleLine", "address_as_printed", "name_in_full".
 */
const FORMAT_ENDINGS: string[][] = lexicon.formatEndings.map(words);

function withoutFormat(tokens: string[]): string[] {
  for (const ending of FORMAT_ENDINGS) {
    const at = tokens.length - ending.length;
    if (at > 0 && ending.every((w, i) => tokens[at + i] === w)) return tokens.slice(0, at);
  }
  return tokens;
}

/** "delivery_address", "shipping_email": words that are no party's name but say whose the value is. */
const OWNER_WORDS = new Map(
  Object.entries(lexicon.ownerWords).flatMap(([id, list]) =>
    list.map((w) => [words(w).join(' '), id] as const),
  ),
);

function ownerByWord(tokens: string[], concept: Concept | null): Concept | null {
  if (concept?.family === 'entity') return null;
  for (const token of tokens) {
    const id = OWNER_WORDS.get(token);
    if (id && !concept?.words.some((w) => words(w).includes(token)))
      return CONCEPTS.find((c) => c.id === id) ?? null;
  }
  return null;
}

/** Words that say only that a value is an amount: "net_amt" is read through its other word. */
const KIND_OF_AMOUNT = new Set(['amount', 'sum', 'value', 'figure']);
/** "nom_du_salarie", "fecha_de_pago": the articles and prepositions of other languages' names say no value. */
const PARTICLES = new Set([
  'de',
  'du',
  'des',
  'del',
  'della',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'van',
  'von',
  'der',
  'den',
  'het',
  'la',
  'le',
  'el',
  'los',
  'las',
  'les',
  'al',
  'au',
  'aux',
]);
const RANGE_STARTS = new Set(lexicon.rangeWords.start);
const RANGE_ENDS = new Set(lexicon.rangeWords.end);

/** Which end of a range a name of two words or more asks for, by its words for one. */
function rangeEnd(tokens: string[]): 'start_date' | 'end_date' | null {
  if (tokens.length < 2) return null;
  if (tokens.some((w) => RANGE_ENDS.has(w))) return 'end_date';
  if (tokens.some((w) => RANGE_STARTS.has(w))) return 'start_date';
  return null;
}

/** Words that join two parts of one value: "street_and_city", "nom_du_bailleur_ou_gestionnaire". */
const CONJUNCTIONS = new Set(['and', 'or', 'ou', 'o', 'oder', 'y', 'et', 'und', 'e', 'atau', 'dan']);

/** A currency named in a field's name ("grand_total_rm", "amount_usd") is its unit, not a qualifier. */
function isCurrencyWord(word: string): boolean {
  const form = currencyForm('code', word.toUpperCase()) ?? currencyForm('mark', word.toUpperCase());
  return form !== null && !form.wordlike;
}

/** A question ("Who signs…", "How long…") names the family it asks for. */
function questionFamily(tokens: string[], kind: FieldKind): string | undefined {
  for (const length of [2, 1]) {
    const family = headFamily(tokens.slice(0, length).join(' '), kind);
    if (family && ['who', 'when', 'where', 'how'].includes(tokens[0]!)) return family;
  }
  return undefined;
}

/** Words a name may be made of that say nothing of the value. */
const PLACEHOLDERS = new Set([
  'field',
  'column',
  'col',
  'question',
  'value',
  'attribute',
  'key',
  'var',
  'item',
]);
const opaque = (tokens: string[]) => tokens.every((w) => !/\p{L}{3,}/u.test(w) || PLACEHOLDERS.has(w));

/** Words that open a question or a request before what it asks for. */
const QUESTION_OPENERS = new Set(
  'what whats which is are was were please give state enter provide return extract find tell list'.split(' '),
);

/** The head of a description: the last known word of its first noun phrase. */
function descriptionHead(
  description: string,
  kind: FieldKind,
): { head: Head | null; tokens: string[]; phrase: string[] } {
  const clause = description.split(/[,;:()[\]]|\be\.g\./)[0] ?? '';
  const tokens = words(description);
  const first = words(clause);
  if (first.length === 0) return { head: null, tokens, phrase: first };
  const asked = questionFamily(first, kind);
  if (asked) {
    // "How much tax…", "How many items…": the noun after the question says which one.
    const after = first[1] === 'much' || first[1] === 'many' || first[1] === 'long' ? 2 : 1;
    const match = matchesIn(first, true)
      .filter((m) => m.start === after && m.concept.family === asked && fits(kind, asked))
      .sort(longestFirst)[0];
    return { head: match ? { match, at: match.start } : { family: asked, at: 0 }, tokens, phrase: first };
  }
  let from = 0;
  // "What is the name of the store?": the question's opening words are not its noun phrase.
  while (from < first.length && (FILLER.has(first[from]!) || QUESTION_OPENERS.has(first[from]!))) from++;
  let to = from + 1;
  while (to < first.length && !PHRASE_END.has(first[to]!)) to++;
  // "The part of the invoice amount the patient pays", "Der Teil des Rechnungsbetrags": a part names
  // nothing; the value is the one named after its "of".
  while (to + 1 < first.length && PARTITIVES.has(first[to - 1]!) && OF_WORDS.has(first[to]!)) {
    from = to + 1;
    while (from < first.length && FILLER.has(first[from]!)) from++;
    to = from + 1;
    while (to < first.length && !PHRASE_END.has(first[to]!)) to++;
  }
  // "Number of line items": a phrase may reach past the head ("number of"), so match the whole clause.
  const matches = matchesIn(first, true);
  for (let i = to - 1; i >= from; i--) {
    const match = covering(matches, i, kind);
    if (match) return { head: { match, at: i }, tokens, phrase: first };
    const family = headFamily(first[i]!, kind);
    if (family) return { head: { family, at: i }, tokens, phrase: first };
  }
  // The phrase names something the engine does not know ("Colour of the company logo").
  return { head: { at: from }, tokens, phrase: first };
}

const genericOf = (family: string) => CONCEPTS.find((c) => c.family === family && c.generic === true) ?? null;

/**
 * The most specific concept of a family named anywhere in the given tokens, by words the concept
 * has already does not count ("dated" names a date; it does not make it an effective date).
 */
function specialised(
  family: string,
  tokens: string[],
  kind: FieldKind,
  current: Concept | null,
  skip: (i: number) => boolean = () => false,
  examples = false,
): Concept | null {
  const known = new Set((current?.words ?? []).map((w) => words(w).join(' ')));
  const matches = matchesIn(tokens, true);
  // "Companies or persons" names parties; its "persons" alone does not make them persons.
  const own = matches.filter((m) => m.concept === current);
  const inOwn = (m: Match) => own.some((o) => m.start < o.end && o.start < m.end);
  const found = matches
    .filter(
      (m) =>
        m.concept.family === family &&
        m.concept.specialises === true &&
        m.concept !== current &&
        fits(kind, family) &&
        !skip(m.start) &&
        !inOwn(m) &&
        !known.has(tokens.slice(m.start, m.end).join(' ')),
    )
    .sort(longestFirst);
  // "The headline figure: sum demanded, refund, salary offered or new fee": a description naming
  // several kinds of the value gives examples of it; none of them narrows what it is.
  if (examples && new Set(found.map((m) => m.concept)).size >= 2) return null;
  return found[0]?.concept ?? null;
}

/** "sum demanded, refund, salary offered or new fee": a description listing alternatives, two or more. */
function enumerates(description: string): boolean {
  return (description.match(/,|\/|\s(?:or|oder|ou|o|atau)\s/giu) ?? []).length >= 2;
}

/**
 * "Gross total including tax, before deduction of deposits": what a description names after
 * 'including', 'before', 'less' is part of the value or taken from it, not the value; what it names
 * after 'not' ("nicht Liefer- oder Leistungsdatum") is another value.
 */
function component(tokens: string[]): (i: number) => boolean {
  const at = tokens.findIndex((w) => INCLUSION_WORDS.has(w) || DENIALS.has(w) || BEFORE_AFTER.has(w));
  return (i) => at >= 0 && i > at;
}

/**
 * "avant déduction de l'avance", "antes de impuestos": other languages' "before" and "after", which
 * in a description say what is taken from the value (on a document's label they may say which value
 * it is: "Net à payer avant impôt").
 */
const BEFORE_AFTER = new Set(lexicon.beforeAfterWords.map(canonicalWord));

/**
 * Words that deny what follows them in a description: not "non" of "non-disclosure", nor "no", which
 * the words read as "number" ("Reg. No.").
 */
const DENIALS = new Set(lexicon.negations.filter((w) => w !== 'non' && w !== 'no').map(canonicalWord));

/** An entity named as an owner by a real word, not by a preposition that also labels it ("from"). */
const ownerMatch = (m: Match, tokens: string[]) =>
  m.concept.family === 'entity' && tokens.slice(m.start, m.end).some((w) => !PHRASE_END.has(w));

/** Single words the lexicon knows as a concept or a head, of four letters or more: the ends of compounds. */
const KNOWN_WORDS = new Set(
  [
    ...CONCEPTS.flatMap((c) => c.phrases.filter((p) => p.length === 1).map((p) => p[0]!)),
    ...HEADS.keys(),
  ].filter((w) => w.length >= 4 && !w.includes(' ')),
);

/**
 * "Geschaeftsadresse", "winkeladres": a compound name the lexicon does not know, read as
 * its first part and the known word it ends with (the German linking "s" dropped). A first part of
 * three letters is more often an English prefix than a word ("discount", "recount").
 */
function splitCompounds(tokens: string[]): string[] {
  return tokens.flatMap((raw) => {
    const token = umlautSpelled(raw);
    if (token.length < 8 || KNOWN_WORDS.has(token)) return [token];
    const k = knownEnd(token);
    if (k < 0) return [token];
    const first = token.slice(0, k);
    return [
      canonicalWord(first.length > 4 && first.endsWith('s') ? first.slice(0, -1) : first),
      canonicalWord(token.slice(k)),
    ];
  });
}

/**
 * "warenempfaenger", "anzahl_packstuecke": a name cannot hold "ä", "ö", "ü" and writes them "ae",
 * "oe", "ue"; read so when that makes a word the lexicon knows, alone or as a compound's end.
 */
function umlautSpelled(token: string): string {
  // "steuerbetrag" is "steuer" and "betrag" as written, not "steurbetrag".
  if (KNOWN_WORDS.has(token) || !/ae|oe|ue/.test(token) || knownEnd(token) >= 0) return token;
  const folded = canonicalWord(token.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u'));
  return KNOWN_WORDS.has(folded) || knownEnd(folded) >= 0 ? folded : token;
}

/** Where a compound's known last word starts (four letters at least on each side), or -1. */
function knownEnd(token: string): number {
  for (let k = 4; k <= token.length - 4; k++) {
    const end = canonicalWord(token.slice(k));
    // "ausstellende" (issuing) is a participle, not "ausstell" and "ende"; "versicherungsende" is an end.
    const range = RANGE_STARTS.has(end) || RANGE_ENDS.has(end);
    if (KNOWN_WORDS.has(end) && (!range || token[k - 1] === 's')) return k;
  }
  return -1;
}

export function understand(field: Field): FieldSense {
  // "how_much_tax_is_on_this_receipt", "when_was_this_bought": a name asked as a question is read as
  // a description is, its words before the description's.
  // A question that names nothing known ("what_we_need") leaves the field to its description.
  const tokens = words(field.name);
  if (tokens.length >= 3 && QUESTION_WORDS.has(tokens[0]!)) {
    const asked = understandStated({
      ...field,
      name: '',
      description: `${tokens.join(' ')}; ${field.description}`,
    });
    if (asked.concept || (asked.family && asked.from !== 'type')) return asked;
  }
  return understandStated(field);
}

const QUESTION_WORDS = new Set([
  'how',
  'what',
  'when',
  'who',
  'whom',
  'whose',
  'which',
  'where',
  'did',
  'does',
  'was',
  'were',
]);

/** An enum whose values are kinds of payment ("cash", "card", "other") asks how the payment was made. */
function payingEnum(field: Field): boolean {
  if (field.kind !== 'enum') return false;
  return field.values.filter((v) => PAYMENT_CLASSES.has(words(v).join(' '))).length >= 2;
}
const PAYMENT_CLASSES = new Set(
  Object.keys(payments.classes)
    .filter((k) => !k.startsWith('$'))
    .flatMap(words),
);

function understandStated(field: Field): FieldSense {
  if (payingEnum(field)) {
    const concept = CONCEPTS.find((c) => c.id === 'payment_method')!;
    return { concept, family: concept.family, from: 'description', owner: null, qualifiers: [] };
  }
  const inUnit = durationCountedInUnit(field);
  if (inUnit) return inUnit;
  const kind = field.kind === 'array' ? field.items.kind : field.kind;
  const own = withoutFormat(splitCompounds(words(field.name)));
  const nameMatches = matchesIn(own, true);
  let head = nameHead(own, nameMatches, kind);
  let from: FieldSense['from'] = 'name';
  let headInName = true;
  const described = descriptionHead(field.description, kind);
  if (!head || (!head.match && !head.family)) {
    if (described.head && (described.head.match || described.head.family)) {
      head = described.head;
      // A name that says nothing ("q1", "field_7") leaves its description to speak for it in full.
      from = opaque(own) ? 'name' : 'description';
      headInName = false;
    } else if (FAMILIES_OF_KIND[kind]) {
      // A typed field whose words name nothing known: its type is all the engine has.
      head = { family: [...FAMILIES_OF_KIND[kind]!][0]!, at: -1 };
      from = 'type';
      headInName = false;
    } else head = null;
  } else if (
    head.match?.concept.family === 'entity' &&
    NAME_PREPOSITIONS.has(own.at(-1) ?? '') &&
    described.head?.match &&
    described.head.match.concept.family !== 'entity'
  ) {
    // "ship_to: Ship-to address, one line", "bill_to": a name that is a section's heading says
    // whose the value is; the description says which of its values.
    head = described.head;
    from = 'description';
    headInName = false;
  } else if (!head.match && described.head?.match) {
    // "place", described as "Address of the business": a bare kind word in the name ("place", "sum")
    // says less than a concept the description names. A name of the same kind ("sum" for a total) still named the field: its labels count in full.
    if (described.head.match.concept.family !== head.family) from = 'description';
    head = described.head;
    headInName = false;
  }
  if (!head || (!head.match && !head.family))
    return {
      concept: null,
      family: null,
      from: 'none',
      owner: null,
      qualifiers: unknownWords(own, matchesIn(own, true)),
    };
  // "terms: Payment terms text": a word of the name that two concepts share (a contract's term,
  // payment terms) means the one the description names with that word and more ("qty: Number of
  // units" names no quantity's word: it stays a quantity).
  const nameWordsOfHead = head.match ? own.slice(head.match.start, head.match.end) : [];
  const describedWords = described.head?.match
    ? described.phrase.slice(described.head.match.start, described.head.match.end)
    : [];
  const describedInFull =
    headInName &&
    head.match &&
    described.head?.match &&
    described.head.match.concept !== head.match.concept &&
    describedWords.length > nameWordsOfHead.length &&
    nameWordsOfHead.every((w) => describedWords.includes(w))
      ? described.head.match.concept
      : undefined;
  const settled = describedInFull
    ? nameMatches.find(
        (m) => m.concept === describedInFull && m.start === head!.match!.start && m.end === head!.match!.end,
      )
    : undefined;
  if (settled) head = { ...head, match: settled };
  let concept: Concept | null = head.match?.concept ?? null;
  // "gross: gross pay this period": a name that is only some of the words the description's head
  // says in full is its short form, of the same family.
  if (
    describedInFull &&
    !settled &&
    describedInFull.family === concept?.family &&
    own.length === nameWordsOfHead.length
  )
    concept = describedInFull;
  const family = concept?.family ?? head.family!;
  // "net_amt: net pay": a name's concept read through a kind word ("amount") gives way to another
  // concept of the same family that the description names outright.
  if (
    headInName &&
    head.match &&
    described.head?.match &&
    described.head.match.concept !== concept &&
    described.head.match.concept.family === family &&
    family === 'amount' &&
    own.slice(head.match.start, head.match.end).some((w) => KIND_OF_AMOUNT.has(w)) &&
    // …and says nothing else: "net pay", not "main fee / rent / salary / price".
    described.phrase.filter((w) => !FILLER.has(w)).length ===
      described.head.match.end - described.head.match.start
  )
    concept = described.head.match.concept;
  // "store_name", "Who signs the agreement": a generic head narrowed by a word elsewhere.
  const covered =
    head.match && headInName ? (i: number) => i >= head.match!.start && i < head.match!.end : () => false;
  // "vat_amount", "Security deposit amount": the word right before a generic head says which amount it is.
  if (concept?.generic === true && from !== 'type' && head.match) {
    const start = head.match.start;
    const phraseMatches = headInName ? nameMatches : matchesIn(described.phrase, true);
    const before = phraseMatches
      .filter(
        (m) => m.end === start && m.concept.family === family && m.concept !== concept && fits(kind, family),
      )
      .sort(longestFirst)[0];
    if (before) concept = before.concept;
  }
  // "companies: Every company or person bound by the agreement": a list the description calls the
  // parties is the parties, whatever word for one of them the name uses.
  if (field.kind === 'array' && family === 'entity' && concept?.kind !== 'party') {
    const parties = matchesIn(described.tokens, true).find((m) => m.concept.kind === 'party');
    if (parties) concept = parties.concept;
  }
  // "signatories", "firmantes", "signed_by" as a list: the parties who sign, not one signing person.
  if (field.kind === 'array' && concept?.id === 'signatory')
    concept = CONCEPTS.find((c) => c.id === 'party') ?? concept;
  // A list of parties ("counterparties: Both companies") is not narrowed to one role, seller or buyer.
  const listOfParties = field.kind === 'array' && concept?.kind === 'party';
  if ((!concept || concept.generic === true) && !listOfParties) {
    const narrower =
      specialised(family, own, kind, concept, from === 'name' ? covered : undefined) ??
      (from !== 'type'
        ? specialised(
            family,
            described.tokens,
            kind,
            concept,
            component(described.tokens),
            enumerates(field.description),
          )
        : null);
    // A field known by its type alone ("discount", a double) is not the family's generic concept:
    // it does not borrow the total's labels or its preference for the largest amount.
    concept = narrower ?? concept ?? (from === 'type' ? null : genericOf(family));
  }
  // "date_to", "service_period_from", "valid_until": a date asked for at one end of a range.
  if (
    family === 'date' &&
    (!concept || concept.generic === true || concept.id === 'start_date' || concept.id === 'end_date')
  ) {
    const end = rangeEnd(own);
    if (end) concept = CONCEPTS.find((c) => c.id === end) ?? concept;
  }
  let owner =
    nameMatches.find((m) => ownerMatch(m, own) && m.concept !== concept && !covered(m.start))?.concept ??
    ownerByWord(own, concept) ??
    (concept?.owner ? (CONCEPTS.find((c) => c.id === concept!.owner) ?? null) : null) ??
    (concept?.family !== 'entity'
      ? (matchesIn(described.tokens, false).find((m) => ownerMatch(m, described.tokens))?.concept ?? null)
      : null);
  // "customer_company_name", "purchasingCompanyName": a generic name of a company ("company name")
  // whose owner is another party is that party's name.
  if (concept?.family === 'entity' && owner?.family === 'entity' && owner.kind === concept.kind) {
    concept = owner;
    owner = null;
  }
  // The head's index is the name's only when the name gave it; a name of one word ("net",
  // "placed_at") is the description's short form, not a qualifier of it.
  const content = own.filter((w) => !FILLER.has(w) && !NAME_PREPOSITIONS.has(w) && !DOCUMENT_WORDS.has(w));
  const headAt = headInName ? head.at : content.length === 1 ? own.indexOf(content[0]!) : -1;
  return { concept, family, from, owner, qualifiers: unknownWords(own, matchesIn(own, true), headAt) };
}

/**
 * "notice_period_days", "termMonths", "preavviso_giorni", "Kündigungsfrist in Tagen": a number field
 * whose name ends in a unit of time and whose other words name a duration is that duration, counted
 * in the unit. Other counts of days ("number_of_days", "payment_terms_days") are left to their concepts.
 */
function durationCountedInUnit(field: Field): FieldSense | null {
  if (field.kind !== 'integer' && field.kind !== 'double') return null;
  const tokens = words(field.name);
  // The raw last word too: normalising drops a plural "s" the unit needs ("ans" → "an").
  const unit =
    durationUnitOf(tokens.at(-1) ?? '') ?? durationUnitOf(field.name.split(/[\s_-]+/).at(-1) ?? '');
  if (!unit || tokens.length < 2) return null;
  // "rental_days", "terms_days": a phrase the lexicon knows with its unit names its own concept.
  if (matchesIn(tokens, true).some((m) => m.end === tokens.length && m.end - m.start > 1)) return null;
  const rest = tokens.slice(0, -1).filter((w, i, all) => !(i === all.length - 1 && UNIT_LEADS.has(w)));
  if (rest.length === 0) return null;
  const sense = understandStated({ ...field, kind: 'string', name: rest.join(' ') } as Field);
  return sense.family === 'duration' ? { ...sense, unit } : null;
}

/** "in" of "notice_in_days", "en" of "preavis_en_jours": the word before a unit. */
const UNIT_LEADS = new Set(['in', 'en', 'em', 'dalam']);

/** Inclusion words that also say which of several values a name means: "expires_after", "balance_before". */
const ORDER_WORDS = new Set(['before', 'after', 'plus', 'less', 'minus', 'con', 'avec']);

/** Words of a name the lexicon does not know and that are not its head, fillers or the document's. */
function unknownWords(tokens: string[], matches: Match[], headAt = -1): string[] {
  // "street_and_city": what is joined to the head is part of the same value.
  const joined = (i: number) => i > 1 && CONJUNCTIONS.has(tokens[i - 1]!) && i - 2 === headAt;
  return tokens.filter(
    (w, i) =>
      i !== headAt &&
      !joined(i) &&
      !NAME_PREPOSITIONS.has(w) &&
      !CONJUNCTIONS.has(w) &&
      !FILLER.has(w) &&
      !DOCUMENT_WORDS.has(w) &&
      !NEUTRAL.has(w) &&
      !isCurrencyWord(w) &&
      !HEADS.has(w) &&
      !OWNER_WORDS.has(w) &&
      !RANGE_STARTS.has(w) &&
      !RANGE_ENDS.has(w) &&
      !PARTICLES.has(w) &&
      // "loyer_mensuel_hors_charges": what a name leaves out or includes is not a word a label must say.
      !(INCLUSION_WORDS.has(w) && !ORDER_WORDS.has(w)) &&
      !matches.some((m) => m.start <= i && i < m.end) &&
      /\p{L}{2,}/u.test(w),
  );
}

/** Numbers that identify a party: where the description accepts both, one stands in for the other. */
const IDENTIFYING = new Set(['vat_number', 'company_number']);

/**
 * Other numbers identifying the party that the description accepts besides the field's own concept:
 * "tax or business registration number (VAT/GST/SST number, ABN, company registration number)" takes
 * the company's registration number where no VAT number is printed. A number the description denies
 * ("not the company number") is not one.
 */
export function alternativeConcepts(field: Field, sense: FieldSense): string[] {
  const main = sense.concept;
  if (!main || !IDENTIFYING.has(main.id)) return [];
  const said = words(field.description);
  const denied = (at: number) => said.slice(Math.max(0, at - 3), at).some((w) => DENIALS.has(w));
  const matches = matchesIn(said, false);
  // "GST registration number" is the tax number's own name, not a company's registration number.
  const owns = matches.filter((m) => m.concept.id === main.id);
  const inOwn = (m: Match) => owns.some((o) => o.start < m.end && m.start < o.end);
  const named = matches
    .filter((m) => m.concept.id !== main.id && IDENTIFYING.has(m.concept.id) && !denied(m.start) && !inOwn(m))
    .map((m) => m.concept.id);
  return [...new Set(named)];
}

/** Every phrase that names a concept: "Dated", "Invoice no", "Delivery Note". */
const LABEL_PHRASES = new Set(CONCEPTS.flatMap((c) => c.phrases.map((p) => p.join(' '))));

/** Text that is only a label of some concept: "Dated", "BUYER", "Due date". */
export const isOnlyLabel = (text: string) => LABEL_PHRASES.has(words(text).join(' '));

/** "Date", "Datum", "Fecha": a head that says only what kind of value stands under it. */
export const isKindWordOnly = (text: string) => {
  const said = words(text);
  return said.length > 0 && said.every((w) => HEADS.has(w));
};
