/**
 * A small, strict-enough XML parser for OOXML parts (no XML library is installed). It builds a
 * light tree, resolves namespaces and renames every prefix to a canonical one, so that readers can
 * match "w:p" whatever prefix the producer chose (Strict and Transitional OOXML use different URIs).
 * It never fetches or expands DTD entities.
 */
import { AppError } from '../../errors.ts';

export interface XmlElement {
  /** "prefix:local" with the canonical prefix, or the bare local name without a namespace. */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

const CANONICAL_PREFIX: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/officeDocument/2006/math': 'm',
  'http://purl.oclc.org/ooxml/officeDocument/math': 'm',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/drawingml/2006/chart': 'c',
  'http://purl.oclc.org/ooxml/drawingml/chart': 'c',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingShape': 'wps',
  'http://schemas.microsoft.com/office/word/2010/wordml': 'w14',
  'urn:schemas-microsoft-com:vml': 'v',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'rel',
  'http://schemas.openxmlformats.org/package/2006/content-types': 'ct',
  'http://www.w3.org/XML/1998/namespace': 'xml',
};

/**
 * Beyond this many elements a part is refused rather than built in memory (about 1.5 GB at 2M;
 * a 500-page document has a few hundred thousand).
 */
export const MAX_XML_ELEMENTS = 2_000_000;

/** Nesting depth accepted; real documents stay far below it. */
export const MAX_XML_DEPTH = 500;

type Scope = Record<string, string>;

const ROOT_SCOPE: Scope = { xml: 'http://www.w3.org/XML/1998/namespace' };

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function malformed(reason: string): AppError {
  return new AppError('corrupt_document', { reason: `malformed XML: ${reason}` });
}

function decodeEntity(body: string): string | undefined {
  if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(Number.parseInt(body.slice(2), 16));
  if (body.startsWith('#')) return codePoint(Number.parseInt(body.slice(1), 10));
  return NAMED_ENTITIES[body];
}

function codePoint(value: number): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value > 0x10ffff) return undefined;
  return String.fromCodePoint(value);
}

/** Unknown entities (from a DTD we never read) are kept literally. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([#a-zA-Z0-9]+);/g, (whole, body: string) => decodeEntity(body) ?? whole);
}

/** Decodes a part's bytes, honouring a UTF-16 byte order mark. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

function qualifyUncached(rawName: string, scope: Scope, isAttribute: boolean): string {
  const colon = rawName.indexOf(':');
  const prefix = colon < 0 ? '' : rawName.slice(0, colon);
  const local = colon < 0 ? rawName : rawName.slice(colon + 1);
  // Unprefixed attributes have no namespace; unprefixed elements take the default one.
  if (colon < 0 && isAttribute) return local;
  const uri = scope[prefix];
  if (uri === undefined) return rawName;
  const canonical = CANONICAL_PREFIX[uri] ?? prefix;
  return canonical === '' ? local : `${canonical}:${local}`;
}

/** Names repeat endlessly and scopes rarely change: one string per name and scope, not per use. */
const qualifiedNames = new WeakMap<Scope, Map<string, string>>();

function qualify(rawName: string, scope: Scope, isAttribute: boolean): string {
  let names = qualifiedNames.get(scope);
  if (!names) {
    names = new Map();
    qualifiedNames.set(scope, names);
  }
  const key = isAttribute ? `@${rawName}` : rawName;
  let name = names.get(key);
  if (name === undefined) {
    name = qualifyUncached(rawName, scope, isAttribute);
    names.set(key, name);
  }
  return name;
}

interface RawTag {
  name: string;
  attrs: [string, string][];
  selfClosing: boolean;
  end: number;
}

const NAME_END = /[\s/>]/g;
const SPACE = /\s/;

function readName(text: string, from: number): string {
  NAME_END.lastIndex = from;
  const match = NAME_END.exec(text);
  const end = match ? match.index : text.length;
  return text.slice(from, end);
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && SPACE.test(text[i]!)) i++;
  return i;
}

function readAttribute(text: string, at: number, attrs: [string, string][]): number {
  const eq = text.indexOf('=', at);
  if (eq < 0) throw malformed('attribute without value');
  const name = text.slice(at, eq).trim();
  const quoteAt = skipSpace(text, eq + 1);
  const quote = text[quoteAt];
  if (quote !== '"' && quote !== "'") throw malformed('unquoted attribute');
  const close = text.indexOf(quote, quoteAt + 1);
  if (close < 0) throw malformed('unterminated attribute');
  attrs.push([name, decodeEntities(text.slice(quoteAt + 1, close))]);
  return close + 1;
}

function readTag(text: string, start: number): RawTag {
  const name = readName(text, start + 1);
  if (name === '') throw malformed('empty tag name');
  const attrs: [string, string][] = [];
  let at = start + 1 + name.length;
  for (;;) {
    at = skipSpace(text, at);
    const char = text[at];
    if (char === undefined) throw malformed('unterminated tag');
    if (char === '>') return { name, attrs, selfClosing: false, end: at + 1 };
    if (char === '/' && text[at + 1] === '>') return { name, attrs, selfClosing: true, end: at + 2 };
    at = readAttribute(text, at, attrs);
  }
}

function openScope(parent: Scope, attrs: [string, string][]): Scope {
  let scope = parent;
  for (const [name, value] of attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === parent) scope = Object.create(parent) as Scope;
      scope[name === 'xmlns' ? '' : name.slice(6)] = value;
    }
  }
  return scope;
}

/** Shared by every element without attributes or children; the parser never writes to them. */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN: XmlNode[] = Object.freeze([]) as unknown as XmlNode[];

function buildElement(tag: RawTag, scope: Scope): XmlElement {
  let attrs = NO_ATTRIBUTES;
  for (const [name, value] of tag.attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    if (attrs === NO_ATTRIBUTES) attrs = {};
    attrs[qualify(name, scope, true)] = value;
  }
  return { name: qualify(tag.name, scope, false), attrs, children: tag.selfClosing ? NO_CHILDREN : [] };
}

function skipDoctype(text: string, start: number): number {
  const bracket = text.indexOf('[', start);
  const close = text.indexOf('>', start);
  if (close < 0) throw malformed('unterminated DOCTYPE');
  if (bracket < 0 || bracket > close) return close + 1;
  const subsetEnd = text.indexOf(']', bracket);
  const end = subsetEnd < 0 ? -1 : text.indexOf('>', subsetEnd);
  if (end < 0) throw malformed('unterminated DOCTYPE');
  return end + 1;
}

function skipUntil(text: string, at: number, marker: string): number {
  const end = text.indexOf(marker, at);
  if (end < 0) throw malformed(`missing ${marker}`);
  return end + marker.length;
}

interface Frame {
  element: XmlElement;
  rawName: string;
  scope: Scope;
}

class TreeBuilder {
  readonly stack: Frame[] = [];
  root: XmlElement | undefined;
  count = 0;
  readonly maxElements: number;
  constructor(maxElements: number) {
    this.maxElements = maxElements;
  }

  text(value: string): void {
    const top = this.stack.at(-1);
    if (top) top.element.children.push(value);
    else if (value.trim() !== '') throw malformed('text outside the root element');
  }

  open(tag: RawTag): void {
    if (++this.count > this.maxElements) {
      throw new AppError('document_too_complex', { limit_xml_elements: this.maxElements });
    }
    const parent = this.stack.at(-1);
    if (!parent && this.root) throw malformed('more than one root element');
    const scope = openScope(parent?.scope ?? ROOT_SCOPE, tag.attrs);
    const element = buildElement(tag, scope);
    if (parent) parent.element.children.push(element);
    else this.root = element;
    if (tag.selfClosing) return;
    // Readers walk the tree recursively: an absurd depth is refused here, not as a stack overflow.
    if (this.stack.length >= MAX_XML_DEPTH)
      throw new AppError('document_too_complex', { limit_xml_depth: MAX_XML_DEPTH });
    this.stack.push({ element, rawName: tag.name, scope });
  }

  close(rawName: string): void {
    const top = this.stack.pop();
    if (!top || top.rawName !== rawName) throw malformed(`unexpected </${rawName}>`);
  }
}

function readMarkup(text: string, at: number, tree: TreeBuilder): number {
  if (text.startsWith('<!--', at)) return skipUntil(text, at + 4, '-->');
  if (text.startsWith('<![CDATA[', at)) {
    const end = skipUntil(text, at + 9, ']]>');
    tree.text(text.slice(at + 9, end - 3));
    return end;
  }
  if (text.startsWith('<?', at)) return skipUntil(text, at + 2, '?>');
  if (text.startsWith('<!DOCTYPE', at)) return skipDoctype(text, at);
  if (text[at + 1] === '/') {
    const end = skipUntil(text, at + 2, '>');
    tree.close(text.slice(at + 2, end - 1).trim());
    return end;
  }
  const tag = readTag(text, at);
  tree.open(tag);
  return tag.end;
}

/** Parses a whole XML document; malformed input → corrupt_document. */
export function parseXml(text: string, maxElements = MAX_XML_ELEMENTS): XmlElement {
  const tree = new TreeBuilder(maxElements);
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > at) tree.text(decodeEntities(text.slice(at, textEnd)));
    if (lt < 0) break;
    at = readMarkup(text, lt, tree);
  }
  if (tree.stack.length > 0) throw malformed(`unclosed <${tree.stack.at(-1)!.rawName}>`);
  if (!tree.root) throw malformed('no root element');
  return tree.root;
}

/** Parses a part's bytes. */
export function parseXmlBytes(bytes: Uint8Array): XmlElement {
  return parseXml(decodeXmlBytes(bytes));
}

/** Direct child elements, optionally only those named `name`. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string' && (name === undefined || child.name === name)) out.push(child);
  }
  return out;
}

/** First direct child element named `name`. */
export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (typeof child !== 'string' && child.name === name) return child;
  }
  return undefined;
}

/** Concatenated text nodes directly under the element. */
export function ownText(element: XmlElement): string {
  let text = '';
  for (const child of element.children) if (typeof child === 'string') text += child;
  return text;
}
