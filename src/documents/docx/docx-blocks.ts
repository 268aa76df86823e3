/**
 * Walks block-level content (the body, a table cell, a text box, a header…) into a flat list of
 * paragraphs and tables, in reading order. Paragraph text uses "\n" for line breaks and "\f" for
 * page breaks; the page assembler splits on them.
 */
import type { Block, TableBlock } from './block-types.ts';
import { readChart } from './docx-chart.ts';
import { isOn, readInline } from './docx-inline.ts';
import type { ListNumbering } from './docx-numbering.ts';
import type { StyleSheet } from './docx-styles.ts';
import { readTable } from './docx-table.ts';
import { childElements, firstChild, type XmlElement } from './xml.ts';

export interface BlockContext {
  styles: StyleSheet;
  numbering: ListNumbering;
  /** Section types ("nextPage", "continuous"…) of the body's sections, in order. */
  sectionTypes: string[];
  /** How many section ends have been met so far. */
  sectionsEnded: number;
  /** The chart part a relationship id of the part being read points to. */
  chart(relationshipId: string): XmlElement | undefined;
}

/** Wrappers whose children are block content as if they stood in the parent. */
const TRANSPARENT = new Set(['w:customXml', 'w:ins', 'w:moveTo', 'w:smartTag', 'w:sdtContent']);

function sectionType(sectPr: XmlElement): string {
  return firstChild(sectPr, 'w:type')?.attrs['w:val'] ?? 'nextPage';
}

/** The section types of a body, from the sections closed by paragraphs and the body's own. */
export function bodySectionTypes(body: XmlElement): string[] {
  const types: string[] = [];
  for (const child of childElements(body)) {
    if (child.name === 'w:p') {
      const sectPr = firstChild(firstChild(child, 'w:pPr') ?? child, 'w:sectPr');
      if (sectPr) types.push(sectionType(sectPr));
    } else if (child.name === 'w:sectPr') {
      types.push(sectionType(child));
    }
  }
  return types;
}

/** A section ends with this paragraph: the next section's type says whether a new page starts. */
function sectionBreak(pPr: XmlElement | undefined, context: BlockContext): string {
  if (!pPr || !firstChild(pPr, 'w:sectPr')) return '';
  context.sectionsEnded += 1;
  const next = context.sectionTypes[context.sectionsEnded];
  return next !== undefined && next !== 'continuous' ? '\f' : '';
}

function readParagraph(paragraph: XmlElement, context: BlockContext, out: Block[]): void {
  const pPr = firstChild(paragraph, 'w:pPr');
  const inline = readInline(paragraph);
  const list = context.styles.numbering(pPr);
  const label = list ? context.numbering.next(list.numId, list.level) : '';
  const before = pPr && isOn(firstChild(pPr, 'w:pageBreakBefore')) ? '\f' : '';
  const body = label && inline.text.trim() !== '' ? `${label} ${inline.text}` : inline.text;
  const heading = context.styles.headingLevel(pPr);
  out.push({
    kind: 'paragraph',
    text: before + body + sectionBreak(pPr, context),
    ...(heading === undefined ? {} : { heading }),
  });
  for (const box of inline.boxes) readBlocks(box, context, out);
  for (const id of inline.charts) {
    const chart = context.chart(id);
    if (chart) out.push(...readChart(chart));
  }
}

function alternative(element: XmlElement): XmlElement | undefined {
  return firstChild(element, 'mc:Choice') ?? firstChild(element, 'mc:Fallback');
}

/** A one-cell table is a layout frame (a box around text), not data: its content is read as is. */
function tableOrContent(table: TableBlock): Block[] {
  const only = table.rows.length === 1 && table.rows[0]!.length === 1 ? table.rows[0]![0] : undefined;
  return only ? only.content : [table];
}

/** Appends the blocks found under `parent` to `out`. */
export function readBlocks(parent: XmlElement, context: BlockContext, out: Block[] = []): Block[] {
  for (const child of childElements(parent)) {
    if (child.name === 'w:p') readParagraph(child, context, out);
    else if (child.name === 'w:tbl')
      out.push(...tableOrContent(readTable(child, (cell) => readBlocks(cell, context))));
    else if (child.name === 'w:sdt') readBlocks(firstChild(child, 'w:sdtContent') ?? child, context, out);
    else if (TRANSPARENT.has(child.name)) readBlocks(child, context, out);
    else if (child.name === 'mc:AlternateContent') {
      const chosen = alternative(child);
      if (chosen) readBlocks(chosen, context, out);
    }
  }
  return out;
}
