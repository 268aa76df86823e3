import type { Candidate } from '../candidate.ts';
import type { DocumentView, ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { columnsOfLine } from '../line-columns.ts';
import { recognize } from '../read-value.ts';
import { lexicon } from '../vocabulary/index.ts';
import { words } from '../words.ts';

/** "/s/ Patrick J. Mahaffy": a conformed signature. */
const CONFORMED = /(^|\s)\/s\/\s*(.+?)\s*$/i;
/** What makes a signature someone's act for a company: "By: /s/ …", then "Title: CEO" or "President". */
const SIGNED_BY = /\bby\s*:?\s*\/s\/|^\s*by\s*:?\s*$/i;
/** The line's first column: the other party's block may stand beside it. */
function firstColumn(line: ViewLine): string {
  const columns = columnsOfLine(line);
  return columns?.[0] ? line.text.slice(0, columns[0].end) : line.text;
}

/** "By: Michael Osei", "By: /s/ Jane Roe": a signer's name after "By:" at the start of its line. */
const BY_NAME = /^\s*by\s*:\s*(?:\/s\/\s*)?(\p{Lu}.*)$/iu;
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
    // "By: Michael Osei" in a signature block: the person who signs, here for a company. A person
    // asked for is that signer; a party is the company, which other routes read.
    const by = profile.kind === 'person' ? BY_NAME.exec(firstColumn(line)) : null;
    if (by) {
      const person = recognize('person', by[1]!)[0];
      if (person && person.start === 0)
        out.push({ value: person.value, score: 0.65, source: 'signature', line, text: line.text });
    }
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

/** "Yours sincerely", "Mit freundlichen Grüßen", "Atentamente": what closes a letter above its signature. */
const CLOSINGS = lexicon.closings.map(words);
/** What stands before a signer's name: "i.A.", "pp", "ppa.", "Fdo.:", "gez.", "F.to", "Signed:". */
const SIGNED_FOR =
  /^\s*(?:i\.\s?A\.|i\.\s?V\.|pp\.?|p\.\s?p\.|ppa\.?|p\.\s?o\.|fdo\.?|gez\.?|get\.?|f\.\s?to|signed|firmado|sign[ée])\s*:?\s+/i;
/** The words before the firm signed for: "For and on behalf of", "Pour le", "Für die", "Por". */
const ON_BEHALF_OF =
  /^\s*(?:for and on behalf of|on behalf of|for|pour l[ea]|pour|für die|für den|für|fur|por la|por el|por|per la|per il|per|voor|namens|p\/)\s+/i;
/** Lines between a closing and the signer's name: the firm, "i.A.", a role, a blank signature space. */
const SIGNATURE_BLOCK = 6;

/** Where a line closes a letter: its words start with a closing, or (a French formula) end with one. */
function isClosing(line: ViewLine): boolean {
  const said = line.tokens.map((t) => t.word);
  if (said.length === 0 || said.length > 24) return false;
  return CLOSINGS.some(
    (c) =>
      (said.length <= c.length + 2 && c.every((w, i) => said[i] === w)) ||
      (said.length > c.length && c.every((w, i) => said[said.length - c.length + i] === w)),
  );
}

const blocks = new WeakMap<DocumentView, ViewLine[][]>();

/** The lines under each closing of a letter, on its page: where its signer and firm are named. Found once per document. */
function signatureBlocks(view: DocumentView): ViewLine[][] {
  let found = blocks.get(view);
  if (!found) {
    found = view.lines.filter(isClosing).map((closing) => {
      const block: ViewLine[] = [];
      for (let id = closing.id + 1; id <= closing.id + SIGNATURE_BLOCK; id++) {
        const below = view.lines[id];
        if (!below || below.page !== closing.page) break;
        block.push(below);
      }
      return block;
    });
    blocks.set(view, found);
  }
  return found;
}

/**
 * The person who signs a letter: the first person named in the block under its closing ("Yours
 * sincerely," … "Daniel Okafor"), past the firm's name, "i.A." and a role; of two signers side by
 * side, the first.
 */
export function closingSignerCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.sense.concept?.id !== 'signatory') return [];
  const out: Candidate[] = [];
  for (const block of signatureBlocks(view)) {
    // "J. Brückner" signs above "Jana Brückner": an initial stands in until the full name comes.
    let initial: { value: string; line: ViewLine } | undefined;
    for (const below of block) {
      const text = firstColumn(below).replace(SIGNED_FOR, '');
      // "Pour le Cabinet Lemaire Immobilier,", "For and on behalf of …": the firm signed for.
      if (ON_BEHALF_OF.test(text) || recognize('organization', text).length > 0) continue;
      const person = recognize('person', text)[0];
      if (!person || person.start > 2 || person.confidence < 0.5) continue;
      if (/^\p{Lu}\.\s/u.test(person.value) && !initial) {
        initial = { value: person.value, line: below };
        continue;
      }
      initial = undefined;
      out.push({ value: person.value, score: 0.72, source: 'signature', line: below, text: below.text });
      break;
    }
    if (initial)
      out.push({
        value: initial.value,
        score: 0.6,
        source: 'signature',
        line: initial.line,
        text: initial.line.text,
      });
  }
  return out;
}

/**
 * The firm a letter is sent for, as its signature block names it ("Hartwell Office Supplies Ltd"
 * under the signer, "Pour le Cabinet Morel Immobilier,"): the sender, with the legal form the
 * letterhead often leaves out.
 */
export function closingFirmCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  if (profile.sense.concept?.id !== 'seller') return [];
  const out: Candidate[] = [];
  for (const block of signatureBlocks(view)) {
    for (const below of block) {
      const text = firstColumn(below).replace(ON_BEHALF_OF, '').trim();
      // "Elbufer Bank eG · IBAN DE41 …": the firm on a line of bank details is the bank.
      if (recognize('iban', below.text).length > 0) continue;
      const firm = recognize('organization', text)[0];
      if (!firm || firm.start > 2) continue;
      out.push({ value: firm.value, score: 0.76, source: 'signature', line: below, text: below.text });
      break;
    }
  }
  return out;
}
