import { findDateSpans, findNumberSpans, parseInteger, type TypingHints } from '../../fields/typing/index.ts';
import { findPostalAddresses, NOT_IN_NAME } from '../recognizers/index.ts';
import type { Candidate } from './candidate.ts';
import { type DocumentView, lineAt, tokenise, type ViewLine } from './document-view.ts';
import { conceptPhrases, containsPhrase, type FieldProfile, profileField } from './field-profile.ts';
import { findLabel, type LabelHit } from './label-match.ts';
import lexicon from './lexicon.json' with { type: 'json' };
import { repairAddressWords, repairNameWords } from './ocr-text.ts';
import { amountLike, ocrCents, type ReadHints, type ReadValue, readValue, recognize } from './read-value.ts';
import { MIN_SCORE } from './select.ts';
import { canonicalWord } from './words.ts';

const hitsCache = new WeakMap<DocumentView, WeakMap<FieldProfile, (LabelHit | null | undefined)[]>>();

/** Where a line names the field: found once per line, field and document, read by several routes. */
function labelHit(view: DocumentView, profile: FieldProfile, line: ViewLine): LabelHit | null {
  let byProfile = hitsCache.get(view);
  if (!byProfile) {
    byProfile = new WeakMap();
    hitsCache.set(view, byProfile);
  }
  let hits = byProfile.get(profile);
  if (!hits) {
    hits = [];
    byProfile.set(profile, hits);
  }
  // null (no label here) is a result too; only undefined is "not looked at yet".
  if (hits[line.id] === undefined) hits[line.id] = findLabel(line.tokens, profile, line.text, line.ocr);
  return hits[line.id] ?? null;
}

/** "/s/ Patrick J. Mahaffy": a conformed signature. */
const CONFORMED = /(^|\s)\/s\/\s*(.+?)\s*$/i;
/** What makes a signature someone's act for a company: "By: /s/ …", then "Title: CEO" or "President". */
const SIGNED_BY = /\bby\s*:?\s*\/s\/|^\s*by\s*:?\s*$/i;
const TITLED =
  /^\s*(title|its|name\s+and\s+title)\s*:|\b(president|officer|ceo|cfo|chairman|director|secretary|treasurer|manager|partner|counsel)\b/i;

/**
 * A person who signs for themselves is a party: a conformed signature ("/s/ Patrick J. Mahaffy") that
 * is not made "By:" someone for a company, with no title beside it.
 */
export function signatureCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.kind !== 'party' && profile.kind !== 'person') return [];
  const out: Candidate[] = [];
  view.lines.forEach((line, i) => {
    const signed = CONFORMED.exec(line.text)?.[2];
    if (!signed) return;
    const before = view.lines[i - 1]?.text ?? '';
    if (SIGNED_BY.test(line.text) || SIGNED_BY.test(before)) return;
    if (view.lines.slice(i + 1, i + 3).some((l) => TITLED.test(l.text))) return;
    const person = recognize('person', signed)[0];
    if (!person || person.start > 0) return;
    out.push({ value: person.value, score: 0.7, source: 'signature', line, text: line.text });
  });
  return out;
}

/** Words that may stand between an amount's label and the amount: currencies, "incl. GST". */
const AMOUNT_QUALIFIERS = new Set(lexicon.amountQualifiers.map(canonicalWord));

/** Lower-case words from which a line is running text. */
const PROSE_WORDS = 6;

function inRunningText(text: string, afterLabel: string): boolean {
  if (/^\s*[:：#=\-–—|]|^\t|^ {2,}/.test(afterLabel)) return false;
  return (text.match(/(?:^|\s)\p{Ll}{2,}/gu)?.length ?? 0) >= PROSE_WORDS;
}

/** Words after a label that make it the label of a number: "Company No.", "Company Reg.". */
const NUMBER_WORDS = new Set(['number', 'reg', 'registration', 'id']);

/** Label then value: on the same line, right of the label, or on the line below. */
export function labelCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const out: Candidate[] = [];
  for (const line of view.lines) {
    const hit = labelHit(view, profile, line);
    if (!hit || hit.score < 0.4) continue;
    const rest = line.text.slice(hit.end);
    const restTokens = tokenise(rest);
    // "… agrees that for a period of two years from …": a label's words inside running text are a
    // sentence, which the prose route reads with its own, stricter measure.
    if (inRunningText(line.text, rest)) continue;
    // "Company No: 1234-X" names the company's number, not the company.
    if (
      profile.field.kind === 'string' &&
      !profile.nameWords.has('number') &&
      NUMBER_WORDS.has(restTokens[0]?.word ?? '')
    )
      continue;
    const right = sumOfRow(profile, rest, hints, line.ocr) ?? readValue(profile, rest, hints, line.ocr);
    // "Total Saving 0 00 Total 41 50": OCR joined two columns; the label's second mention has its own value.
    const again = profile.field.kind === 'double' ? findLabel(restTokens, profile, rest, line.ocr) : null;
    const second =
      again && again.score >= 0.4 ? readValue(profile, rest.slice(again.end), hints, line.ocr) : null;
    if (again && second)
      out.push({
        value: second.value,
        score: again.score * 0.95 * second.fit * amountDoubt(profile, rest.slice(again.end), second),
        source: 'label',
        line,
        text: line.text,
      });
    if (right) {
      // "Total Qty: 7", "TAX TOTAL: 2.72": words around the label that name another concept say
      // the value is that concept's.
      const around = tokenise(line.text.slice(0, hit.end + right.start))
        .slice(0, 12)
        .map((t) => t.word);
      const other = otherConceptPhrases(profile).some((phrase) =>
        line.ocr ? containsPhraseLoosely(around, phrase) : containsPhrase(around, phrase),
      )
        ? 0.75
        : 1;
      out.push({
        value: right.value,
        score: hit.score * 0.95 * right.fit * other * amountDoubt(profile, rest, right),
        source: 'label',
        line,
        text: line.text,
      });
      continue;
    }
    const below = view.lines[line.id + 1];
    // Only a bare label ("Invoice date:") announces the value on the line below it.
    // A label after several words of its own line is a table's column header ("Item Qty Price Amount"),
    // which names a column of many rows, not one value below.
    const bare = restTokens.length === 0 && hit.tokenIndex <= 3;
    if (below && below.page === line.page && bare) {
      const value = readValue(profile, below.text, hints, below.ocr);
      if (value)
        out.push({
          value: value.value,
          score: hit.score * 0.8 * value.fit,
          source: 'label',
          line: below,
          text: below.text,
        });
    }
  }
  if (profile.preferLargest) {
    const amounts = out.map((c) => c.value).filter((v): v is number => typeof v === 'number');
    const largest = Math.max(...amounts);
    for (const c of out) if (c.value === largest) c.score += 0.08;
  }
  return out;
}

/** Amounts of a text, as OCR'd amounts of a document with cents are read ("164" for 1.64). */
function amountsIn(
  text: string,
  hints: ReadHints,
  ocr: boolean,
): { value: number; start: number; end: number }[] {
  return findNumberSpans(text)
    .filter(amountLike)
    .map((s) => ({ value: ocrCents(s, s.value, hints, ocr), start: s.start, end: s.end }));
}

/**
 * "Total 27.36 1.64 29.00" under "Net Tax Total": a row of amounts whose last is the sum of two
 * before it holds the total last.
 */
function sumOfRow(profile: FieldProfile, rest: string, hints: ReadHints, ocr: boolean): ReadValue | null {
  if (!profile.preferLargest || profile.field.kind !== 'double') return null;
  const amounts = amountsIn(rest, hints, ocr);
  const last = amounts.at(-1);
  if (!last || amounts.length < 3) return null;
  const parts = amounts.slice(0, -1);
  const summed = parts.some((a, i) =>
    parts.slice(i + 1).some((b) => Math.abs(a.value + b.value - last.value) < 0.011),
  );
  return summed ? { value: last.value, start: last.start, end: last.end, fit: 1 } : null;
}

/**
 * How far an amount after a label is the field's own. "Total : 28.00 1.68" under "Amount Tax" is a
 * row of a summary table, and the row does not say which column is the field's; "Total Items: 4",
 * "Total 6% supplies: 15.57": words between the label and the amount say what it counts.
 */
function amountDoubt(profile: FieldProfile, rest: string, value: ReadValue): number {
  if (profile.field.kind !== 'double') return 1;
  let doubt = 1;
  if (findNumberSpans(rest).filter(amountLike).length >= 2) doubt *= 0.85;
  // "(GST Inc)": a parenthesis after a total says what it includes, whatever OCR made of it.
  const between = rest.slice(0, value.start).replace(/\([^)]*\)/g, ' ');
  const qualifiers = between.match(/\p{L}{3,}|\d+\s*%/gu) ?? [];
  if (qualifiers.some((w) => !AMOUNT_QUALIFIERS.has(canonicalWord(w)))) doubt *= 0.8;
  return doubt;
}

/** A cell under a header that names the field, or right of a row label that does. */
export function tableCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const out: Candidate[] = [];
  for (const { table, page } of view.tables) {
    const anchor = view.lines.find((l) => l.page === page) ?? view.lines[0];
    if (!anchor) continue;
    const header = table.rows[0] ?? [];
    header.forEach((cell) => {
      const hit = findLabel(tokenise(cell.text), profile, cell.text);
      if (!hit || hit.score < 0.5 || table.rows.length !== 2) return;
      const below = table.rows[1]?.find((c) => c.col === cell.col);
      const value = below ? readValue(profile, below.text, hints) : null;
      if (below && value)
        out.push(
          cellCandidate(view, page, below.text, value.value, hit.score * 0.85 * value.fit, below.ref, anchor),
        );
    });
    for (const row of table.rows) {
      const first = row[0];
      if (!first) continue;
      const hit = findLabel(tokenise(first.text), profile, first.text);
      if (!hit || hit.score < 0.5) continue;
      const next = row.slice(1).find((c) => c.text.trim() !== '');
      const value = next ? readValue(profile, next.text, hints) : null;
      if (next && value)
        out.push(
          cellCandidate(view, page, next.text, value.value, hit.score * 0.9 * value.fit, next.ref, anchor),
        );
    }
  }
  return out;
}

function cellCandidate(
  view: DocumentView,
  page: number,
  text: string,
  value: Candidate['value'],
  score: number,
  ref: string | undefined,
  anchor: ViewLine,
): Candidate {
  const line = view.lines.find((l) => l.page === page && l.text.includes(text)) ?? anchor;
  return { value, score, source: 'table', line, text, ...(ref ? { cell: ref } : {}) };
}

const POSITION_WEIGHT = {
  top: (y: number) => 1 - 0.6 * y,
  bottom: (y: number) => 0.4 + 0.6 * y,
  any: () => 1,
};

/**
 * Every value of the field's type, with no label: weak on its own, stronger when its line or the one
 * above speaks of the field, when it sits where such values sit, and for totals when it is the largest.
 */
export function typeCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const kind = profile.field.kind;
  if (kind !== 'date' && kind !== 'datetime' && kind !== 'double' && kind !== 'integer') return [];
  const out: Candidate[] = [];
  const lines = view.lines.slice(0, 400);
  const amounts: { line: ViewLine; value: number; text: string }[] = [];
  for (const line of lines) {
    const context = nearWords(view, line, profile);
    const where = POSITION_WEIGHT[profile.position](line.y) * (line.page === 1 ? 1 : 0.8);
    if (kind === 'date' || kind === 'datetime') {
      let previousEnd = Number.NEGATIVE_INFINITY;
      for (const span of findDateSpans(line.text, hints.dateOrder ? { order: hints.dateOrder } : {})) {
        // "17/01/2018 8.08.53": what follows a date at once is its time, however it parses.
        const isTime = span.start - previousEnd <= 3;
        previousEnd = span.end;
        if (isTime) continue;
        out.push({
          value: span.value,
          score: (0.25 + 0.3 * context) * where,
          source: 'type',
          line,
          text: line.text,
        });
      }
    } else {
      for (const span of findNumberSpans(
        line.text,
        hints.decimalMark ? { decimalMark: hints.decimalMark } : {},
      )) {
        if (!span.amount && kind === 'double') continue;
        const value = kind === 'integer' ? parseInteger(span.text) : span.value;
        if (value === null) continue;
        amounts.push({ line, value, text: line.text });
        out.push({ value, score: (0.15 + 0.3 * context) * where, source: 'type', line, text: line.text });
      }
    }
  }
  // A document that states one date only: that is its date.
  if (profile.documentDate && new Set(out.map((c) => c.value)).size === 1) {
    for (const c of out) c.score += 0.2;
  }
  // A document's own date is its first, at the head of its first page (a letter's date line).
  const first = out[0];
  if (
    (kind === 'date' || kind === 'datetime') &&
    profile.position === 'top' &&
    first &&
    first.line.page === 1 &&
    first.line.y < 0.35
  ) {
    first.score += 0.15;
  }
  if (profile.preferLargest && amounts.length > 0) {
    const largest = Math.max(...amounts.map((a) => a.value));
    for (const c of out) if (c.value === largest) c.score += 0.15;
  }
  return out;
}

/** How surely the line (fully) or the line above it (partly) names the field, 0–1. */
function nearWords(view: DocumentView, line: ViewLine, profile: FieldProfile): number {
  const here = labelHit(view, profile, line)?.score ?? 0;
  const above = view.lines[line.id - 1];
  const there = above && above.page === line.page ? (labelHit(view, profile, above)?.score ?? 0) : 0;
  return Math.max(here, 0.6 * there);
}

/** Values announced in running text: "governed by the laws of X", "effective as of DATE", "between X and Y". */
export function proseCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  if (profile.cues.length === 0) return [];
  const out: Candidate[] = [];
  const lower = view.text.toLowerCase();
  const field = profile.field.kind === 'array' ? profile.field.items : profile.field;
  for (const { words: cue, weight } of profile.cues) {
    // Cue words are stored normalised ("laws" → "law"): the text may have them in the plural.
    const pattern = new RegExp(`\\b${cue.map((w) => `${escapeRegExp(w)}s?`).join('\\W+')}\\b`, 'g');
    for (const m of lower.matchAll(pattern)) {
      const from = m.index + m[0].length;
      const window = view.text.slice(from, from + 300);
      const spans =
        field.kind === 'date' || field.kind === 'datetime'
          ? findDateSpans(window, hints.dateOrder ? { order: hints.dateOrder } : {}).map((s) => ({
              ...s,
              value: s.value,
            }))
          : field.kind === 'string'
            ? recognize(profile.kind, window)
            : [];
      const taken = spans.slice(0, profile.field.kind === 'array' ? 4 : 1);
      // Values one cue announces together ("between X and Y") stand together: the first one's distance counts.
      const distance = (taken[0]?.start ?? 0) / 300;
      for (const span of taken) {
        const line = lineAt(view, from + span.start);
        out.push({
          value: span.value,
          score: weight * (1 - 0.6 * distance) * POSITION_WEIGHT[profile.position](line.y),
          source: 'prose',
          line,
          text: line.text,
        });
      }
    }
  }
  return out;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const otherPhrasesCache = new WeakMap<FieldProfile, string[][]>();

/** Phrases naming a distinct concept other than the field's own: "qty", "sub total", "gst"… */
function otherConceptPhrases(profile: FieldProfile): string[][] {
  let phrases = otherPhrasesCache.get(profile);
  if (!phrases) {
    const own = new Set(profile.labels.map((l) => l.join(' ')));
    phrases = conceptPhrases(profile.concepts).filter((p) => !own.has(p.join(' ')));
    otherPhrasesCache.set(profile, phrases);
  }
  return phrases;
}

/** Where layout alone says it: the issuer's name and address at the head of the first page. */
export function layoutCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const out: Candidate[] = [];
  if (profile.position !== 'top') return out;
  const head = view.lines.filter((l) => l.page === 1).slice(0, 12);
  // Lines OCR could hardly read (a logo, specks above the name) do not push the name down the page.
  const rank: number[] = [];
  for (let i = 0; i < head.length; i++)
    rank.push(i === 0 ? 0 : rank[i - 1]! + (head[i - 1]!.confidence >= 0.5 ? 1 : 0));
  if (profile.kind === 'organization' || profile.kind === 'party') {
    head.forEach((line, i) => {
      // A name may be split over two lines: "GARDENIA BAKERIES (KL)" / "SDN BHD". A line that holds
      // a legal form only is read joined to the line above; a name missing its form, to the line below.
      const alone = recognize('organization', line.text);
      const formOnly = alone.length > 0 && alone.every((s) => nameWords(s.value).length === 0);
      const prev = head[i - 1];
      const next = head[i + 1];
      const text = formOnly && prev ? `${prev.text} ${line.text}` : line.text;
      let spans = formOnly && prev ? recognize('organization', text) : alone;
      // …but not to a line that holds a name of its own: "SCR" above "GARDENIA BAKERIES SDN BHD".
      const nextNamed =
        next && recognize('organization', next.text).some((s) => nameWords(s.value).length > 0);
      if (spans.length === 0 && next && !nextNamed)
        spans = recognize('organization', `${line.text} ${next.text}`).filter(
          (s) => s.start < line.text.length,
        );
      for (const span of spans.slice(0, 1)) {
        // "TRIPLE SIX POINT ENTERPRISE 666": a short number ending the name's line is part of it.
        const tail = text === line.text ? /^\s+\d{1,3}\s*$/.exec(text.slice(span.end))?.[0] : undefined;
        const named = tail ? `${span.value} ${tail.trim()}` : span.value;
        const trimmed = trimLeadingNoise(named.replace(REGISTRATION_NUMBER, ''));
        const value = line.ocr ? repairNameWords(trimmed, view.ocrWords) : trimmed;
        if (nameWords(value).length === 0) continue;
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
  if (profile.kind === 'organization') {
    // Failing a legal form, the issuer's name is the first line set in capitals that reads like a name.
    const titled = head
      .filter((_, i) => rank[i]! < 6)
      .find(
        (l) =>
          looksLikeHeading(l.text) &&
          findPostalAddresses([l.text]).length === 0 &&
          recognize('location', l.text).length === 0,
      );
    if (titled) {
      const value = trimLeadingNoise(titled.text.trim().replace(/[\s.,:;|]+$/, ''));
      out.push({ value, score: 0.56, source: 'layout', line: titled, text: titled.text });
    }
  }
  if (profile.kind === 'postal_address') {
    for (const block of findPostalAddresses(head.map((l) => l.text))) {
      const line = head[block.startLine]!;
      out.push({
        value: line.ocr ? repairAddressWords(block.value, view.ocrWords) : block.value,
        score: 0.5 + 0.4 * block.confidence,
        source: 'layout',
        line,
        text: line.text,
      });
    }
  }
  return out;
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
      words.shift();
    } else break;
  }
  return words.join(' ');
}

function nameWords(value: string): string[] {
  return value.split(/\s+/).filter((w) => !LEGAL_FORM.test(w));
}

/**
 * A total the document proves by its own arithmetic: cash tendered minus change given, or a stated
 * amount equal to subtotal plus tax. OCR misreads one figure more often than three.
 */
export function arithmeticCandidates(
  view: DocumentView,
  profile: FieldProfile,
  hints: TypingHints,
  found: Candidate[],
): Candidate[] {
  if (!profile.preferLargest || (profile.field.kind !== 'double' && profile.field.kind !== 'integer'))
    return [];
  const amountsFor = (concept: string, signed = false) => {
    const other = profileField({ ...profile.field, name: concept, description: '', aliases: [] });
    return labelCandidates(view, other, hints).filter(
      (c) => typeof c.value === 'number' && (signed || c.value >= 0),
    );
  };
  const out: Candidate[] = [];
  const cash = amountsFor('cash');
  const change = amountsFor('change');
  for (const paid of cash) {
    for (const back of change) {
      const total = cents((paid.value as number) - (back.value as number));
      if (
        (paid.value as number) > 0 &&
        total > 0 &&
        back.line.id > paid.line.id &&
        back.line.id - paid.line.id <= 4
      ) {
        out.push({
          value: total,
          score: 0.72,
          source: 'arithmetic',
          line: paid.line,
          text: `${paid.text} / ${back.text}`,
        });
      }
    }
  }
  const subtotals = amountsFor('subtotal');
  const taxes = amountsFor('tax');
  for (const c of [...found, ...out]) {
    if (typeof c.value !== 'number') continue;
    const proven = subtotals.some((s) =>
      taxes.some((t) => Math.abs((s.value as number) + (t.value as number) - (c.value as number)) < 0.011),
    );
    if (proven) out.push({ ...c, score: Math.min(1, c.score + 0.15), source: 'arithmetic' });
  }
  out.push(...roundedTotals(found, subtotals, amountsFor('rounding', true)));
  // No total stated that can be read: the subtotal is the nearest the document comes to saying it.
  const stated = found.some((c) => c.source === 'label' && c.score >= MIN_SCORE.label);
  if (!stated) for (const s of subtotals) out.push({ ...s, score: 0.56, source: 'arithmetic' });
  if (view.lines.some((l) => l.ocr)) out.push(...misreadTotals(found, out, subtotals, taxes));
  return out;
}

/** Sums of amounts to the cent, without floating-point dust (0.1 + 0.2). */
const cents = (value: number) => Math.round(value * 100) / 100;

/** How many digits two amounts of the same length differ in (infinite for other lengths or equal amounts). */
function digitsApart(a: number, b: number): number {
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  if (x.length !== y.length || x === y) return Number.POSITIVE_INFINITY;
  let apart = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) apart++;
  return apart;
}

/**
 * The stated total of an OCR'd receipt against the receipt's own arithmetic: when cash minus change
 * or subtotal plus tax comes to an amount one digit away from the best stated total ("31.40" beside
 * cash 50.00, change 19.00), OCR misread a digit of the total and the sum is the amount. Sums two
 * digits away, and sums of parts labelled as totals ("Total 0% supplies"), were measured on SROIE
 * and corrected as many right totals as wrong ones, so they are not used.
 */
function misreadTotals(
  found: Candidate[],
  proofs: Candidate[],
  subtotals: Candidate[],
  taxes: Candidate[],
): Candidate[] {
  const stated = found
    .filter((c) => c.source === 'label' && typeof c.value === 'number')
    .sort((a, b) => b.score - a.score)[0];
  if (!stated) return [];
  const total = stated.value as number;
  const sums: { value: number; text: string }[] = [];
  for (const p of proofs)
    if (p.source === 'arithmetic') sums.push({ value: p.value as number, text: p.text });
  for (const s of subtotals)
    for (const t of taxes)
      sums.push({ value: (s.value as number) + (t.value as number), text: `${s.text} / ${t.text}` });
  const out: Candidate[] = [];
  for (const sum of sums) {
    const value = cents(sum.value);
    if (digitsApart(value, total) === 1)
      out.push({
        value,
        score: stated.score + 0.03,
        source: 'arithmetic',
        line: stated.line,
        text: `${stated.text} / ${sum.text}`,
      });
  }
  return out;
}

/** Cash rounding steps: amounts paid in cash are rounded to 5 or 10 cents where coins are missing. */
const ROUNDING_STEPS = [0.05, 0.1];

/**
 * "SUBTOTAL 41.43" / "ROUNDING 0.02": the amount paid is the total before rounding plus the
 * adjustment, when that lands on a rounding step the total before it missed. OCR often drops the
 * adjustment's sign, so both are tried.
 */
function roundedTotals(found: Candidate[], subtotals: Candidate[], roundings: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  const bases = [...found.filter((c) => c.source === 'label'), ...subtotals];
  const onStep = (value: number) =>
    ROUNDING_STEPS.some((step) => Math.abs(value / step - Math.round(value / step)) < 0.001);
  for (const adjustment of roundings) {
    const r = adjustment.value as number;
    if (r === 0 || Math.abs(r) >= 0.1) continue;
    for (const base of bases) {
      const b = base.value as number;
      if (typeof b !== 'number' || b <= 0 || onStep(b)) continue;
      for (const paid of [b + r, b - r].map(cents)) {
        if (paid > 0 && onStep(paid))
          out.push({
            value: paid,
            score: Math.max(0.66, base.score + 0.02),
            source: 'arithmetic',
            line: base.line,
            text: `${base.text} / ${adjustment.text}`,
          });
      }
    }
  }
  return out;
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

/** As containsPhrase, but a word of three letters or more may differ by one letter (OCR: "QIY" for "QTY"). */
function containsPhraseLoosely(haystack: string[], phrase: string[]): boolean {
  if (containsPhrase(haystack, phrase)) return true;
  if (phrase.length !== 1 || phrase[0]!.length < 3) return false;
  const word = phrase[0]!;
  return haystack.some(
    (w) => w.length === word.length && [...w].filter((c, i) => c !== word[i]).length === 1,
  );
}
