/**
 * Paragraph styles, as far as text extraction needs them: which styles are headings (by name or
 * outline level, following basedOn) and which carry list numbering.
 */
import { childElements, firstChild, type XmlElement } from './xml.ts';

export interface NumberingRef {
  numId: string;
  level: number;
}

interface ParagraphStyle {
  name: string;
  basedOn?: string;
  outlineLevel?: number;
  numbering?: Partial<NumberingRef>;
}

export interface StyleSheet {
  /** Heading level 1–6 of a paragraph, from its own outline level or its style chain. */
  headingLevel(pPr: XmlElement | undefined): number | undefined;
  /** The list numbering a paragraph takes, directly or from its style chain. */
  numbering(pPr: XmlElement | undefined): NumberingRef | undefined;
}

const MAX_CHAIN = 16;

function val(element: XmlElement | undefined): string | undefined {
  return element?.attrs['w:val'];
}

function intVal(element: XmlElement | undefined): number | undefined {
  const value = val(element);
  if (value === undefined) return undefined;
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function readNumPr(pPr: XmlElement | undefined): Partial<NumberingRef> | undefined {
  const numPr = pPr && firstChild(pPr, 'w:numPr');
  if (!numPr) return undefined;
  const numId = val(firstChild(numPr, 'w:numId'));
  const level = intVal(firstChild(numPr, 'w:ilvl'));
  return { ...(numId === undefined ? {} : { numId }), ...(level === undefined ? {} : { level }) };
}

function readStyle(style: XmlElement): ParagraphStyle {
  const pPr = firstChild(style, 'w:pPr');
  const basedOn = val(firstChild(style, 'w:basedOn'));
  const outlineLevel = intVal(pPr && firstChild(pPr, 'w:outlineLvl'));
  const numbering = readNumPr(pPr);
  return {
    name: (val(firstChild(style, 'w:name')) ?? '').toLowerCase(),
    ...(basedOn === undefined ? {} : { basedOn }),
    ...(outlineLevel === undefined ? {} : { outlineLevel }),
    ...(numbering === undefined ? {} : { numbering }),
  };
}

/** Outline levels are 0-based and 9 means body text; the model keeps headings 1–6. */
function levelFromOutline(outline: number): number | undefined {
  if (outline < 0 || outline > 8) return undefined;
  return Math.min(outline + 1, 6);
}

function levelFromName(name: string): number | undefined {
  const match = /^heading\s*([1-9])$/.exec(name);
  if (match) return Math.min(Number(match[1]), 6);
  return name === 'title' ? 1 : undefined;
}

class Styles implements StyleSheet {
  readonly styles = new Map<string, ParagraphStyle>();
  defaultStyle: string | undefined;

  chain(pPr: XmlElement | undefined): { id: string; style: ParagraphStyle | undefined }[] {
    const out: { id: string; style: ParagraphStyle | undefined }[] = [];
    let id = val(pPr && firstChild(pPr, 'w:pStyle')) ?? this.defaultStyle;
    while (id !== undefined && out.length < MAX_CHAIN && !out.some((entry) => entry.id === id)) {
      const style = this.styles.get(id);
      out.push({ id, style });
      id = style?.basedOn;
    }
    return out;
  }

  headingLevel(pPr: XmlElement | undefined): number | undefined {
    const own = intVal(pPr && firstChild(pPr, 'w:outlineLvl'));
    if (own !== undefined) return levelFromOutline(own);
    for (const { id, style } of this.chain(pPr)) {
      const level =
        levelFromName(style?.name ?? '') ??
        levelFromName(id.toLowerCase().replace(/^heading(\d)$/, 'heading $1')) ??
        (style?.outlineLevel === undefined ? undefined : levelFromOutline(style.outlineLevel));
      if (level !== undefined || style?.outlineLevel !== undefined) return level;
    }
    return undefined;
  }

  numbering(pPr: XmlElement | undefined): NumberingRef | undefined {
    const own = readNumPr(pPr);
    let numId = own?.numId;
    let level = own?.level;
    for (const { style } of this.chain(pPr)) {
      if (numId !== undefined && level !== undefined) break;
      numId ??= style?.numbering?.numId;
      level ??= style?.numbering?.level;
    }
    if (numId === undefined || numId === '0') return undefined;
    return { numId, level: level ?? 0 };
  }
}

/** Reads styles.xml (absent → only direct formatting and well-known style ids count). */
export function readStyles(root: XmlElement | undefined): StyleSheet {
  const sheet = new Styles();
  if (!root) return sheet;
  for (const style of childElements(root, 'w:style')) {
    if ((style.attrs['w:type'] ?? 'paragraph') !== 'paragraph') continue;
    const id = style.attrs['w:styleId'];
    if (id === undefined) continue;
    sheet.styles.set(id, readStyle(style));
    if (style.attrs['w:default'] === '1' || style.attrs['w:default'] === 'true') sheet.defaultStyle = id;
  }
  return sheet;
}
