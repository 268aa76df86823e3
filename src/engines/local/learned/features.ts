import { findNumberSpans } from '../../../fields/typing/index.ts';
import type { CandidateSource, PairClues } from '../candidate.ts';
import { type DocumentView, tokenise, type ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { CONCEPTS } from '../field-sense.ts';
import { asksRangeSide, labelTexts } from '../routes/pairs.ts';
import { handChoice, passes, type RankedValue, valueKey } from '../select.ts';

/**
 * What the scorer knows of one value of one field: how the routes found it (their hand scores stay
 * as clues), where it stands, what it looks like beside the document's other values of its kind,
 * and what the field asks. Nothing names a corpus or a layout: a model that weighs these clues on
 * some kinds of documents has to weigh them the same on a kind it never saw.
 */
export const FEATURE_NAMES = [
  'score_best',
  'score_label',
  'score_table',
  'score_prose',
  'score_type',
  'score_layout',
  'score_arithmetic',
  'score_signature',
  'findings',
  'routes',
  'hand_rank',
  'hand_gap',
  'hand_choice',
  'hand_passes',
  'stand_in',
  'page',
  'page_share',
  'y',
  'line_share',
  'first_mention_share',
  'mentions',
  'chars',
  'value_words',
  'digit_share',
  'upper_share',
  'label_words_in_value',
  'number_rank',
  'number_to_max',
  'numbers_equal',
  'date_rank',
  'dates',
  'ocr',
  'ocr_confidence',
  'line_words',
  'label_on_line',
  'label_above',
  'name_on_line',
  'name_above',
  'description_on_line',
  'description_above',
  'value_starts_line',
  'field_kind',
  'value_kind',
  'family',
  'sense_from',
  'prefer_largest',
  'position_top',
  'position_bottom',
  'document_date',
  'qualifiers',
  'pages',
  'groups',
  'pair_score',
  'pair_name',
  'pair_phrase',
  'pair_description',
  'pair_covered',
  'pair_other',
  'pair_below',
  'pair_label_words',
  'pair_range_at',
  'pairs',
  'asks_range_side',
  'range_side',
  'value_is_label',
  'pair_rank',
  'label_rank',
  'type_rank',
  'prose_rank',
  'layout_rank',
  'table_rank',
  'score_rank',
  'score_gap',
  'own_name',
  'pair_id_label',
  'pair_head_mentions',
  'pair_head_rank',
  'pair_head_row',
  'pair_head_document',
  'pair_gap',
  'is_none',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

const SOURCES: CandidateSource[] = ['label', 'table', 'prose', 'type', 'layout', 'arithmetic', 'signature'];
const NO_PAIR: PairClues = {
  name: -1,
  phrase: -1,
  description: -1,
  covered: -1,
  other: -1,
  below: -1,
  labelWords: -1,
  rangeAt: -1,
  idLabel: -1,
  headRow: -1,
  headMentions: -1,
  headRank: -1,
  headDocument: -1,
  gap: -1,
};

/** Categories as stable small codes; trees split on them as on any number. */
const FIELD_KINDS = ['string', 'double', 'integer', 'boolean', 'date', 'datetime', 'enum', 'array', 'object'];
const VALUE_KINDS = [
  'text',
  'title',
  'time',
  'organization',
  'person',
  'location',
  'duration',
  'email',
  'phone',
  'url',
  'iban',
  'vat',
  'postal_address',
  'party',
  'currency',
  'payment',
];
const FAMILIES = [
  ...new Set(CONCEPTS.map((c) => (c as { family?: string }).family ?? '').filter(Boolean)),
].sort();
const SENSES = ['none', 'type', 'description', 'name'];

const code = (list: readonly string[], value: string | null | undefined) =>
  value == null ? -1 : list.indexOf(value);

/** Words that name values in the lexicon: a value made of them is a label read as a value. */
const LABEL_WORDS = new Set(CONCEPTS.flatMap((c) => c.phrases.flat()));

/** What one document offers every field: computed once per document, read per candidate. */
export interface DocumentFacts {
  /** The document's text, letters and digits only, upper case: where a value's mentions are counted. */
  keyText: string;
  /** Every amount printed, largest first. */
  amounts: number[];
}

const factsCache = new WeakMap<DocumentView, DocumentFacts>();

export function documentFacts(view: DocumentView): DocumentFacts {
  let facts = factsCache.get(view);
  if (!facts) {
    const head = view.text.slice(0, 200_000);
    facts = {
      keyText: valueKey(head),
      amounts: findNumberSpans(head)
        .filter((s) => s.amount)
        .map((s) => Math.abs(s.value))
        .sort((a, b) => b - a),
    };
    factsCache.set(view, facts);
  }
  return facts;
}

function countOf(haystack: string, needle: string, most = 20): number {
  if (needle.length === 0) return 0;
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0 && n < most; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
}

function share(words: Iterable<string>, present: Set<string>): number {
  let all = 0;
  let found = 0;
  for (const w of words) {
    all++;
    if (present.has(w)) found++;
  }
  return all === 0 ? 0 : found / all;
}

function bestLabelShare(labels: string[][], present: Set<string>): number {
  let best = 0;
  for (const label of labels) best = Math.max(best, share(label, present));
  return best;
}

const lineWords = (line: ViewLine | undefined) => new Set(line?.tokens.map((t) => t.word) ?? []);

/** What the field is and what it was offered: the same in every row of a field, and in its "none" row. */
function fieldFeatures(view: DocumentView, profile: FieldProfile, ranked: RankedValue[]) {
  const { field } = profile;
  const kind = field.kind === 'array' ? field.items.kind : field.kind;
  return {
    field_kind: code(FIELD_KINDS, kind),
    value_kind: code(VALUE_KINDS, profile.kind),
    family: code(FAMILIES, profile.sense.family),
    sense_from: code(SENSES, profile.sense.from),
    prefer_largest: profile.preferLargest ? 1 : 0,
    position_top: profile.position === 'top' ? 1 : 0,
    position_bottom: profile.position === 'bottom' ? 1 : 0,
    document_date: profile.documentDate ? 1 : 0,
    qualifiers: profile.qualifiers.length,
    pages: Math.min(view.pageCount, 50),
    groups: Math.min(ranked.length, 100),
    asks_range_side: asksRangeSide(profile),
  } satisfies Partial<Record<FeatureName, number>>;
}

/**
 * The row that stands for answering null: the field's own features, every value's features at −2.
 * It competes with the values in the field's softmax, so that "none of these is the answer" is
 * learned as one more choice, from the same corpora.
 */
export function noneRow(view: DocumentView, profile: FieldProfile, ranked: RankedValue[]): number[] {
  const own: Partial<Record<FeatureName, number>> = { ...fieldFeatures(view, profile, ranked), is_none: 1 };
  return FEATURE_NAMES.map((name) => own[name] ?? -2);
}

/** The feature rows of a field's ranked values (rank() of select.ts), in their order. */
export function featureRows(view: DocumentView, profile: FieldProfile, ranked: RankedValue[]): number[][] {
  const facts = documentFacts(view);
  const fieldPart = fieldFeatures(view, profile, ranked);
  const best = ranked[0]?.score ?? 0;
  const handChoice = handChoiceIndex(ranked);
  const dates = [
    ...new Set(ranked.map((c) => c.candidate.value).filter((v): v is string => isIsoDate(v))),
  ].sort();
  const lineCount = Math.max(1, view.lines.length);
  const rangeSide = fieldPart.asks_range_side;
  const labels = labelTexts(view);
  // Where each value stands among the field's values by one route's score: trees see one row at a
  // time, and "the best-labelled value of the field" is a clue no single score carries.
  const rankBy = (source: CandidateSource) => {
    const best = ranked.map((c) =>
      Math.max(-1, ...c.members.filter((m) => m.source === source).map((m) => m.score)),
    );
    return best.map((b) => (b < 0 ? -1 : Math.min(20, best.filter((o) => o > b).length)));
  };
  const pairRanks = rankBy('pair');
  const labelRanks = rankBy('label');
  const typeRanks = rankBy('type');
  const proseRanks = rankBy('prose');
  const layoutRanks = rankBy('layout');
  const tableRanks = rankBy('table');
  const bestScores = ranked.map((c) => c.candidate.score);
  const topScore = Math.max(0, ...bestScores);
  return ranked.map((choice, rank) => {
    const { candidate } = choice;
    const { line } = candidate;
    const value = candidate.value;
    const text = typeof value === 'string' ? value : String(value);
    const key = valueKey(value);
    const bySource = SOURCES.map((s) =>
      Math.max(0, ...choice.members.filter((m) => m.source === s).map((m) => m.score)),
    );
    const routes = new Set(choice.members.filter((m) => m.source !== 'type').map((m) => m.source)).size;
    const firstMention = key.length >= 2 ? facts.keyText.indexOf(key) : -1;
    const here = lineWords(line);
    const above = lineWords(view.lines[line.id - 1]);
    const valueTokens = tokenise(text).map((t) => t.word);
    const numeric = typeof value === 'number' ? Math.abs(value) : undefined;
    // How many printed amounts are larger: 0 for the largest.
    const larger = numeric === undefined ? -1 : facts.amounts.findIndex((a) => a <= numeric + 0.005);
    const maxAmount = facts.amounts[0] ?? 0;
    const at = line.text.toUpperCase().indexOf(text.toUpperCase().slice(0, 6));
    const pairs = choice.members.filter((m) => m.source === 'pair');
    const pair = pairs.reduce<(typeof pairs)[number] | undefined>(
      (a, b) => (!a || b.score > a.score ? b : a),
      undefined,
    );
    const clues = pair?.clues ?? NO_PAIR;
    const row: Record<FeatureName, number> = {
      ...fieldPart,
      score_best: candidate.score,
      score_label: bySource[0]!,
      score_table: bySource[1]!,
      score_prose: bySource[2]!,
      score_type: bySource[3]!,
      score_layout: bySource[4]!,
      score_arithmetic: bySource[5]!,
      score_signature: bySource[6]!,
      findings: Math.min(choice.members.length, 20),
      routes,
      hand_rank: Math.min(rank, 20),
      hand_gap: best - choice.score,
      hand_choice: rank === handChoice ? 1 : 0,
      hand_passes: passes(choice) ? 1 : 0,
      stand_in: choice.standIn ?? 0,
      page: Math.min(line.page - 1, 20),
      page_share: view.pageCount <= 1 ? 0 : (line.page - 1) / (view.pageCount - 1),
      y: line.y,
      line_share: line.id / lineCount,
      first_mention_share: firstMention < 0 ? -1 : firstMention / Math.max(1, facts.keyText.length),
      mentions: countOf(facts.keyText, key),
      chars: Math.min(text.length, 200),
      value_words: Math.min(valueTokens.length, 40),
      digit_share: text.length === 0 ? 0 : (text.match(/\d/g)?.length ?? 0) / text.length,
      upper_share: letterShare(text),
      label_words_in_value: share(valueTokens, LABEL_WORDS),
      number_rank: numeric === undefined ? -1 : larger < 0 ? facts.amounts.length : larger,
      number_to_max: numeric === undefined || maxAmount === 0 ? -1 : Math.min(2, numeric / maxAmount),
      numbers_equal:
        numeric === undefined ? -1 : facts.amounts.filter((a) => Math.abs(a - numeric) < 0.005).length,
      date_rank: isIsoDate(value) && dates.length > 1 ? dates.indexOf(value) / (dates.length - 1) : -1,
      dates: dates.length,
      ocr: line.ocr ? 1 : 0,
      ocr_confidence: line.confidence,
      line_words: Math.min(line.tokens.length, 60),
      label_on_line: bestLabelShare(profile.labels, here),
      label_above: bestLabelShare(profile.labels, above),
      name_on_line: share(profile.nameWords, here),
      name_above: share(profile.nameWords, above),
      description_on_line: share(profile.descriptionWords, here),
      description_above: share(profile.descriptionWords, above),
      value_starts_line: at < 0 ? -1 : at === 0 ? 1 : 0,
      pair_score: pair?.score ?? -1,
      pair_name: clues.name,
      pair_phrase: clues.phrase,
      pair_description: clues.description,
      pair_covered: clues.covered,
      pair_other: clues.other,
      pair_below: clues.below,
      pair_label_words: clues.labelWords,
      pair_range_at: clues.rangeAt,
      pairs: Math.min(pairs.length, 20),
      range_side: rangeSideOf(pairs, rangeSide),
      value_is_label: labels.has(key) ? 1 : 0,
      pair_rank: pairRanks[rank]!,
      label_rank: labelRanks[rank]!,
      type_rank: typeRanks[rank]!,
      prose_rank: proseRanks[rank]!,
      layout_rank: layoutRanks[rank]!,
      table_rank: tableRanks[rank]!,
      score_rank: Math.min(20, bestScores.filter((o) => o > candidate.score).length),
      score_gap: topScore - candidate.score,
      own_name: pairs.some((m) => isOwnName(m.clues)) ? 1 : 0,
      pair_id_label: clues.idLabel,
      pair_head_mentions: clues.headMentions,
      pair_head_rank: clues.headRank,
      pair_head_row: clues.headRow,
      pair_head_document: clues.headDocument,
      pair_gap: clues.gap,
      is_none: 0,
    };
    return FEATURE_NAMES.map((name) => row[name]);
  });
}

/** Where the routes' own choice stands among the ranked values, −1 when they answer null. */
function handChoiceIndex(ranked: RankedValue[]): number {
  const chosen = handChoice(ranked);
  return chosen ? ranked.indexOf(chosen) : -1;
}

/**
 * A label on the value's own line that says the field's own name, no more and no less ("Supplier:
 * Northwind …" for supplier, "Invoice #  2291" for invoice_number). A cell under a label is not
 * counted: in a grid it is as often the next label as the value.
 */
export function isOwnName(clues: PairClues | undefined): boolean {
  return clues !== undefined && clues.name === 1 && clues.covered === 1 && clues.below === 0;
}

/** 1 when a pair reads the value as the end of a range the field asks for, −1 as the other end, 0 neither. */
function rangeSideOf(pairs: { clues?: PairClues }[], asked: number): number {
  const sides = new Set(pairs.map((p) => p.clues?.rangeAt ?? 0).filter((side) => side > 0));
  if (asked === 0 || sides.size === 0) return 0;
  if (sides.has(asked)) return 1;
  return -1;
}

function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
}

function letterShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return -1;
  return (text.match(/\p{Lu}/gu)?.length ?? 0) / letters;
}
