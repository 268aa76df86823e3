import { findNumberSpans } from '../../../fields/typing/index.ts';
import { currencyOfAmounts, currencyOfPlace, findCurrencies } from '../../recognizers/index.ts';
import type { Candidate } from '../candidate.ts';
import { issuerOf, partyOf } from '../document-kind.ts';
import type { DocumentView } from '../document-view.ts';
import { enumValueFor } from '../enum-words.ts';
import type { FieldProfile, ValueKind } from '../field-profile.ts';
import { recognize } from '../read-value.ts';
import { lexicon } from '../vocabulary/index.ts';
import { ownerContext } from './owner-context.ts';

const ROLE_MAILBOXES = new Set(lexicon.roleMailboxes.names);
/** Words of a field that ask for a person's address. */
const PERSONAL = new Set([
  'contact',
  'person',
  'buyer',
  'requester',
  'employee',
  'ansprechpartner',
  'contacto',
  'contactpersoon',
]);

/** Kinds whose values are recognised by their look alone, wherever they stand. */
const BY_LOOK = new Set<ValueKind>(['email', 'phone', 'url', 'iban', 'vat', 'payment', 'time']);

/**
 * Values of the field's kind found by their look, with no label: an e-mail address, an IBAN, a VAT
 * number. Weak on its own; stronger when the document holds one such value, and when the section the
 * value sits in belongs to the field's owner ("Bill to" for a buyer's e-mail).
 */
export function typedValueCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.kind === 'currency') return documentCurrency(view);
  if (!BY_LOOK.has(profile.kind)) return [];
  const out: Candidate[] = [];
  // The addressee's VAT number or IBAN is not the one in the writer's letterhead or footer (a
  // contact's e-mail may be: an order sent as an e-mail is signed by its buyer).
  const addressee =
    (profile.kind === 'vat' || profile.kind === 'iban') &&
    partyOf(profile) !== undefined &&
    partyOf(profile) !== issuerOf(view);
  const writers = addressee ? writersLines(view) : new Set<number>();
  for (const line of view.lines.slice(0, 2000)) {
    if (writers.has(line.id)) continue;
    for (const span of recognize(profile.kind, line.text)) {
      const { field } = profile;
      const value = field.kind === 'enum' ? enumValueFor(field, span.value, true) : span.value;
      if (value === null) continue;
      out.push({
        value,
        score: (0.3 + 0.2 * span.confidence) * (1 + ownerContext(view, line, profile)),
        source: 'type',
        line,
        text: line.text,
      });
    }
  }
  // "accounts@…" beside "liam.oconnor@…": a contact's address is a person's, not a function's.
  if (
    profile.kind === 'email' &&
    [...profile.nameWords, ...profile.descriptionWords].some((w) => PERSONAL.has(w))
  )
    for (const c of out)
      if (ROLE_MAILBOXES.has(String(c.value).split('@')[0]!.toLowerCase())) c.score *= 0.75;
  // "AMEX   220.14": a tender line states what it paid.
  if (profile.kind === 'payment')
    for (const c of out) if (findNumberSpans(c.line.text).some((n) => n.amount)) c.score += 0.1;
  // A document that holds one such value: that is the one asked for.
  if (new Set(out.map((c) => c.value)).size === 1) for (const c of out) c.score += 0.2;
  return out;
}

/** Lines of the first page where the sender's address stands. */
const PLACE_LINES = 15;

/** The currency the amounts are written in, by a vote over every mark beside them. */
function documentCurrency(view: DocumentView): Candidate[] {
  const found = currencyOfAmounts(view.text.slice(0, 200_000));
  if (!found) {
    // No amount carries a mark: the currency of the place the document is written from, a guess,
    // for a document that states amounts at all (an NDA states none, and has no currency).
    if (!findNumberSpans(view.text.slice(0, 50_000)).some((n) => n.amount && !n.percent)) return [];
    const head = view.lines.filter((l) => l.page === 1).slice(0, PLACE_LINES);
    const code = currencyOfPlace(head.map((l) => l.text));
    const line = head[0];
    return code && line ? [{ value: code, score: 0.4, source: 'type', line, text: line.text }] : [];
  }
  const line = view.lines.find((l) => findCurrencies(l.text).some((s) => s.value === found.code));
  if (!line) return [];
  return [{ value: found.code, score: 0.4 + 0.45 * found.confidence, source: 'type', line, text: line.text }];
}

/** Lines of the head of the first page and the foot of the last: the writer's letterhead and footer. */
function writersLines(view: DocumentView): Set<number> {
  const first = view.lines.filter((l) => l.page === 1).slice(0, 6);
  // A footer only on a page long enough to have one.
  const lastPage = view.lines.filter((l) => l.page === view.pageCount);
  const last = lastPage.length >= 25 ? lastPage.slice(-3) : [];
  return new Set([...first, ...last].map((l) => l.id));
}
