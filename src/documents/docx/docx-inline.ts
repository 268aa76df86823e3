/**
 * The text of a paragraph's content: runs, hyperlinks, fields (their displayed result, never their
 * instructions), tracked insertions (deletions dropped), content controls, symbols and equations.
 * Text boxes met on the way are collected for the caller to read as paragraphs of their own.
 */
import { symbolText } from './symbol-fonts.ts';
import { firstChild, ownText, type XmlElement } from './xml.ts';

export interface InlineText {
  text: string;
  /** w:txbxContent elements anchored in the paragraph, in order. */
  boxes: XmlElement[];
  /** Relationship ids of the charts drawn in the paragraph. */
  charts: string[];
}

/** Content that is never shown as text (deleted, instructions, properties, ruby guides). */
const SKIPPED = new Set([
  'w:pPr',
  'w:rPr',
  'w:del',
  'w:moveFrom',
  'w:delText',
  'w:instrText',
  'w:delInstrText',
  'w:rt',
  'w:sdtPr',
  'w:sdtEndPr',
  'w:fldData',
  'm:rPr',
  'm:ctrlPr',
  'm:fPr',
  'm:sSupPr',
  'm:sSubPr',
  'm:radPr',
  'm:naryPr',
  'm:dPr',
  'm:funcPr',
  'm:deg',
]);

function isOn(element: XmlElement | undefined): boolean {
  if (!element) return false;
  const value = element.attrs['w:val'];
  return value === undefined || (value !== '0' && value !== 'false' && value !== 'off');
}

class InlineCollector {
  text = '';
  readonly boxes: XmlElement[] = [];
  readonly charts: string[] = [];
  /** Set after an equation, so that the text that follows does not stick to it. */
  spaceNeeded = false;
  /** One entry per open field: true while its instruction part is being read. */
  readonly fields: boolean[] = [];

  get inInstruction(): boolean {
    return this.fields.includes(true);
  }

  append(text: string): void {
    if (this.inInstruction || text === '') return;
    if (this.spaceNeeded && !/^\s/.test(text)) this.separate();
    this.spaceNeeded = false;
    this.text += text;
  }

  separate(): void {
    if (this.text !== '' && !/\s$/.test(this.text)) this.text += ' ';
  }

  field(type: string | undefined): void {
    if (type === 'begin') this.fields.push(true);
    else if (type === 'separate' && this.fields.length > 0) this.fields[this.fields.length - 1] = false;
    else if (type === 'end') this.fields.pop();
  }
}

function alternative(element: XmlElement): XmlElement | undefined {
  return firstChild(element, 'mc:Choice') ?? firstChild(element, 'mc:Fallback');
}

function mathDelimiters(element: XmlElement): [string, string] {
  const properties = firstChild(element, 'm:dPr');
  const begin = properties && firstChild(properties, 'm:begChr')?.attrs['m:val'];
  const end = properties && firstChild(properties, 'm:endChr')?.attrs['m:val'];
  return [begin ?? '(', end ?? ')'];
}

function hasMathText(element: XmlElement): boolean {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (child.name === 'm:t' ? ownText(child).trim() !== '' : hasMathText(child)) return true;
  }
  return false;
}

/** Returns true when the element was fully handled as math. */
function visitMath(element: XmlElement, out: InlineCollector): boolean {
  switch (element.name) {
    case 'm:t':
      out.append(ownText(element));
      return true;
    case 'm:den':
      out.append('/');
      return false;
    case 'm:sup':
    case 'm:sub':
      if (hasMathText(element)) out.append(element.name === 'm:sup' ? '^' : '_');
      return false;
    case 'm:oMath':
      out.separate();
      walk(element, out);
      out.spaceNeeded = true;
      return true;
    case 'm:rad':
      out.append('√');
      return false;
    case 'm:nary': {
      const chr = firstChild(firstChild(element, 'm:naryPr') ?? element, 'm:chr')?.attrs['m:val'];
      out.append(chr ?? '∫');
      return false;
    }
    case 'm:d': {
      const [begin, end] = mathDelimiters(element);
      out.append(begin);
      walk(element, out);
      out.append(end);
      return true;
    }
    default:
      return false;
  }
}

function visitRunPart(element: XmlElement, out: InlineCollector): boolean {
  switch (element.name) {
    case 'w:t':
      out.append(ownText(element));
      return true;
    case 'w:tab':
    case 'w:ptab':
      out.append('\t');
      return true;
    case 'w:br':
      out.append(element.attrs['w:type'] === 'page' ? '\f' : '\n');
      return true;
    case 'w:cr':
      out.append('\n');
      return true;
    case 'w:sym':
      out.append(symbolText(element.attrs['w:font'], element.attrs['w:char']));
      return true;
    case 'w:noBreakHyphen':
      out.append('-');
      return true;
    case 'w:fldChar':
      out.field(element.attrs['w:fldCharType']);
      return true;
    default:
      return false;
  }
}

function visit(element: XmlElement, out: InlineCollector): void {
  if (SKIPPED.has(element.name)) return;
  if (visitRunPart(element, out) || visitMath(element, out)) return;
  switch (element.name) {
    case 'w:r': {
      const properties = firstChild(element, 'w:rPr');
      if (properties && isOn(firstChild(properties, 'w:vanish'))) return;
      walk(element, out);
      return;
    }
    case 'w:txbxContent':
      out.boxes.push(element);
      return;
    case 'c:chart':
      if (element.attrs['r:id']) out.charts.push(element.attrs['r:id']);
      return;
    case 'mc:AlternateContent': {
      const chosen = alternative(element);
      if (chosen) walk(chosen, out);
      return;
    }
    case 'w:p':
      walk(element, out);
      out.append('\n');
      return;
    default:
      walk(element, out);
  }
}

function walk(parent: XmlElement, out: InlineCollector): void {
  for (const child of parent.children) if (typeof child !== 'string') visit(child, out);
}

/** Reads a paragraph's displayed text; soft hyphens (invisible unless a line wraps there) dropped. */
export function readInline(paragraph: XmlElement): InlineText {
  const out = new InlineCollector();
  walk(paragraph, out);
  return { text: out.text.replaceAll('\u00ad', ''), boxes: out.boxes, charts: out.charts };
}

export { isOn };
