import { findPostalAddresses, isContactLine } from '../../recognizers/index.ts';
import type { Candidate } from '../candidate.ts';
import { type DocumentView, partedFrom, type ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { cellUnder, columnsOfLine } from '../line-columns.ts';
import { repairAddressWords } from '../ocr-text.ts';
import { labelHit } from './label-hits.ts';
import { entitiesNamedAt } from './owner-context.ts';

/** Lines under a heading that its section may hold: a name, three address lines, a contact. */
const SECTION_LINES = 6;

/**
 * The address in the section of the field's owner: under "Consignee:" or "Bill To" for a
 * consignee_address or a customer_address, read in the heading's own column when headings stand side
 * by side ("Shipper:            Consignee:" over two address blocks). A heading that says which of the
 * owner's addresses it is ("Deliver to:", "Adresse de livraison", "Destinazione merce") says it surest.
 */
export function ownerAddressCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  const owner = profile.sense.owner?.id;
  if (profile.kind !== 'postal_address' || !owner) return [];
  const which = profile.sense.concept?.specialises === true;
  const out: Candidate[] = [];
  for (const heading of view.lines.slice(0, 2000)) {
    // "Ship To" for ship_to_address rather than "Bill To", both the buyer's.
    const mentions = entitiesNamedAt(heading).filter((e) => e.concept === owner);
    const named = mentions.find((e) => e.words.every((w) => profile.nameWords.has(w))) ?? mentions[0];
    const label = which && heading.tokens.length <= 12 ? labelHit(view, profile, heading) : null;
    const own = label && label.score >= 0.6 ? label : null;
    if (!named && !own) continue;
    const start = own ? own.start : named!.start;
    const ownWords = own || named!.words.every((w) => profile.nameWords.has(w)) ? 0.08 : 0;
    const column = columnsOfLine(heading)?.find((c) => start >= c.start && start < c.end);
    const section: { text: string; line: ViewLine }[] = [];
    for (let id = heading.id + 1; id <= heading.id + SECTION_LINES; id++) {
      const line = view.lines[id];
      if (!line || line.page !== heading.page || partedFrom(view.lines[id - 1]!, line)) break;
      const text = column ? cellUnder(column, line) : line.text;
      if (text === undefined || text.trim() === '') break;
      section.push({ text, line });
    }
    const block = findPostalAddresses(section.map((s) => s.text))[0];
    if (!block) continue;
    const line = section[block.startLine]!.line;
    const address = line.ocr ? repairAddressWords(block.value, view.ocrWords) : block.value;
    out.push({
      value: asksForTheName(profile) ? withItsName(section.slice(0, block.startLine), address) : address,
      score: 0.55 + 0.35 * block.confidence + ownWords,
      source: 'layout',
      line,
      text: line.text,
    });
  }
  return out;
}

/**
 * "Full ship-to address as printed, including the recipient company or site name": a description
 * that asks for the name with the address ("including", "with", "inkl.", "avec", "con" … then a
 * name, a company, a site or the recipient).
 */
const WITH_NAME =
  /\b(?:includ\w*|incl\.?|inkl\.?|inklusive|einschlie\w*|mit|with|avec|y|con|incluy\w*|inclu\w*|compreso|met|inclusief)\b[^.;]{0,40}?\b(?:names?|company|companies|firm|recipient|site|consignee|nom|nombre|nome|name[ns]?|firma|empresa|soci[eé]t[eé]|azienda|naam|bedrijf|empf[aä]nger)\b/iu;

/** "…without the company name line", "ohne Firmenname": a description that leaves the name out. */
const WITHOUT_NAME =
  /\b(?:without|excluding|except|no|not|ohne|sans|sin|senza|zonder|tanpa|sem)\b[^.;]{0,30}?\b(?:names?|company|firm|recipient|site|nom|nombre|nome|firma|empresa|naam|bedrijf)/iu;

export function asksForTheName(profile: FieldProfile): boolean {
  const said = profile.field.description;
  return WITH_NAME.test(said) && !WITHOUT_NAME.test(said);
}

/** A line of a block that is not the party's name: a contact, a phone or an e-mail. */
const NOT_A_NAME = /^(?:tel|phone|fax|e-?mail|mob|mobile|contact|ph)\b|@/i;

/** The block's name lines above its address, joined to it: "Brightwater Fluid Systems, Inc., Plant 2 …". */
export function withItsName(above: { text: string }[], address: string): string {
  const names = above
    .map((s) => s.text.trim())
    .filter((t) => t !== '' && !isContactLine(t) && !NOT_A_NAME.test(t));
  return [...names, address].join(', ');
}
