import type { DocumentView, ViewLine } from './document-view.ts';
import type { FieldProfile } from './field-profile.ts';
import { CONCEPTS } from './field-sense.ts';
import { columnsOfLine } from './line-columns.ts';
import { recognize } from './read-value.ts';
import { valueKey } from './select.ts';
import { lexicon } from './vocabulary/index.ts';
import { words } from './words.ts';

/** Lines from the top of the first page searched for the document's title. */
const TITLE_LINES = 15;

const BUYER_TITLES = new Set(lexicon.issuedByBuyer.titles.map((t) => words(t).join(' ')));

const issuers = new WeakMap<DocumentView, 'seller' | 'buyer'>();

/**
 * Who wrote the document, and so whose name heads it: the seller on an invoice, a receipt or a
 * quote; the buyer on a purchase order ("PURCHASE ORDER", "Bestellung", "Bon de commande" as a
 * title of its own near the top), whose letterhead is the buyer's and whose addressee the supplier.
 */
export function issuerOf(view: DocumentView): 'seller' | 'buyer' {
  let found = issuers.get(view);
  if (!found) {
    const head = view.lines.filter((line) => line.page === 1).slice(0, HEAD_LINES);
    const titled = head
      .slice(0, TITLE_LINES)
      .some((line) => (columnsOfLine(line) ?? [line]).some((c) => BUYER_TITLES.has(titleOf(c.text))));
    found = titled && !buyerNamedApart(head) ? 'buyer' : 'seller';
    issuers.set(view, found);
  }
  return found;
}

/** "BON DE COMMANDE N° BC25-0731", "PURCHASE ORDER # 4471": a title with its own number after it. */
const TITLE_NUMBER =
  /\s+(?:n°|nº|no\.?|nr\.?|#|number|nummer|numéro|numero|núm\.?|n\.)\s*:?\s*[\p{L}\p{N}][\p{L}\p{N}\-/.]*$/iu;

/**
 * The title without its number, when two words or more stay: "Bestellung" is read as "order", and
 * "Order No: 158" heads a restaurant's receipt, not a purchase order.
 */
function titleOf(text: string): string {
  const whole = words(text);
  const title = words(text.trim().replace(TITLE_NUMBER, ''));
  return title.length >= 2 ? title.join(' ') : whole.join(' ');
}

/** Lines of the first page where the parties are named. */
const HEAD_LINES = 40;

/**
 * "Buyer: Northwind Traders Ltd" under a letterhead of ACME: an order that names another firm its
 * buyer was written by the seller (an order confirmation, a sales order), whatever its title.
 */
function buyerNamedApart(head: ViewLine[]): boolean {
  const letterhead = head[0] && firstName(head[0].text);
  if (!letterhead) return false;
  return head.slice(1).some((line) =>
    (columnsOfLine(line) ?? [line]).some((column) => {
      const label = /^([^:]{2,30}):\s*(.+)$/.exec(column.text.trim());
      if (!label || !BUYER_LABELS.has(words(label[1]!).join(' '))) return false;
      const name = firstName(label[2]!);
      return name !== undefined && name !== letterhead;
    }),
  );
}

/** "Buyer:", "Customer:", "Sold to:": labels that name the buyer. */
const BUYER_LABELS = new Set(CONCEPTS.find((c) => c.id === 'buyer')!.phrases.map((p) => p.join(' ')));

/** The first word of the first organisation a text names, to tell two firms apart. */
function firstName(text: string): string | undefined {
  const span = recognize('organization', text)[0];
  return span ? words(span.value)[0] : undefined;
}

/** The party a field asks for the name or address of, when it is one of the two of a sale. */
export function partyOf(profile: FieldProfile): 'seller' | 'buyer' | undefined {
  const id = profile.sense.concept?.id;
  if (id === 'seller' || id === 'buyer') return id;
  const owner = profile.sense.owner?.id;
  if (owner === 'seller' || owner === 'buyer') return owner;
  // An address that names no owner is the issuer's, as the page head gives it.
  return profile.kind === 'postal_address' ? 'seller' : undefined;
}

const letterheads = new WeakMap<DocumentView, string | null>();

/**
 * The name heading the first page, as letters and digits in capitals: the writer's own. The other
 * party of a sale is never it ("Account Name: Awanbiru Systems Sdn. Bhd." in the writer's bank details).
 */
export function letterheadKey(view: DocumentView): string | null {
  let found = letterheads.get(view);
  if (found === undefined) {
    const page = view.lines.filter((line) => line.page === 1);
    const span =
      page.slice(0, 3).flatMap((line) => recognize('organization', line.text))[0] ?? namedByLogo(page);
    found = span ? valueKey(span.value) : null;
    letterheads.set(view, found);
  }
  return found;
}

/** Lines of the head searched for the firm a logo names. */
const LOGO_REACH = 10;

/**
 * A logo's word over the firm's block ("FJORDKAFFE" at the top, "Fjordkaffe ApS / Havnegade 9" in
 * the sender's block under it): the firm in the head whose name opens with the first line's first
 * word is the writer.
 */
function namedByLogo(page: DocumentView['lines']) {
  const logo = words(page[0]?.text ?? '')[0];
  if (!logo || logo.length < 4) return undefined;
  return page
    .slice(1, LOGO_REACH)
    .flatMap((line) => recognize('organization', line.text))
    .find((span) => words(span.value)[0] === logo);
}
