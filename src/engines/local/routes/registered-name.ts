import type { Candidate } from '../candidate.ts';
import { issuerOf, partyOf } from '../document-kind.ts';
import type { DocumentView } from '../document-view.ts';
import { containsPhrase, type FieldProfile } from '../field-profile.ts';
import { recognize } from '../read-value.ts';
import { lexicon } from '../vocabulary/index.ts';
import { words } from '../words.ts';

/** "Registered in England", "Amtsgericht", "RCS Lyon", "Registro Mercantil", "KvK": a company's registration. */
const MARKERS = lexicon.registrationMarkers.map(words);

/** "Legal name of the seller", "raison sociale": a field that asks for the registered name, not a trading one. */
const LEGAL = lexicon.legalNameWords.map(words);

const holds = (said: string[], phrases: string[][]) => phrases.some((p) => containsPhrase(said, p));

const registers = (said: string[]) => holds(said, MARKERS);

export function asksLegalName(profile: FieldProfile): boolean {
  return holds([...words(profile.field.name), ...words(profile.field.description)], LEGAL);
}

const registered = new WeakMap<DocumentView, string | null>();

/** The firm a registration line of the first page names: the document's writer, whatever its logo says. */
export function registeredFirm(view: DocumentView): string | null {
  let found = registered.get(view);
  if (found === undefined) {
    found = null;
    for (const line of view.lines) {
      if (line.page !== 1 || line.tokens.length < 3 || !registers(line.tokens.map((t) => t.word))) continue;
      const firm = recognize('organization', line.text).find((s) => s.confidence >= 0.8);
      if (firm) {
        found = firm.value;
        break;
      }
    }
    registered.set(view, found);
  }
  return found;
}

/**
 * For a field that asks for the legal name, the issuer's name as its registration line gives it ("Northmoor Creative Ltd · Registered in
 * England & Wales No. 10928374", "Netzwelt Rhein-Main GmbH · Sitz der Gesellschaft: Frankfurt"): a
 * page's footer names the firm that wrote it, with its legal form, where a logo or a hotel's trading
 * name ("Hotel Alsterblick") may not. A field that asks for no legal name keeps the letterhead's.
 */
export function registeredNameCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.kind !== 'organization' || partyOf(profile) !== issuerOf(view)) return [];
  if (profile.sense.concept?.family !== 'entity' || !asksLegalName(profile)) return [];
  const firm = registeredFirm(view);
  const line = firm === null ? undefined : view.lines.find((l) => l.page === 1 && l.text.includes(firm));
  return firm !== null && line ? [{ value: firm, score: 0.68, source: 'layout', line, text: line.text }] : [];
}

/** "(1187654-W)", "(Co. Reg. No. 201901012345)": a registration number in brackets. */
const BRACKETED_NUMBER =
  /\(\s*(?:co\.?\s*)?(?:reg(?:istration)?\.?\s*)?(?:no\.?\s*)?:?\s*([A-Z]{0,3}\d{5,}(?:-[A-Z0-9]{1,2})?)\s*\)/i;

/**
 * A firm's registration number printed in brackets after its legal name, on its line or alone on the
 * next ("SERI MEWAH RETAIL SDN BHD (1187654-W)"), as receipts of Malaysia and Singapore print it:
 * the writer's company number, at the head of the first page.
 */
export function bracketedRegistrationCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (!profile.concepts.includes('company_number') || partyOf(profile) !== issuerOf(view)) return [];
  const head = view.lines.filter((l) => l.page === 1).slice(0, 15);
  for (const [i, line] of head.entries()) {
    const match = BRACKETED_NUMBER.exec(line.text);
    if (!match) continue;
    const before = line.text.slice(0, match.index);
    const alone = before.trim() === '' && i > 0 && namesAFirm(head[i - 1]!.text);
    if (alone || namesAFirm(before))
      return [{ value: match[1]!, score: 0.68, source: 'layout', line, text: line.text }];
  }
  return [];
}

const namesAFirm = (text: string) => recognize('organization', text).some((s) => s.confidence >= 0.8);
