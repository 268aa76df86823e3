import { findNumberSpans, type TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { singleWordsOf } from '../field-sense.ts';
import { canonicalWord } from '../words.ts';

/** Heads of a tax summary's columns: the tax ("VAT", "MwSt", "TVA"), and the net or gross beside it. */
const TAX_HEADS = singleWordsOf('tax');
const NET_HEADS = new Set([...singleWordsOf('subtotal'), 'net', 'ht']);
const GROSS_HEADS = new Set(['gross', 'brutto', 'ttc', 'amount', 'total', 'bruto', 'lordo', 'kasar']);
const OTHER_HEADS = new Set([...NET_HEADS, ...GROSS_HEADS]);
/** Rows of one rate each: a summary rarely holds more. */
const MAX_ROWS = 6;

/**
 * "CODE RATE NET VAT GROSS" over "S 20.0% 38.09 7.62 45.71": a receipt's or an invoice's tax summary,
 * one row per rate. The tax is its column's figures added up, the columns matched from the right
 * (a row's code and rate stand left of its figures, not always under a head of their own).
 */
export function taxSummaryCandidates(
  view: DocumentView,
  profile: FieldProfile,
  hints: TypingHints,
): Candidate[] {
  if (profile.sense.concept?.id !== 'tax' || profile.field.kind !== 'double') return [];
  const out: Candidate[] = [];
  for (const heads of view.lines) {
    const said = heads.tokens.map((t) => canonicalWord(t.word));
    if (said.length < 3 || said.length > 8 || said.some((w) => /\d/.test(w))) continue;
    const taxAt = said.findLastIndex((w) => TAX_HEADS.has(w));
    if (taxAt < 0 || !said.some((w, i) => i !== taxAt && OTHER_HEADS.has(w))) continue;
    const fromRight = said.length - 1 - taxAt;
    // Net, tax, gross side by side: a row whose tax does not make its net its gross was misread
    // (OCR's "6,55" for "0,55"), and its gross less its net is the tax.
    const framed = NET_HEADS.has(said[taxAt - 1] ?? '') && GROSS_HEADS.has(said[taxAt + 1] ?? '');
    let sum = 0;
    let rows = 0;
    let repaired = false;
    let first: ViewLine | undefined;
    for (let id = heads.id + 1; id <= heads.id + MAX_ROWS; id++) {
      const row = view.lines[id];
      if (!row || row.page !== heads.page) break;
      const figures = findNumberSpans(row.text, hints).filter((n) => !n.percent);
      // A row holds the net, the tax and the gross at least; a line of words ends the summary.
      if (figures.length < 2 || figures.length <= fromRight || /\p{L}{4}/u.test(row.text.replace(/%/g, '')))
        break;
      const at = figures.length - 1 - fromRight;
      let tax = figures[at]!.value;
      const net = figures[at - 1]?.value;
      const gross = figures[at + 1]?.value;
      if (
        framed &&
        net !== undefined &&
        gross !== undefined &&
        Math.abs(net + tax - gross) > 0.011 &&
        gross > net
      ) {
        tax = gross - net;
        repaired = true;
      }
      sum += tax;
      rows++;
      first ??= row;
    }
    if (rows === 0 || !first) continue;
    out.push({
      value: Math.round(sum * 100) / 100,
      score: (rows === 1 ? 0.74 : 0.7) - (repaired ? 0.06 : 0),
      source: 'table',
      line: first,
      text: `${heads.text} / ${first.text}`,
    });
  }
  return out;
}
