import { findNumberSpans, type TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import { type FieldProfile, profileField } from '../field-profile.ts';
import { amountLike } from '../read-value.ts';
import { MIN_SCORE } from '../select.ts';
import { labelCandidates } from './labels.ts';

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
  if (out.length === 0) out.push(...tenderedAboveChange(found, change));
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
  out.push(...withTip(found, out, amountsFor('tip')));
  // No total stated that can be read: the subtotal is the nearest the document comes to saying it.
  const stated = found.some((c) => c.source === 'label' && c.score >= MIN_SCORE.label);
  if (!stated) for (const s of subtotals) out.push({ ...s, score: 0.56, source: 'arithmetic' });
  if (view.lines.some((l) => l.ocr)) out.push(...misreadTotals(view, found, out, subtotals, taxes));
  return out;
}

/**
 * "Fay 20.00" / "Change 0.80" with the tendered amount's label misread: the amount on one of the two
 * lines above the change, less the change, is the total when the receipt states that amount above.
 */
function tenderedAboveChange(found: Candidate[], change: Candidate[]): Candidate[] {
  const amounts = found.filter((c) => c.source === 'type' && typeof c.value === 'number');
  const out: Candidate[] = [];
  for (const back of change) {
    const given = back.value as number;
    for (const paid of amounts) {
      const apart = back.line.id - paid.line.id;
      if (apart < 1 || apart > 2 || (paid.value as number) <= given) continue;
      const total = cents((paid.value as number) - given);
      const stated = amounts.some(
        (a) => a.line.id < paid.line.id && Math.abs((a.value as number) - total) < 0.005,
      );
      if (stated)
        out.push({
          value: total,
          score: 0.7,
          source: 'arithmetic',
          line: paid.line,
          text: `${paid.text} / ${back.text}`,
        });
    }
  }
  return out;
}

/**
 * "Total $69.55" / "Tip $13.00" / "Total $82.55": where a tip is added below a total, the total
 * after it is what the customer paid. A suggested tip ("18% Tip $11.57 Total $81.12") is no tip paid.
 */
function withTip(found: Candidate[], proven: Candidate[], tips: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  const totals = found.filter((c) => typeof c.value === 'number' && c.source === 'label');
  for (const tip of tips) {
    if (/%/.test(tip.line.text) || (tip.value as number) <= 0) continue;
    for (const before of proven) {
      if (before.line.id >= tip.line.id || tip.line.id - before.line.id > 4) continue;
      const paid = cents((before.value as number) + (tip.value as number));
      const after = totals.find(
        (c) =>
          c.line.id > tip.line.id &&
          c.line.id - tip.line.id <= 2 &&
          Math.abs((c.value as number) - paid) < 0.005,
      );
      if (after) out.push({ ...after, score: Math.min(1, before.score + 0.05), source: 'arithmetic' });
    }
  }
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
  view: DocumentView,
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
  if (subtotals.some((s) => taxes.some((t) => addsUpWithExtra(view, s, t, stated)))) return [];
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

/**
 * "Subtotal 150.00 / Tax 11.63 / Tip 30.00 / TOTAL 191.63": a charge of its own line between the
 * subtotal and the total (a tip, a delivery fee) makes up the difference, and the total was read right.
 */
function addsUpWithExtra(view: DocumentView, subtotal: Candidate, tax: Candidate, total: Candidate): boolean {
  const from = Math.min(subtotal.line.id, tax.line.id);
  if (from >= total.line.id || total.line.id - from > 8) return false;
  const rest = cents((total.value as number) - (subtotal.value as number) - (tax.value as number));
  if (rest <= 0) return false;
  return view.lines
    .slice(from + 1, total.line.id)
    .filter((l) => l.id !== subtotal.line.id && l.id !== tax.line.id)
    .some((l) =>
      findNumberSpans(l.text).some((n) => amountLike(n) && !n.percent && Math.abs(n.value - rest) < 0.011),
    );
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
