import type { Token } from './document-view.ts';
import type { FieldProfile } from './field-profile.ts';
import { HEAD_FAMILIES, INCLUSION_WORDS, isDocumentWord } from './field-sense.ts';
import { stem } from './field-words.ts';
import { lexicon } from './vocabulary/index.ts';
import { canonicalWord, withinOneEdit, words } from './words.ts';

/** A label's "as at" date between it and its value, set off after it. */
const AT_DATE =
  /^ (?:\p{L}{1,5}\.? )?(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\.? \p{L}{3,9}\.? \d{4})(?:\s*[:.]{1,}\s*| {2,})/u;

/** One more word of a label, then its colon: "insured:" of "Property insured:". */
export const LABEL_TAIL = /^ \p{L}+\s*[:：]/u;

/** A label's last few words, then a leader of dots before the value. */
const LEADER = /^ [^\d:\n]{1,30}?\.{3,}/u;

/** Words for a range's other end, by the concept of one end. */
const OPPOSITE_END = new Map([
  ['start_date', new Set(lexicon.rangeWords.end.map(canonicalWord))],
  ['end_date', new Set(lexicon.rangeWords.start.map(canonicalWord))],
]);
/** Words for a range's own end: "to" after "Claim period from 01/03/2025" says its end is there too. */
const OWN_END = new Map([
  ['start_date', OPPOSITE_END.get('end_date')!],
  ['end_date', OPPOSITE_END.get('start_date')!],
]);

/** What is left of a line after a label when it holds only the value: "379,25 €", ". 21% 79.64 €". */
export const ENDS_IN_VALUE =
  /^[\s:.]*(?:\d{1,2}(?:[.,]\d+)?\s*%\s*)?[-+]?[€$£]?\s*\d[\d.,' ]*\s*(?:€|eur|usd|gbp|chf|\$|£)?\s*$/i;

export interface LabelHit {
  score: number;
  /** Character offsets of the label in its text. */
  start: number;
  end: number;
  /** Index of the label's first token. */
  tokenIndex: number;
}

/**
 * Where a text names the field, and how surely: the field's own name or alias (1.0), a synonym of
 * its concept (0.85), or mostly words of its description (≤ 0.6). A label buried deep in a long
 * sentence is prose, not a label, and counts less.
 */
export function findLabel(
  tokens: Token[],
  profile: FieldProfile,
  text = '',
  ocr = false,
  /** Where the line's columns end, asked only when nothing else sets the label off. */
  columnEnds: () => readonly number[] = () => [],
): LabelHit | null {
  let best: LabelHit | null = null;
  const consider = (score: number, from: number, length: number) => {
    // …unless only its value follows it to the end of the line: a scan's line may run the text of
    // the column beside it into the label ("… proxima revision. Piezas Base imponible 379,25 €").
    const buried =
      from > 6 && tokens.length > 14 && !ENDS_IN_VALUE.test(text.slice(tokens[from + length - 1]!.end))
        ? 0.5
        : 1;
    // A label is set off from its value ("Total:", "Total   54.50", a short line, the end of a
    // column); a word of the label's inside a sentence ("during the term of employment") is only a mention.
    const end = tokens[from + length - 1]!.end;
    const after = text.slice(end);
    const setOff =
      text === '' ||
      // …not a hyphen that joins the label's word to the next ("Brutto/Netto-Bezüge").
      /^\s*[:：#=.–—|°º№]|^\s*-(?!\p{L})|^\s+-|^\t|^ {2,}/u.test(after) ||
      // "Billing Cycle 09/22/2025 - 10/21/2025": a label of two words or more right before a figure.
      (length >= 2 && /^ \d/.test(after)) ||
      // "alter Kontostand vom 31.03.2025   1.250,00", "Balance on 1 February 2025   £412.37": the
      // date the label is stated at, then the value.
      AT_DATE.test(after) ||
      // "Deposit on acceptance (25%) ........  8,190.00": a few more words of the label, then a leader.
      LEADER.test(after.replace(/\([^)]*\)/g, '')) ||
      // "Sales tax (Erie County, NY 8.75%)   $47.43", "VAT (20%):": a remark in brackets, then the gap;
      // "VAT @ 15%   R 1 206,85", "GST 6%  3.49": the rate, then the gap.
      /^\s*\([^()]{1,60}\)(?:\s*[:：=\-–—|]|\t| {2,})/.test(after) ||
      /^\s*(?:@\s*)?\d{1,2}(?:[.,]\d{1,3})?\s?%(?:\s*[:：=\-–—|]|\t| {2,})/.test(after) ||
      tokens.length <= length + 4 ||
      columnEnds().includes(end);
    // "Property insured:   27 Meadow Lane": one more word of the label before its colon.
    const apart = setOff || (from === 0 && LABEL_TAIL.test(after)) ? 1 : 0.65;
    const hit = {
      score: score * buried * apart * (insideValue(from, end) ? 0.3 : 1) * otherEnd(from, length),
      start: tokens[from]!.start,
      end: tokens[from + length - 1]!.end,
      tokenIndex: from,
    };
    if (!best || hit.score > best.score || (hit.score === best.score && hit.start < best.start)) best = hit;
  };
  // "Period Ending:" does not label the period's start, nor "Period Beginning:" its end.
  const opposite = OPPOSITE_END.get(profile.sense.concept?.id ?? '');
  const own = OWN_END.get(profile.sense.concept?.id ?? '');
  // …unless the line goes on to the field's own end: "Claim period from 01/03/2025 to 31/03/2025".
  const otherEnd = (from: number, length: number) =>
    opposite &&
    tokens.slice(from, from + length + 1).some((t) => opposite.has(t.word)) &&
    !tokens.slice(from + length + 1).some((t) => own?.has(t.word))
      ? 0.6
      : 1;
  // "Agent: Whitfield & Co Brokers     Agent ref: …": a word after another label's colon in the same
  // column, with no colon of its own, is part of that label's value. Only where columns part the
  // line: in running text a colon may end a clause.
  const insideValue = (from: number, end: number) => {
    const start = tokens[from]!.start;
    if (text === '' || !/[:：]/.test(text.slice(0, start))) return false;
    const ends = columnEnds();
    if (ends.length === 0) return false;
    const columnStart = Math.max(0, ...ends.filter((e) => e <= start));
    return /[:：]/.test(text.slice(columnStart, start)) && !/^\s*[:：#=]/.test(text.slice(end));
  };
  // "shipment_date": a line that says "date" but not "shipment" names another date.
  const unqualified =
    profile.qualifiers.length > 0 && !tokens.some((t) => profile.qualifiers.includes(t.word)) ? 0.4 : 1;
  const startsColumn = (i: number) =>
    i === 0 || (text !== '' && /\t|\s{2,}|\|/.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start)));
  for (const { entry, at, misread, solid } of phraseMatches(tokens, labelPhrases(profile), ocr)) {
    const { phrase, leading } = entry;
    const scaled =
      entry.weight * (entry.qualified ? 1 : unqualified) * Math.min(1, 0.75 + 0.12 * phrase.length);
    if (solid) {
      consider(scaled, at, 1);
      continue;
    }
    if (leading && !startsColumn(at)) continue;
    // "Subtotaal excl. BTW   400,25": the tax's name qualifies the subtotal; it is not the tax's label.
    // "Quillbase Software, Inc.      Invoice #": not across a gap between columns.
    const qualifying =
      at > 0 &&
      INCLUSION_WORDS.has(tokens[at - 1]!.word) &&
      !INCLUSION_WORDS.has(phrase[0]!) &&
      !startsColumn(at);
    consider((misread ? 0.9 : 1) * (qualifying ? 0.5 : 1) * scaled, at, phrase.length);
  }
  const overlap = leadingLabelOverlap(tokens, text, profile, columnEnds);
  if (overlap && (!best || overlap.score > (best as LabelHit).score))
    consider(overlap.score, overlap.from, overlap.length);
  return best;
}

/** A phrase that names a field, with how surely; `qualified` when it says one of the field's qualifiers. */
interface LabelPhrase {
  phrase: string[];
  weight: number;
  qualified: boolean;
  /** Only as a label of its own, at the start of a column ("Name   Thomas Albright"). */
  leading: boolean;
  /** Its rank among the field's phrases: hits are weighed in this order, so ties fall as they always did. */
  order: number;
}

interface LabelPhrases {
  all: LabelPhrase[];
  /** By first word, and by the phrase set solid ("Kontoinhaber" for "konto inhaber"). */
  byFirst: Map<string, LabelPhrase[]>;
  bySolid: Map<string, LabelPhrase[]>;
}

const labelPhraseCache = new WeakMap<FieldProfile, LabelPhrases>();

/** The field's label phrases, made once per field and indexed, since every line of every page asks. */
function labelPhrases(profile: FieldProfile): LabelPhrases {
  let found = labelPhraseCache.get(profile);
  if (found) return found;
  const ownNames = ownNamesOf(profile);
  const entries: Omit<LabelPhrase, 'order'>[] = [
    ...profile.labels.map((phrase) => ({
      phrase,
      // The field's own name or alias is surest; a synonym of its concept, however much of the name
      // it shares ("date" of invoice_date), less so, so that "Date de facture" beats "Date d'échéance".
      weight: ownNames.has(phrase.join(' ')) ? 1 : synonymWeight(profile),
      qualified: phrase.some((w) => profile.qualifiers.includes(w)),
      leading: false,
    })),
    // A weak label is a label of its own ("Name   Thomas Albright"), not the end of another ("Employer Name").
    ...profile.weakLabels.map((phrase) => ({ phrase, weight: 0.7, qualified: true, leading: true })),
    ...profile.parentLabels.map((phrase) => ({ phrase, weight: 0.75, qualified: true, leading: false })),
  ];
  const all = entries.map((entry, order) => ({ ...entry, order }));
  const byFirst = new Map<string, LabelPhrase[]>();
  const bySolid = new Map<string, LabelPhrase[]>();
  const add = (map: Map<string, LabelPhrase[]>, key: string, entry: LabelPhrase) => {
    const list = map.get(key);
    if (list) list.push(entry);
    else map.set(key, [entry]);
  };
  for (const entry of all) {
    add(byFirst, entry.phrase[0]!, entry);
    if (entry.phrase.length > 1) add(bySolid, entry.phrase.join(''), entry);
  }
  found = { all, byFirst, bySolid };
  labelPhraseCache.set(profile, found);
  return found;
}

interface PhraseMatch {
  entry: LabelPhrase;
  /** Index of the first token matched. */
  at: number;
  /** OCR: a word one edit away stood for the phrase's. */
  misread: boolean;
  /** The phrase set solid as one token. */
  solid: boolean;
}

/**
 * Where the field's phrases stand in the tokens, in phrase order, then their words' order, then the
 * solid form. Exact words are looked up by first word; OCR'd text, where a misread word may stand
 * for a phrase's first, is matched phrase by phrase.
 */
function phraseMatches(tokens: Token[], phrases: LabelPhrases, ocr: boolean): PhraseMatch[] {
  const out: PhraseMatch[] = [];
  const at = (entry: LabelPhrase, i: number) => {
    const { phrase } = entry;
    if (i + phrase.length > tokens.length) return;
    let misread = false;
    for (let j = 0; j < phrase.length; j++) {
      const word = tokens[i + j]!.word;
      if (word === phrase[j]) continue;
      if (!ocr || !oneEditApart(word, phrase[j]!)) return;
      misread = true;
    }
    out.push({ entry, at: i, misread, solid: false });
  };
  if (ocr) {
    for (const entry of phrases.all) for (let i = 0; i < tokens.length; i++) at(entry, i);
  } else {
    tokens.forEach((token, i) => {
      for (const entry of phrases.byFirst.get(token.word) ?? []) at(entry, i);
    });
  }
  tokens.forEach((token, i) => {
    for (const entry of phrases.bySolid.get(token.word) ?? [])
      out.push({ entry, at: i, misread: false, solid: true });
  });
  return out.sort(
    (a, b) => a.entry.order - b.entry.order || Number(a.solid) - Number(b.solid) || a.at - b.at,
  );
}

/** A word that says what kind of value the field is, as its own head does: "charges" for freight_cost. */
function sameKindHead(word: string, profile: FieldProfile): boolean {
  const family = HEAD_FAMILIES.get(word);
  return family !== undefined && family === profile.sense.family && !profile.nameWords.has(word);
}

/** A label of the field's kind word only ("Date"), for a field that is one particular value of that kind, not the document's. */
function namesOnlyTheKind(label: Token[], profile: FieldProfile): boolean {
  const concept = profile.sense.concept;
  if (!concept?.specialises || concept.documentDate) return false;
  return label.every((t) => HEAD_FAMILIES.get(t.word) === profile.sense.family);
}

/**
 * How much a synonym of the field's concept counts beside the field's own name. Less when only the
 * description named the concept: "carrier", described as a "transport company", is named by "Carrier:"
 * more surely than by "Shipper:", a company of another role.
 */
function synonymWeight(profile: FieldProfile): number {
  let weight = synonymWeights.get(profile);
  if (weight === undefined) {
    // "opening", described as the opening balance: a name that shortens one of the concept's own
    // phrases names it too.
    const name = [...profile.nameWords];
    const ofConcept = (profile.sense.concept?.words ?? [])
      .map(words)
      .some((phrase) => phrase.length > name.length && name.every((w) => phrase.includes(w)));
    weight = profile.sense.from === 'description' && !ofConcept ? 0.7 : 0.85;
    synonymWeights.set(profile, weight);
  }
  return weight;
}

const synonymWeights = new WeakMap<FieldProfile, number>();

const FUNCTION_WORDS = new Set(['of', 'the', 'for', 'to', 'a', 'an', 'and', 'by', 'in', 'on', 'at']);

/**
 * "Bill no.: …" for a field named bill_reference: the words before a colon, scored by how many
 * belong to the field's name (fully) or description (partly), and how much of the name they cover.
 * A row of labelled values ("Server: Marisol    Table: 14    Guests: 4") has a label before each
 * colon, from the gap or column end before it.
 */
function leadingLabelOverlap(
  tokens: Token[],
  text: string,
  profile: FieldProfile,
  columnEnds: () => readonly number[],
): { score: number; length: number; from: number } | null {
  const colons = [...text.slice(0, 400).matchAll(/[:：]/g)].map((m) => m.index);
  let best: { score: number; length: number; from: number } | null = null;
  let ends: readonly number[] | undefined;
  colons.forEach((colon, i) => {
    if (i === 0 && (colon < 1 || colon > 60)) return;
    let start = 0;
    if (i > 0) {
      ends ??= columnEnds();
      const gaps = [...text.slice(0, colon).matchAll(/\t|\s{2,}/g)].map((m) => m.index + m[0].length);
      start = Math.max(gaps.at(-1) ?? 0, ...ends.filter((e) => e < colon));
      // Without a gap after the last value, the words before this colon are that value's.
      if (start <= colons[i - 1]!) return;
    }
    const from = tokens.findIndex((t) => t.start >= start && t.end <= colon);
    const found = from < 0 ? null : labelOverlap(tokens, from, colon, profile);
    if (found && (!best || found.score > best.score)) best = { ...found, from };
  });
  return best;
}

function labelOverlap(
  tokens: Token[],
  from: number,
  colon: number,
  profile: FieldProfile,
): { score: number; length: number } | null {
  const words = tokens.slice(from).filter((t) => t.end <= colon);
  // "Statement period:" names period_start: a word naming the document says whose period, not
  // which. Not for a field its own unknown word narrows ("shipment_date" is not the "Order date").
  const neutral = (w: string) =>
    isDocumentWord(w) && profile.qualifiers.length === 0 && !profile.nameWords.has(w);
  const label = words.filter((t) => !FUNCTION_WORDS.has(t.word) && !neutral(t.word));
  if (label.length === 0 || label.length > 6) return null;
  let fromName = 0;
  let fromDescription = 0;
  const solid = solidPairs(profile);
  for (const t of label) {
    if (profile.nameWords.has(t.word)) fromName++;
    // "Policyholder:" for policy_holder_name: two of the name's words set solid.
    else if (solid.has(t.word)) fromName += 2;
    // The head word of the field's kind counts too, a little less: "commencement" is named by
    // "Date:" as effective_date is, so that the answer does not hang on how the field was named.
    else if (profile.conceptWords.has(t.word)) fromName += 0.6;
    else if (
      profile.descriptionWords.has(t.word) ||
      descriptionStems(profile).has(stem(t.word)) ||
      sameKindHead(t.word, profile)
    )
      fromDescription++;
  }
  if (fromName === 0) return null;
  // "Date:" alone is the document's date: it does not name a due or delivery date.
  if (namesOnlyTheKind(label, profile)) return null;
  const precision = (fromName + 0.6 * fromDescription) / label.length;
  const recall = Math.min(1, fromName / Math.max(1, profile.nameWords.size));
  // A word foreign to the field ("issue" in "Date of issue" for a due date) names something else.
  const foreign = fromName + fromDescription < label.length ? 0.7 : 1;
  const score = (0.55 * precision + 0.45 * Math.max(recall, fromDescription > 0 ? 0.5 : 0)) * foreign;
  return { score: Math.min(0.9, score), length: words.length };
}

/**
 * OCR's one-letter damage to a label word of five letters or more: "otal" ("[otal"), "tota1",
 * "Pounding". Shorter words are too easily another word.
 */
export function oneEditApart(a: string, b: string): boolean {
  return b.length >= 5 && a !== b && withinOneEdit(a, b);
}

const stemsCache = new WeakMap<FieldProfile, Set<string>>();

/** The description's words as stems: "Billing period:" is named by a field "First day billed". */
function descriptionStems(profile: FieldProfile): Set<string> {
  let stems = stemsCache.get(profile);
  if (!stems) {
    stems = new Set([...profile.descriptionWords].map(stem));
    stemsCache.set(profile, stems);
  }
  return stems;
}

const solidCache = new WeakMap<FieldProfile, Set<string>>();

/** Each two neighbouring words of the field's name joined: "policyholder" of policy_holder_name. */
function solidPairs(profile: FieldProfile): Set<string> {
  let pairs = solidCache.get(profile);
  if (!pairs) {
    const name = words(profile.field.name);
    pairs = new Set(name.slice(1).map((w, i) => name[i]! + w));
    solidCache.set(profile, pairs);
  }
  return pairs;
}

const ownNamesCache = new WeakMap<FieldProfile, Set<string>>();

/** The field's name and aliases as label phrases. */
function ownNamesOf(profile: FieldProfile): Set<string> {
  let names = ownNamesCache.get(profile);
  if (!names) {
    names = new Set([profile.field.name, ...profile.field.aliases].map((n) => words(n).join(' ')));
    ownNamesCache.set(profile, names);
  }
  return names;
}
