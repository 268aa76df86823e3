import { findPostalAddresses, HONORIFICS, isContactLine, withoutCourtesy } from '../../recognizers/index.ts';
import type { Candidate } from '../candidate.ts';
import { issuerOf, partyOf } from '../document-kind.ts';
import { type DocumentView, partedFrom, type ViewLine } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { isOnlyLabel } from '../field-sense.ts';
import { columnsOfLine } from '../line-columns.ts';
import { repairAddressWords } from '../ocr-text.ts';
import { recognize } from '../read-value.ts';
import { asksForTheName, withItsName } from './owner-address.ts';
import { entitiesNamedAt } from './owner-context.ts';

/** Lines of the first page searched for the block a letter or a bill is addressed to. */
const HEAD_LINES = 45;
/** Lines a name and an address block hold at most. */
const BLOCK_LINES = 8;

interface Piece {
  text: string;
  line: ViewLine;
  x: number;
}

/**
 * Whom a letter, a bill or an invoice is addressed to when no label says so: the name heading the
 * address block that is not the sender's ("Mr Daniel Hughes / Flat 3 / 27 Clarendon Road / Bristol"),
 * read in its own column beside the account details. The name loses its courtesy title ("Herrn",
 * "Mr"); a block under another party's heading ("From:", "Remit to") is not the addressee's.
 */
export function recipientCandidates(view: DocumentView, profile: FieldProfile): Candidate[] {
  // The addressee is the party that did not write the document: the buyer of an invoice, the
  // supplier of a purchase order.
  // …or the one a payslip, a hotel bill or a policy schedule is about: its employee, guest, policyholder.
  const holder = holderOf(profile);
  const addressee = holder ?? (issuerOf(view) === 'seller' ? 'buyer' : 'seller');
  if (!holder && partyOf(profile) !== addressee) return [];
  const forAddress = profile.kind === 'postal_address';
  if (!forAddress && profile.sense.concept?.id !== addressee) return [];
  const out: Candidate[] = [];
  for (const block of headBlocks(view)) {
    // A holder's block is read under its own heading only; a party's, under any line naming one.
    const heading = holder
      ? blockHeading(view, block)
      : (entitiesNamedAt(block[0]!.line)[0]?.concept ?? entitiesNamedAt(aboveOf(view, block))[0]?.concept);
    if (heading && heading !== addressee) continue;
    const lines = block.map((p) => p.text);
    const address = findPostalAddresses(lines).find((a) => a.startLine >= 1);
    if (!address) continue;
    const top = heading && isHeading(lines[0]!) ? 1 : 0;
    const bonus = heading === addressee ? 0.1 : 0;
    if (forAddress) {
      const line = block[address.startLine]!.line;
      const value = line.ocr ? repairAddressWords(address.value, view.ocrWords) : address.value;
      out.push({
        value: asksForTheName(profile)
          ? withItsName(
              lines.slice(top, address.startLine).map((text) => ({ text })),
              value,
            )
          : value,
        score: 0.5 + 0.3 * address.confidence + bonus,
        source: 'layout',
        line,
        text: line.text,
      });
      continue;
    }
    const above = lines.slice(top, address.startLine);
    const name =
      profile.kind === 'person' && !holder
        ? (personOf(above) ?? nameOf(above))
        : profile.kind === 'organization'
          ? (firmOf(above) ?? nameOf(above))
          : nameOf(above);
    if (!name) continue;
    // A firm heading a block ("Cedar Ridge Medical Group, LLC") is not the employee or the guest.
    if (profile.kind === 'person' && recognize('organization', name.value).length > 0) continue;
    const line = block[top + name.index]!.line;
    out.push({
      value: name.value,
      score: 0.58 + (name.titled ? 0.12 : 0) + (name.recognised ? 0.05 : 0) + bonus,
      source: 'layout',
      line,
      text: line.text,
    });
  }
  return out;
}

/** The concept a field asks for the holder of, or the address of, when a document is addressed to its holder. */
function holderOf(profile: FieldProfile): string | undefined {
  const { concept, owner } = profile.sense;
  if (concept?.addressee) return concept.id;
  return profile.kind === 'postal_address' && owner?.addressee ? owner.id : undefined;
}

const headsBlocks = new WeakMap<DocumentView, Piece[][]>();

/**
 * The blocks of the first page's head, less the letterhead (the sender's own), found once per
 * document: every field asking for the addressee, and the issuer's, looks at them.
 */
function headBlocks(view: DocumentView): Piece[][] {
  let found = headsBlocks.get(view);
  if (!found) {
    const head = view.lines.filter((l) => l.page === 1).slice(0, HEAD_LINES);
    found = blocks(head).filter((block) => block[0]!.line.id !== head[0]?.id);
    headsBlocks.set(view, found);
  }
  return found;
}

const addressees = new WeakMap<DocumentView, Map<number, string[]>>();

/**
 * The pieces of the first page's head that belong to the addressee's block, by line: under a heading
 * naming the party that did not write the document ("Invoice To:", "Rechnungsempfänger"), or holding
 * an attention line ("z. Hd. Reisestelle", "Attn: Accounts"). The writer's name is not among them,
 * however its legal form ("Ltd", "AG") makes them read like a firm's name.
 */
export function addresseePieces(view: DocumentView): Map<number, string[]> {
  let found = addressees.get(view);
  if (found) return found;
  found = new Map();
  const addressee = issuerOf(view) === 'seller' ? 'buyer' : 'seller';
  for (const block of headBlocks(view)) {
    const heading = headingOf(block[0]!, block[0]!.line) ?? headingOf(block[0]!, aboveOf(view, block));
    const attention = block.some((p) => isContactLine(p.text));
    if (heading !== addressee && !(attention && heading === undefined)) continue;
    for (const piece of block) found.set(piece.line.id, [...(found.get(piece.line.id) ?? []), piece.text]);
  }
  addressees.set(view, found);
  return found;
}

/**
 * The party a heading names where the block's column starts ("Invoice To:" over the block), not in
 * a remark across the page ("ORIGINAL FOR RECIPIENT").
 */
function headingOf(piece: Piece, line: ViewLine): string | undefined {
  const at = line.text.indexOf(piece.text.split(/\s+/)[0] ?? '');
  const first = line.tokens[0]?.start;
  return entitiesNamedAt(line).find((e) => e.start === first || (line === piece.line && e.start === at))
    ?.concept;
}

/** The first line above the block, for a heading set apart ("BILL TO" then a blank line). */
function aboveOf(view: DocumentView, block: Piece[]): ViewLine {
  const first = block[0]!.line;
  return view.lines[first.id - 1] ?? first;
}

/**
 * The party a block's heading names: on its first line, or on the line above when that line is a
 * heading of its own in the block's column ("BILL TO" then a blank line), not a labelled value
 * ("Pay Date:  03/21/2025" does not name the payer).
 */
function blockHeading(view: DocumentView, block: Piece[]): string | undefined {
  const first = block[0]!;
  const own = headingOf(first, first.line);
  if (own) return own;
  const above = view.lines[first.line.id - 1];
  if (!above) return undefined;
  const whole = { text: above.text, start: 0, end: above.text.length, x0: firstX(above), x1: Infinity };
  const columns = columnsOfLine(above) ?? [whole];
  const column = columns.find((c) => close(first, { text: c.text, line: above, x: c.x0 }));
  if (!column || !isHeading(column.text)) return undefined;
  // "Pay Date:   03/21/2025" is a label and its value, not a heading over the block.
  const next = columns[columns.indexOf(column) + 1];
  if (/[:：]\s*$/.test(column.text) && next && !/[:：]/.test(next.text) && /\d/.test(next.text))
    return undefined;
  return entitiesNamedAt(above).find(
    (e) =>
      e.start >= column.start &&
      e.start < column.end &&
      above.text.slice(column.start, e.start).trim() === '',
  )?.concept;
}

const isHeading = (text: string) => text.trim().split(/\s+/).length <= 4 && !/\d/.test(text);

/**
 * The name above an address block, read upwards: past a contact line ("Attn: Facilities Manager") and
 * a short line of the address itself ("Flat 3"), to the first line that reads as a name, less its
 * courtesy title, or after a title set on a line of its own ("Herrn" / "Thomas Becker").
 */
function nameOf(
  lines: string[],
): { value: string; index: number; titled: boolean; recognised: boolean } | null {
  for (let index = lines.length - 1; index >= 0; index--) {
    const raw = lines[index]!.trim();
    const words = raw.split(/\s+/);
    if (isContactLine(raw) || (words.length <= 3 && /\d/.test(raw))) continue;
    const titled = HONORIFICS.has(bare(words[0]!));
    const rest = titled ? words.slice(1) : words;
    if (rest.length === 0) return null;
    const value = rest.join(' ').replace(/[,;:]+$/, '');
    if (!readsAsName(value)) return null;
    const above = lines[index - 1]?.trim() ?? '';
    const titledAbove = above !== '' && !/\s/.test(above) && HONORIFICS.has(bare(above));
    const recognised = recognize('person', value).length > 0 || recognize('organization', value).length > 0;
    return { value, index, titled: titled || titledAbove, recognised };
  }
  return null;
}

/**
 * The firm a block is addressed to, for a field that asks for a firm: "Wohnbau Franken eG" over
 * "Frau Petra Lenz", whichever of them stands nearer the address.
 */
function firmOf(
  lines: string[],
): { value: string; index: number; titled: boolean; recognised: boolean } | null {
  for (const [index, line] of lines.entries()) {
    const value = line.trim().replace(/[,;:]+$/, '');
    if (isContactLine(value) || !readsAsName(value)) continue;
    const firm = recognize('organization', value)[0];
    if (firm && firm.start === 0 && firm.end >= value.length - 1)
      // Its legal form names it a firm as surely as a courtesy title names a person.
      return { value, index, titled: true, recognised: true };
  }
  return null;
}

/**
 * The person a block is addressed to, for a field that asks for a person of the addressee party:
 * "Ms Priya Raman" over "Accounts Payable" and the firm, "T.a.v. de heer Martijn de Boer" under it.
 */
function personOf(
  lines: string[],
): { value: string; index: number; titled: boolean; recognised: boolean } | null {
  for (const [index, line] of lines.entries()) {
    // withoutCourtesy drops "Attn:", "T.a.v. de heer", "Ms": a line it shortens was addressed to someone.
    const raw = line.trim();
    const named = withoutCourtesy(raw);
    const value = named.replace(/[,;:]+$/, '');
    if (value === '' || !readsAsName(value) || recognize('organization', value).length > 0) continue;
    const titled = HONORIFICS.has(bare(raw.split(/\s+/)[0]!)) || named !== raw;
    if (titled || recognize('person', value).length > 0) return { value, index, titled, recognised: true };
  }
  return null;
}

const bare = (word: string) => word.toLowerCase().replace(/\.$/, '');

/** Two to eight words, starting with a capital, no digits, no label: a person's or a firm's name. */
function readsAsName(text: string): boolean {
  const words = text.split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 8 &&
    /^\p{Lu}/u.test(text) &&
    !/\d|[:@/]/.test(text) &&
    // "Due date", "Site Address": a label heading a column, not a name.
    !isOnlyLabel(text)
  );
}

/**
 * Runs of lines standing one under another in the same column: a line's first column, or another
 * column that starts where the run's did (a block on the right beside the sender's details).
 */
function blocks(lines: ViewLine[]): Piece[][] {
  const runs: Piece[][] = [];
  let open: Piece[][] = [];
  for (const line of lines) {
    const pieces: Piece[] = (columnsOfLine(line) ?? [{ text: line.text, x0: firstX(line) }]).map((c) => ({
      text: c.text.trim(),
      line,
      x: c.x0,
    }));
    const next: Piece[][] = [];
    for (const piece of pieces) {
      if (piece.text === '') continue;
      const run = open.find((r) => {
        const last = r.at(-1)!;
        return last.line.id === line.id - 1 && close(last, piece) && !partedFrom(last.line, line);
      });
      if (run && run.length < BLOCK_LINES) {
        run.push(piece);
        next.push(run);
      } else {
        const fresh = [piece];
        runs.push(fresh);
        next.push(fresh);
      }
    }
    open = next;
  }
  return runs.filter((r) => r.length >= 2);
}

/** Where a line's text starts: its box, else its indentation in characters. */
function firstX(line: ViewLine): number {
  return line.bbox?.x0 ?? line.text.length - line.text.trimStart().length;
}

/** Two pieces start at the same place: within two characters, or half a line's height on a page. */
function close(a: Piece, b: Piece): boolean {
  const box = a.line.bbox;
  const tolerance = box ? 0.5 * (box.y1 - box.y0) : 2;
  return Math.abs(a.x - b.x) <= tolerance;
}
