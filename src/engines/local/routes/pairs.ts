import { findDateSpans, type TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate, PairClues } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { CONCEPTS, HEAD_FAMILIES, isDocumentWord } from '../field-sense.ts';
import { columnsOfLine } from '../line-columns.ts';
import { readValue } from '../read-value.ts';
import { lexicon } from '../vocabulary/index.ts';
import { canonicalWord, words } from '../words.ts';

/**
 * Every "label, value" pair a form lays out, whatever the label says: a short text and what stands
 * right of it in the next column ("Advertiser   Michael Bloomberg 2020, Inc"), after its colon
 * ("Order #: 950658"), or under it in the next line ("Flight Dates" over "12/30/19 - 03/29/20").
 * Found once per document; each field then takes the pairs whose label shares words with what it
 * asks, and the scorer weighs how much they share. The routes' own scores never choose such a
 * value alone: its clues are for the learned scorer.
 */
interface Pair {
  /** The label's words, canonical. */
  label: string[];
  value: string;
  line: ViewLine;
  below: boolean;
  /** The label names a number or a code ("Contract #", "Order No", "Reference"). */
  idLabel: boolean;
  /** The label and the cell right of it both stand over cells of one row beneath: a row of column heads. */
  headRow: boolean;
  /** How far the value stands from its label, in the label's heights (0 in the label's own cell). */
  gap: number;
}

const COLON = /^([^:：]{1,40})[:：]\s*(\S.*)$/u;
/** A label ending in a number sign, its value after it in the same cell: "Invoice # 2291", "PO# A-17". */
const NUMBER_SIGN = /^([^#№]{1,40}[#№])\s*(\S.*)$/u;

/** A label is a few words; more is a sentence. */
const MAX_LABEL_WORDS = 5;
const MAX_LABEL_CHARS = 40;
/** A value read from a pair is a cell, not a paragraph. */
const MAX_VALUE_CHARS = 120;

const pairsCache = new WeakMap<DocumentView, Pair[]>();
const labelTextsCache = new WeakMap<DocumentView, Set<string>>();

/** The texts (letters and digits, upper case) of the cells that say they are labels (a colon, a number sign). */
export function labelTexts(view: DocumentView): Set<string> {
  documentPairs(view);
  return labelTextsCache.get(view) ?? new Set();
}

/** A column of a line, placed on its page (x from the cell, y from its line). */
interface PlacedCell {
  text: string;
  line: ViewLine;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Its index among its line's cells. */
  index: number;
}

export function documentPairs(view: DocumentView): Pair[] {
  let pairs = pairsCache.get(view);
  if (pairs) return pairs;
  pairs = [];
  const heads = new Set<string>();
  const byPage = new Map<number, PlacedCell[]>();
  for (const line of view.lines) {
    const columns = columnsOfLine(line);
    const cells = columns ?? [
      { text: line.text, x0: line.bbox?.x0 ?? 0, x1: line.bbox?.x1 ?? line.text.length },
    ];
    const placed = cells.map((cell, index) => ({
      text: cell.text,
      line,
      x0: cell.x0,
      x1: cell.x1,
      // Without geometry (text files) a line is one unit high and lines stack in reading order.
      y0: line.bbox?.y0 ?? line.id,
      y1: line.bbox?.y1 ?? line.id + 1,
      index,
    }));
    const page = byPage.get(line.page) ?? [];
    page.push(...placed);
    byPage.set(line.page, page);
  }
  for (const cells of byPage.values()) {
    for (const cell of cells) {
      // "Order #: 950658", and "Contract # 4251728" printed as one cell: the sign ends the label.
      const inCell = COLON.exec(cell.text) ?? NUMBER_SIGN.exec(cell.text);
      if (inCell && isLabel(inCell[1]!)) {
        const label = words(inCell[1]!);
        pairs.push({
          label,
          value: inCell[2]!.trim(),
          line: cell.line,
          below: false,
          idLabel: isIdLabel(label),
          headRow: false,
          gap: 0,
        });
        heads.add(keyOf(inCell[1]!));
        continue;
      }
      if (!isLabel(cell.text)) continue;
      const label = words(cell.text);
      const idLabel = isIdLabel(label);
      const right = nearestRight(cell, cells);
      const under = nearestBelow(cell, cells);
      // "Advertiser   Original Date / Revision" over "POL/One Nation PAC   03/16/20 / 03/27/20": the
      // cell beside the label is the next column's head, and the label's value is under it.
      const rightUnder = right && nearestBelow(right, cells);
      const headRow = under !== undefined && rightUnder !== undefined && under.line === rightUnder.line;
      const height = Math.max(cell.y1 - cell.y0, 1e-3);
      if (right) {
        const gap = Math.max(0, right.x0 - cell.x1) / height;
        pairs.push({ label, value: right.text, line: right.line, below: false, idLabel, headRow, gap });
      }
      if (under) {
        const gap = Math.max(0, under.y0 - cell.y1) / height;
        pairs.push({ label, value: under.text, line: under.line, below: true, idLabel, headRow, gap });
      }
      // A cell that ends in a colon or a number sign is a label whatever stands by it.
      if (/[:：#№]\s*$/u.test(cell.text)) heads.add(keyOf(cell.text));
    }
  }
  pairs = pairs.filter((p) => p.label.length > 0 && p.value.length <= MAX_VALUE_CHARS);
  pairsCache.set(view, pairs);
  labelTextsCache.set(view, heads);
  return pairs;
}

/** The cell right of a label on its row: the same line's next column, or the nearest cell level with it. */
function nearestRight(label: PlacedCell, cells: PlacedCell[]): PlacedCell | undefined {
  const height = label.y1 - label.y0;
  const middle = (label.y0 + label.y1) / 2;
  let best: PlacedCell | undefined;
  for (const c of cells) {
    if (c === label || c.x0 < label.x1 - 0.1 * height) continue;
    if (Math.abs((c.y0 + c.y1) / 2 - middle) > 0.6 * height) continue;
    if (!best || c.x0 < best.x0) best = c;
  }
  return best;
}

/** The cell under a label: overlapping it across, within three lines down, the nearest. */
function nearestBelow(label: PlacedCell, cells: PlacedCell[]): PlacedCell | undefined {
  const height = label.y1 - label.y0;
  let best: PlacedCell | undefined;
  for (const c of cells) {
    if (c === label || c.y0 < label.y1 - 0.3 * height || c.y0 - label.y1 > 3 * height) continue;
    if (c.x1 <= label.x0 || c.x0 >= label.x1) continue;
    if (!best || c.y0 < best.y0) best = c;
  }
  return best;
}

const keyOf = (text: string) =>
  text
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '');

function isLabel(text: string): boolean {
  const t = text.trim().replace(/[:：#№]+$/u, '');
  if (t.length === 0 || t.length > MAX_LABEL_CHARS || !/^\p{L}/u.test(t)) return false;
  const n = t.split(/\s+/).length;
  return n <= MAX_LABEL_WORDS && (t.match(/\d/g)?.length ?? 0) <= 2;
}

/** Words that make a label name a number or a code: "#", "No", "Reference", "ID". */
const ID_WORDS = new Set([...HEAD_FAMILIES].filter(([, family]) => family === 'identifier').map(([w]) => w));

function isIdLabel(label: string[]): boolean {
  return label.some((w) => ID_WORDS.has(w));
}

/** The word a label is about, beside its number sign: "contract" of "Contract #", "agency" of "Agency Order #". */
function headOf(label: string[]): string | undefined {
  return label.find((w) => !ID_WORDS.has(w) && w.length >= 3);
}

/** A label that names a number, or the document itself ("Contract / Revision"): its value may be the document's own reference. */
const namesReference = (pair: Pair) => {
  const head = headOf(pair.label);
  return pair.idLabel || (head !== undefined && isDocumentWord(head));
};

/**
 * How often the document says each reference label's head word, and where that stands among the
 * heads of its reference labels: a document's own number is labelled with what it mostly talks of
 * (a contract's "Contract #"), another party's with a rarer word ("Agency Order #").
 */
interface HeadStats {
  perPage: Map<string, number>;
  rank: Map<string, number>;
}

const headStatsCache = new WeakMap<DocumentView, HeadStats>();

function headStats(view: DocumentView): HeadStats {
  let stats = headStatsCache.get(view);
  if (stats) return stats;
  const heads = new Set<string>();
  for (const pair of documentPairs(view)) {
    const head = headOf(pair.label);
    if (head && namesReference(pair)) heads.add(head);
  }
  const counts = new Map<string, number>([...heads].map((h) => [h, 0]));
  for (const line of view.lines) {
    for (const token of line.tokens) {
      const n = counts.get(token.word);
      if (n !== undefined) counts.set(token.word, n + 1);
    }
  }
  const pages = Math.max(1, view.pageCount);
  const perPage = new Map([...counts].map(([h, n]) => [h, Math.min(30, n / pages)]));
  const rank = new Map([...counts].map(([h, n]) => [h, [...counts.values()].filter((o) => o > n).length]));
  stats = { perPage, rank };
  headStatsCache.set(view, stats);
  return stats;
}

/** Words that ask for a range's start or its end (date_from, valid_until, "First air date"). */
const START_WORDS = new Set([...lexicon.rangeWords.start, 'first', 'begin', 'commence'].map(canonicalWord));
const END_WORDS = new Set([...lexicon.rangeWords.end, 'last', 'stop', 'expiry', 'expire'].map(canonicalWord));

/** Which end of a range the field asks for: 1 its start, 2 its end, 0 neither. */
export function asksRangeSide(profile: FieldProfile): number {
  const asked = [...profile.nameWords, ...profile.descriptionWords];
  if (asked.some((w) => END_WORDS.has(w))) return 2;
  if (asked.some((w) => START_WORDS.has(w))) return 1;
  return 0;
}

const share = (of: string[], present: Set<string>) =>
  of.length === 0 ? 0 : of.filter((w) => present.has(w)).length / of.length;

/** Every concept's phrases but the field's own: a label that says one names another value. */
const otherPhrases = (profile: FieldProfile) =>
  CONCEPTS.filter((c) => !profile.concepts.includes(c.id)).flatMap((c) => c.phrases);

/** How a pair's label meets the field: the scorer's clues. */
function cluesOf(profile: FieldProfile, pair: Pair, stats: HeadStats, rangeAt: number): PairClues {
  const { label, below } = pair;
  const labelSet = new Set(label);
  const head = headOf(label);
  const reference = namesReference(pair) && head !== undefined;
  const fieldWords = new Set([...profile.nameWords, ...profile.descriptionWords, ...profile.labels.flat()]);
  let phrase = 0;
  for (const l of profile.labels) {
    const s = share(l, labelSet);
    if (s > phrase) phrase = s;
  }
  // Another concept's phrase in the label speaks against it, unless the field's own words say it too
  // ("Contract, order or invoice number" accepts an "Invoice #").
  let other = 0;
  for (const l of otherPhrases(profile)) {
    if (l.length > 1 || label.length === 1) {
      if (share(l, labelSet) < 1 || l.every((w) => fieldWords.has(w))) continue;
      other = Math.max(other, l.length / Math.max(label.length, 1));
    }
  }
  return {
    name: share([...profile.nameWords], labelSet),
    phrase,
    description: share([...profile.descriptionWords], labelSet),
    covered: share(label, fieldWords),
    other: Math.min(1, other),
    below: below ? 1 : 0,
    labelWords: label.length,
    rangeAt,
    idLabel: pair.idLabel ? 1 : 0,
    headRow: pair.headRow ? 1 : 0,
    headMentions: reference ? (stats.perPage.get(head) ?? 0) : -1,
    headRank: reference ? Math.min(10, stats.rank.get(head) ?? 10) : -1,
    headDocument: reference ? (isDocumentWord(head) ? 1 : 0) : -1,
    gap: Math.min(pair.gap, 50),
  };
}

export function pairCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const field = profile.field.kind === 'array' ? profile.field.items : profile.field;
  if (field.kind === 'object' || field.kind === 'array' || field.kind === 'boolean') return [];
  const fieldWords = new Set([...profile.nameWords, ...profile.descriptionWords, ...profile.labels.flat()]);
  // A reference field may be worded apart from its label ("order_number" of a "Contract #"): every
  // label that names a number or the document offers its value, and the scorer weighs the heads.
  const reference = profile.sense.family === 'identifier' && field.kind === 'string';
  const stats = headStats(view);
  const out: Candidate[] = [];
  for (const pair of documentPairs(view)) {
    if (!pair.label.some((w) => fieldWords.has(w)) && !(reference && namesReference(pair))) continue;
    if (field.kind === 'date' || field.kind === 'datetime') {
      const order = field.kind === 'date' && field.dateOrder ? field.dateOrder : hints.dateOrder;
      const dates = findDateSpans(pair.value, order ? { order } : {});
      dates.slice(0, 2).forEach((d, i) => {
        const clues = cluesOf(profile, pair, stats, dates.length > 1 ? i + 1 : 0);
        out.push(candidate(pair, d.value, clues));
      });
      continue;
    }
    const read = readValue(profile, pair.value, hints, pair.line.ocr);
    if (!read || read.start > 3) continue;
    out.push(candidate(pair, read.value, cluesOf(profile, pair, stats, 0)));
  }
  return out;
}

function candidate(pair: Pair, value: Candidate['value'], clues: PairClues): Candidate {
  return {
    value,
    score: Math.max(clues.name, clues.phrase, clues.description) * (1 - 0.5 * clues.other),
    source: 'pair',
    line: pair.line,
    text: pair.line.text,
    clues,
  };
}
