import { setImmediate } from 'node:timers/promises';
import type { BBox, Document } from '../../documents/model.ts';
import type { Field, FieldValue, ObjectField } from '../../fields/field.ts';
import { findNumberSpans, guessTypingHints, type TypingHints } from '../../fields/typing/index.ts';
import type {
  Evidence,
  EvidenceTree,
  ExtractionResult,
  ExtractOptions,
  WeighedValue,
  WeighingEngine,
} from '../engine.ts';
import { dateOrderOfPlace } from '../recognizers/date-order-cues.ts';
import { ibanChecks, withoutCourtesy } from '../recognizers/index.ts';
import { CALIBRATION, type CalibrationTable, calibrate } from './calibrate.ts';
import type { Candidate } from './candidate.ts';
import { issuerOf, letterheadKey } from './document-kind.ts';
import { buildView, type DocumentView } from './document-view.ts';
import { enumValueFor } from './enum-words.ts';
import { type FieldProfile, profileField, standInProfiles } from './field-profile.ts';
import { defaultScorer, type ValueScorer } from './learned/value-scorer.ts';
import { lineItems } from './line-items.ts';
import { ROUTES } from './routes/index.ts';
import { registeredFirm } from './routes/registered-name.ts';
import { type Choice, chooseMany, handChoice, type RankedValue, rank, valueKey } from './select.ts';

interface Found {
  value: FieldValue;
  evidence: EvidenceTree;
}

const NOT_FOUND: Found = { value: null, evidence: { confidence: 0, page: null, text: null } };

/**
 * The offline engine: a careful clerk's reading. Each field gets candidates from labels that name
 * it, table headers, values of its type, sentences that announce it and the page's layout; the best
 * scored one wins, and a field with no convincing candidate stays null.
 */
export class LocalEngine implements WeighingEngine {
  readonly name = 'local';
  readonly #calibration: CalibrationTable;
  /** undefined: the committed model, loaded at the first extraction (so that making one needs none). */
  readonly #scorer: ValueScorer | null | undefined;

  /**
   * `calibration`: raw scores as confidence when empty (the fitting script's view). `scorer`: the
   * learned weighing of the values found (null: the routes' own scores, as before it was learned).
   */
  constructor(options: { calibration?: CalibrationTable; scorer?: ValueScorer | null } = {}) {
    this.#calibration = options.calibration ?? CALIBRATION;
    this.#scorer = options.scorer;
  }

  async extract(
    document: Document,
    fields: Field[],
    options: ExtractOptions = {},
  ): Promise<ExtractionResult> {
    const { view, hints } = readingOf(document);
    const data: Record<string, FieldValue> = {};
    const evidence: Record<string, EvidenceTree> = {};
    for (const field of fields) {
      // Each field in a turn of its own: the event loop answers other requests (and /health)
      // between fields instead of waiting for the whole extraction.
      await setImmediate();
      options.signal?.throwIfAborted();
      const scorer = this.#scorer === undefined ? defaultScorer() : this.#scorer;
      const found = resolve(field, { view, calibration: this.#calibration, scorer }, hints);
      data[field.name] = found.value;
      evidence[field.name] = found.evidence;
    }
    return { data, evidence };
  }

  /**
   * Each scalar field's values as the engine weighed them, likeliest first, at most WEIGHED_MAX: the
   * local candidates hybrid shows the model, and the places a model's answer is grounded against.
   */
  async weigh(document: Document, fields: Field[]): Promise<Record<string, WeighedValue[]>> {
    const { view, hints } = readingOf(document);
    const scorer = this.#scorer === undefined ? defaultScorer() : this.#scorer;
    const out: Record<string, WeighedValue[]> = {};
    for (const field of fields) {
      if (field.kind === 'object' || field.kind === 'array') continue;
      await setImmediate();
      const profile = profileField(field);
      const ranked = valuesFor(view, profile, fieldHints(field, hints), { standIns: true });
      const weighed = scorer
        ? scorer.weigh(view, profile, ranked)
        : ranked.map((c) => ({
            ...c,
            confidence: calibrate(this.#calibration, c.candidate.source, c.candidate.line.ocr, c.score),
          }));
      out[field.name] = weighed.slice(0, WEIGHED_MAX).map((c) => ({
        value: c.candidate.value,
        confidence: c.confidence,
        page: c.candidate.line.page,
        text: c.candidate.text,
        placed: c.members.some(isPlaced),
        boxes: linesOf(view, c.candidate),
      }));
    }
    return out;
  }
}

/**
 * The boxes of the lines a value was read from: its line and, for a value that runs on (an address
 * over two lines), the lines after it on the page whose text the value's text holds.
 */
function linesOf(view: DocumentView, candidate: Candidate): BBox[] {
  const boxes: BBox[] = [];
  const text = candidate.text.replace(/\s+/g, ' ');
  for (let id = candidate.line.id; id < view.lines.length; id++) {
    const line = view.lines[id]!;
    const own = id === candidate.line.id;
    if (!own && (line.page !== candidate.line.page || !text.includes(line.text.replace(/\s+/g, ' ').trim())))
      break;
    if (line.bbox) boxes.push(line.bbox);
  }
  return boxes;
}

/** Values weighed per field that are worth showing: the rest are each less likely than one in twenty. */
const WEIGHED_MAX = 8;

/**
 * A finding that says where the field's value stands: any route but a value's type alone, and a
 * form's pair only where its label says the field's name or one of its phrases.
 */
function isPlaced(c: Candidate): boolean {
  if (c.source === 'type') return false;
  if (c.source === 'pair') return (c.clues?.phrase ?? 0) >= 0.5 || (c.clues?.name ?? 0) >= 0.5;
  return true;
}

/** The document as every field reads it: its view, and how its ambiguous values are read. */
export function readingOf(document: Document): { view: DocumentView; hints: TypingHints } {
  const view = buildView(document);
  const head = view.text.slice(0, 200_000);
  // Dates the document leaves ambiguous (03/07/2024) are read the way its place writes them.
  const hints = {
    ...guessTypingHints(head, dateOrderOfPlace(head)),
    centsAmounts: centsAmounts(view.text),
  };
  return { view, hints };
}

/** One document being read, and how the engine states its confidence. */
interface Reading {
  view: DocumentView;
  calibration: CalibrationTable;
  scorer: ValueScorer | null;
}

function resolve(field: Field, reading: Reading, documentHints: TypingHints, parent?: Field): Found {
  const { view } = reading;
  const hints = fieldHints(field, documentHints);
  if (field.kind === 'object') return resolveObject(field, reading, hints);
  const profile = profileField(field, parent);
  if (field.kind === 'array') {
    if (field.items.kind === 'object') return lineItems(field.items, view, hints);
    const ranked = valuesFor(view, profile, hints, { standIns: false });
    const many = reading.scorer ? reading.scorer.chooseMany(view, profile, ranked) : chooseMany(ranked);
    return {
      value: many.map((c) => c.candidate.value),
      evidence: many.map((c) => evidenceOf(reading, c, profile)),
    };
  }
  const ranked = valuesFor(view, profile, hints, { standIns: true });
  const best = reading.scorer ? reading.scorer.choose(view, profile, ranked) : handChoice(ranked);
  if (best) return { value: best.candidate.value, evidence: evidenceOf(reading, best, profile) };
  return profile.understood ? NOT_FOUND : NOT_UNDERSTOOD;
}

/** A date field's own `date_format` overrides the order the document's place suggests. */
export function fieldHints(field: Field, documentHints: TypingHints): TypingHints {
  return field.kind === 'date' || field.kind === 'datetime'
    ? { ...documentHints, ...(field.dateOrder ? { dateOrder: field.dateOrder } : {}) }
    : documentHints;
}

/**
 * Every value the routes found for a field, grouped (one per value, its findings together) and
 * ranked by the routes' own scores; with `standIns`, after them the values of each concept the
 * description accepts in the field's stead (numbered from 1, in the description's order).
 */
export function valuesFor(
  view: DocumentView,
  profile: FieldProfile,
  hints: TypingHints,
  options: { standIns: boolean },
): RankedValue[] {
  const own: RankedValue[] = rank(candidatesFor(view, profile, hints));
  if (!options.standIns) return own;
  const standIns = standInProfiles(profile).flatMap((standIn, i) =>
    rank(candidatesFor(view, standIn, hints).map((c) => ({ ...c, score: c.score * STAND_IN_WEIGHT }))).map(
      (c) => ({ ...c, standIn: i + 1 }),
    ),
  );
  return [...own, ...standIns];
}

/** A stand-in's findings count for less than the field's own. */
const STAND_IN_WEIGHT = 0.85;

/** Why a field the engine could not interpret is null: it answers such a field only where a label names it. */
const NOT_UNDERSTOOD: Found = {
  value: null,
  evidence: {
    confidence: 0,
    page: null,
    text: null,
    note: 'not found in the document: no label names this field, and its name and description do not say what kind of value it is',
  },
};

export function candidatesFor(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  // What the engine cannot interpret it finds only where the document names it by the field's words.
  const routes = profile.understood ? ROUTES : ROUTES.filter((r) => r.named);
  const found: Candidate[] = [];
  for (const route of routes) found.push(...route.find(view, profile, hints, found));
  if (!profile.understood) return asAllowed(profile, found);
  return notTheWriter(view, profile, plausibleCounts(profile, asAllowed(profile, found))).map((c) =>
    (profile.kind === 'person' || profile.kind === 'party') && typeof c.value === 'string'
      ? { ...c, value: withoutCourtesy(c.value) }
      : c,
  );
}

/** The addressee of a sale is not the firm whose name heads the page, nor the one its registration line names. */
function notTheWriter(view: DocumentView, profile: FieldProfile, candidates: Candidate[]): Candidate[] {
  const addressee = issuerOf(view) === 'seller' ? 'buyer' : 'seller';
  if (profile.sense.concept?.id !== addressee) return candidates;
  const firm = registeredFirm(view);
  const writers = [letterheadKey(view), firm === null ? null : valueKey(firm)].filter((k) => k !== null);
  return writers.length > 0
    ? candidates.filter((c) => typeof c.value !== 'string' || !writers.includes(valueKey(c.value)))
    : candidates;
}

/** A count a document states has a few digits: "Registered … No. 09876543" is a number, not a count. */
const MAX_COUNT = 999_999;

function plausibleCounts(profile: FieldProfile, candidates: Candidate[]): Candidate[] {
  if (!profile.concepts.includes('count')) return candidates;
  return candidates.filter(
    (c) => typeof c.value !== 'number' || (c.value <= MAX_COUNT && !writtenAsMoney(c.value, c.line.text)),
  );
}

/** "Freight 85.00": a number the line prints only with cents or a currency is an amount, never a count. */
function writtenAsMoney(value: number, text: string): boolean {
  const spans = findNumberSpans(text).filter((s) => s.value === value);
  return spans.length > 0 && spans.every((s) => s.currency !== undefined || /[.,]\d{2}$/.test(s.text));
}

/** An enum's answer is one of its values: what a route read is mapped to the value it names, or dropped. */
function asAllowed(profile: FieldProfile, candidates: Candidate[]): Candidate[] {
  const { field } = profile;
  if (field.kind !== 'enum') return candidates;
  return candidates.flatMap((c) => {
    if (typeof c.value === 'string' && field.values.includes(c.value)) return [c];
    const value = enumValueFor(field, String(c.value));
    return value === null ? [] : [{ ...c, value }];
  });
}

function resolveObject(field: ObjectField, reading: Reading, hints: TypingHints): Found {
  const value: Record<string, FieldValue> = {};
  const evidence: Record<string, EvidenceTree> = {};
  for (const p of field.properties) {
    const found = resolve(p, reading, hints, field);
    value[p.name] = found.value;
    evidence[p.name] = found.evidence;
  }
  return { value, evidence };
}

/** The spreadsheet cell of a line's row that holds the value, for evidence by cell. */
function cellOf(view: DocumentView, choice: Choice): string | undefined {
  const { line, value } = choice.candidate;
  if (line.paragraph === undefined) return undefined;
  const cells = view.cells.get(`${line.page}:${line.paragraph}`);
  if (!cells) return undefined;
  const wanted = String(value)
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return (
    cells.find((c) =>
      c.text
        .toUpperCase()
        .replace(/[^\p{L}\p{N}]/gu, '')
        .includes(wanted),
    ) ?? cells.at(-1)
  )?.ref;
}

/** Most a guess may claim: the field's words named nothing the engine knows, or not on the value's line. */
const GUESS = 0.5;

function isGuess(profile: FieldProfile, choice: Choice, view: DocumentView): boolean {
  if (profile.sense.from === 'type') return true;
  if (profile.qualifiers.length === 0) return false;
  const { line } = choice.candidate;
  const near = [line, view.lines[line.id - 1]].flatMap((l) => l?.tokens ?? []);
  return !near.some((t) => profile.qualifiers.includes(t.word));
}

function evidenceOf(reading: Reading, choice: Choice, profile: FieldProfile): Evidence {
  const { line, text } = choice.candidate;
  const cell = choice.candidate.cell ?? cellOf(reading.view, choice);
  const where = cell
    ? { cell }
    : line.bbox
      ? {
          bbox: [line.bbox.x0, line.bbox.y0, line.bbox.x1, line.bbox.y1].map(
            (n) => Math.round(n * 10) / 10,
          ) as [number, number, number, number],
        }
      : line.paragraph !== undefined
        ? { paragraph: line.paragraph }
        : {};
  return {
    confidence: Math.min(
      // The learned scorer states its own calibrated confidence; the routes' scores go through the table.
      'confidence' in choice && typeof choice.confidence === 'number'
        ? choice.confidence
        : calibrate(reading.calibration, choice.candidate.source, line.ocr, choice.score),
      isGuess(profile, choice, reading.view) ? GUESS : 1,
    ),
    page: line.page,
    ...where,
    text,
    source: choice.candidate.source,
    ...(failsItsCheck(profile, choice.candidate.value)
      ? { note: "the IBAN's check digits do not match it (mod 97): printed so, or misread" }
      : {}),
  };
}

/** An IBAN answered as printed although its check digits do not match: the user should know. */
function failsItsCheck(profile: FieldProfile, value: FieldValue): boolean {
  return profile.kind === 'iban' && typeof value === 'string' && !ibanChecks(value);
}

/** Whether (nearly) every amount with decimals in the text has exactly two: a currency document. */
function centsAmounts(text: string): boolean {
  const decimals = findNumberSpans(text.slice(0, 50_000))
    .filter((s) => s.amount)
    .map((s) => s.text.match(/[.,](\d+)$/)?.[1]?.length ?? 0)
    .filter((n) => n > 0);
  return decimals.length >= 5 && decimals.filter((n) => n === 2).length / decimals.length >= 0.8;
}
