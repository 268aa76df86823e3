import { findNumberSpans, type TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, tokenise, type ViewLine } from '../document-view.ts';
import { conceptPhrases, containsPhrase, type FieldProfile } from '../field-profile.ts';
import { INCLUSION_WORDS, isKindWordOnly, isOnlyLabel } from '../field-sense.ts';
import { ENDS_IN_VALUE, findLabel, LABEL_TAIL } from '../label-match.ts';
import { cellUnder, columnsOfLine } from '../line-columns.ts';
import {
  amountLike,
  asksRangeEnd,
  ocrCents,
  type ReadHints,
  type ReadValue,
  readValue,
} from '../read-value.ts';
import { lexicon } from '../vocabulary/index.ts';
import { canonicalWord } from '../words.ts';
import { labelHit } from './label-hits.ts';

/** Words that may stand between an amount's label and the amount: currencies, "incl. GST". */
const AMOUNT_QUALIFIERS = new Set(lexicon.amountQualifiers.map(canonicalWord));

/** Lower-case words from which a line is running text. */
const PROSE_WORDS = 6;

function inRunningText(text: string, afterLabel: string): boolean {
  if (/^\s*[:：#=\-–—|]|^\t|^ {2,}/.test(afterLabel) || ENDS_IN_VALUE.test(afterLabel)) return false;
  return (text.match(/(?:^|\s)\p{Ll}{2,}/gu)?.length ?? 0) >= PROSE_WORDS;
}

/** Words after a label that make it the label of a number: "Company No.", "Company Reg.", "Customer PO". */
const NUMBER_WORDS = new Set([
  'number',
  'reg',
  'registration',
  'id',
  'po',
  'ref',
  'reference',
  'code',
  'account',
]);

/** "Vendor No. 200871", "Customer ID: 40218": a number and the words that say whose it is. */
function isNumberLine(text: string): boolean {
  const tokens = tokenise(text);
  return tokens.length <= 5 && /\d/.test(text) && tokens.some((t, i) => i > 0 && NUMBER_WORDS.has(t.word));
}

/** The value after a label, unless it is only another label ("Invoice No.  | Dated |"). */
function readLabelled(profile: FieldProfile, text: string, hints: ReadHints, ocr: boolean): ReadValue | null {
  const value = readValue(profile, text, hints, ocr);
  return value && typeof value.value === 'string' && isOnlyLabel(value.value) ? null : value;
}

/** Label then value: on the same line, right of the label, or on the line below. */
export function labelCandidates(view: DocumentView, profile: FieldProfile, hints: TypingHints): Candidate[] {
  const out: Candidate[] = [];
  for (const line of view.lines) {
    const hit = labelHit(view, profile, line);
    if (!hit || hit.score < 0.4) continue;
    // "Property insured:   27 Meadow Lane": the label's last word and its colon are not the value.
    const valueAt = hit.end + (LABEL_TAIL.exec(line.text.slice(hit.end))?.[0].length ?? 0);
    const rest = line.text.slice(valueAt, columnEnd(line, hit, profile));
    const restTokens = tokenise(rest);
    // "… agrees that for a period of two years from …": a label's words inside running text are a
    // sentence, which the prose route reads with its own, stricter measure.
    if (inRunningText(line.text, rest)) continue;
    // "Company No: 1234-X" names the company's number, not the company.
    if (
      profile.field.kind === 'string' &&
      !profile.nameWords.has('number') &&
      NUMBER_WORDS.has(tokenise(line.text.slice(hit.end, hit.end + 40))[0]?.word ?? '')
    )
      continue;
    // "N° TVA : FR 47 912 384 556" and "GST ID : 000987654321" name the VAT number, not the VAT amount.
    if (
      profile.field.kind === 'double' &&
      (line.tokens[hit.tokenIndex - 1]?.word === 'number' ||
        NUMBER_WORDS.has(tokenise(line.text.slice(hit.end, hit.end + 40))[0]?.word ?? ''))
    )
      continue;
    // "Bill To:          Ship To:" over "Contoso Retail GmbH     Contoso Warehouse": labels side by
    // side head columns, and each one's value is below it, not the next label.
    if (isColumnHeads(line)) {
      let below = view.lines[line.id + 1];
      let cell =
        below &&
        justBelow(line, below) &&
        !tableOfAmounts(view, line, below, profile, line.text.slice(hit.start, hit.end))
          ? cellBelow(line, below, hit.start)
          : undefined;
      // "VENDOR" over "Vendor No. 200871" over "Kestrel Bearing & Supply Co.": a name is read past
      // the block's number line.
      const next = view.lines[line.id + 2];
      if (
        cell &&
        below &&
        next &&
        isNumberLine(cell) &&
        !profile.nameWords.has('number') &&
        justBelow(below, next)
      ) {
        below = next;
        cell = cellBelow(line, next, hit.start);
      }
      const value = cell ? readLabelled(profile, cell, hints, below!.ocr) : null;
      if (value)
        out.push({
          value: value.value,
          score: hit.score * 0.9 * value.fit,
          source: 'label',
          line: below!,
          text: below!.text,
        });
      continue;
    }
    const right = sumOfRow(profile, rest, hints, line.ocr) ?? readLabelled(profile, rest, hints, line.ocr);
    // "Total Saving 0 00 Total 41 50": OCR joined two columns; the label's second mention has its own value.
    const again = profile.field.kind === 'double' ? findLabel(restTokens, profile, rest, line.ocr) : null;
    const second =
      again && again.score >= 0.4 ? readLabelled(profile, rest.slice(again.end), hints, line.ocr) : null;
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
      // A name after "excl." or "incl." says what the amount includes, not what it is.
      // "Premium (incl. Insurance Premium Tax at 12%)": a remark in brackets, or all after "incl.",
      // says what the amount includes.
      // Only the label's own column: "Unit 4, Canal Side Studios   Invoice Date:" is an address beside it.
      const labelColumn = columnsOfLine(line)?.find((c) => hit.start >= c.start && hit.start < c.end);
      const said = tokenise(
        line.text
          .slice(labelColumn?.start ?? 0, valueAt + right.start)
          .replace(/\([^)]*\)/g, (m) => ' '.repeat(m.length)),
      )
        .slice(0, 12)
        .map((t) => t.word);
      const inclusion = said.findIndex((w, i) => i > 0 && INCLUSION_WORDS.has(w));
      const around = inclusion > 0 ? said.slice(0, inclusion) : said;
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
    // "TOTAL RM" over "47.80": a currency or "incl. GST" after an amount's label leaves it bare.
    const bare =
      hit.tokenIndex <= 3 &&
      (restTokens.length === 0 ||
        (profile.field.kind === 'double' && restTokens.every((t) => AMOUNT_QUALIFIERS.has(t.word))));
    // A row of column heads below ("INVOICE" over "Invoice Number   Invoice Date") is labels, not a value.
    if (below && below.page === line.page && bare && !isColumnHeads(below)) {
      const value = readLabelled(profile, below.text, hints, below.ocr);
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

/**
 * Where the text after a label ends when wide gaps part its line: "Invoice No.: NW-2024-0193
 * [gap] Invoice Date: 14 March 2024" holds two label-value pairs, and the first label's value ends at
 * its column's end, or at the next column's when the label stands alone in its own. Amounts keep the
 * whole line: receipts set a total's label and figures in columns of their own.
 */
function columnEnd(line: ViewLine, hit: { start: number; end: number }, profile: FieldProfile): number {
  const kind = profile.field.kind;
  // "Claim period from | 2025-03-01 | to | 2025-03-31": a range's end stands columns further on.
  const rangeEnd = (kind === 'date' || kind === 'datetime') && asksRangeEnd(profile);
  const columns = kind === 'double' || kind === 'integer' || rangeEnd ? undefined : columnsOfLine(line);
  if (!columns) return line.text.length;
  const at = columns.findIndex((c) => hit.start >= c.start && hit.start < c.end);
  const own = columns[at];
  if (!own) return line.text.length;
  // "Property insured:" is one label: its value is in the next column.
  const rest = line.text.slice(hit.end, own.end).replace(LABEL_TAIL, '');
  const alone = rest.replace(/[\s:：#.=\-–—|]/g, '') === '';
  return alone ? (columns[at + 1]?.end ?? line.text.length) : own.end;
}

/** Two or more short titles without a figure or a value after a colon, set apart by wide gaps: the heads of columns. */
function isColumnHeads(line: ViewLine): boolean {
  const columns = columnsOfLine(line);
  // "BIC:      NWBKDEFFXXX": a label ending in a colon with a column after it that does not is a
  // label and its value; heads side by side end alike ("Bill To:   Ship To:").
  const labelled = (c: { text: string }) => /[:：]\s*$/.test(c.text);
  if (columns?.some((c, i) => labelled(c) && columns[i + 1] && !labelled(columns[i + 1]!))) return false;
  return (
    columns?.every(
      // "Carrier: UPS Ground" is a label with its value, not a head.
      (c) =>
        !/\d/.test(c.text) &&
        /\p{L}/u.test(c.text) &&
        c.text.split(/\s+/).length <= 4 &&
        !/[:：]\s*\S/.test(c.text),
    ) === true
  );
}

/**
 * Heads over rows of the same columns are a table's ("Description   Qty   Total" over the items):
 * an amount under them is one row's, not the field's, and the table route reads such tables.
 */
function tableOfAmounts(
  view: DocumentView,
  heads: ViewLine,
  below: ViewLine,
  profile: FieldProfile,
  label: string,
): boolean {
  const kind = profile.field.kind;
  // "Item  Qty  Price  Amount" over one item is an item table too, however short; its "Datum" column
  // holds the day of the item, not the document's.
  const items = heads.tokens.some((t) => ITEM_HEAD_WORDS.has(t.word));
  if (kind === 'date' || kind === 'datetime') return items && isKindWordOnly(label);
  if (kind !== 'double' && kind !== 'integer') return false;
  if (items) return true;
  const next = view.lines[below.id + 1];
  return (
    next !== undefined &&
    justBelow(below, next) &&
    columnsOfLine(next)?.length === columnsOfLine(below)?.length
  );
}

/** Words that head a column of items: quantity, unit price, description. */
export const ITEM_HEAD_WORDS = new Set(
  lexicon.concepts
    .filter((c) => c.id === 'quantity' || c.id === 'unit_price' || c.id === 'description')
    .flatMap((c) => c.words)
    .filter((w) => !w.includes(' '))
    .map(canonicalWord),
);

/** The next line of the same page, not further below than two of its heads' heights. */
function justBelow(line: ViewLine, below: ViewLine): boolean {
  if (below.page !== line.page) return false;
  if (!line.bbox || !below.bbox) return true;
  return below.bbox.y0 - line.bbox.y1 < 2 * (line.bbox.y1 - line.bbox.y0);
}

/** The text of the line below that lies under the head holding the label. */
function cellBelow(line: ViewLine, below: ViewLine, labelStart: number): string | undefined {
  const head = columnsOfLine(line)?.find((c) => labelStart >= c.start && labelStart < c.end);
  return head ? cellUnder(head, below) : undefined;
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
/** Concepts whose amount is printed after its rate. */
const RATED = new Set(lexicon.concepts.filter((c) => c.rated === true).map((c) => c.id));

function amountDoubt(profile: FieldProfile, rest: string, value: ReadValue): number {
  if (profile.field.kind !== 'double') return 1;
  let doubt = 1;
  // A rate is not a second amount ("MwSt. 19 %   38,11").
  if (findNumberSpans(rest).filter((s) => amountLike(s) && !s.percent).length >= 2) doubt *= 0.85;
  // "(GST Inc)": a parenthesis after a total says what it includes, whatever OCR made of it.
  const between = rest.slice(0, value.start).replace(/\([^)]*\)/g, ' ');
  // A tax is stated with its rate ("VAT 20%", "IVA 21%"); a rate before a total says it is a part.
  const rated = profile.concepts.some((c) => RATED.has(c));
  const qualifiers = between.match(rated ? /\p{L}{3,}/gu : /\p{L}{3,}|\d+\s*%/gu) ?? [];
  if (qualifiers.some((w) => !AMOUNT_QUALIFIERS.has(canonicalWord(w)))) doubt *= 0.8;
  return doubt;
}

const otherPhrasesCache = new WeakMap<FieldProfile, string[][]>();

/** Phrases naming a distinct concept other than the field's own: "qty", "sub total", "gst"… */
export function otherConceptPhrases(profile: FieldProfile): string[][] {
  let phrases = otherPhrasesCache.get(profile);
  if (!phrases) {
    const own = new Set(profile.labels.map((l) => l.join(' ')));
    phrases = conceptPhrases(profile.concepts).filter((p) => !own.has(p.join(' ')));
    otherPhrasesCache.set(profile, phrases);
  }
  return phrases;
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
