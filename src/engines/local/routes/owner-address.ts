import { findPostalAddresses } from '../../recognizers/index.ts';
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
    out.push({
      value: line.ocr ? repairAddressWords(block.value, view.ocrWords) : block.value,
      score: 0.55 + 0.35 * block.confidence + ownWords,
      source: 'layout',
      line,
      text: line.text,
    });
  }
  return out;
}
