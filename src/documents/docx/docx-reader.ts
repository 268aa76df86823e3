/**
 * DOCX reader: body paragraphs and tables in order, with headers first, then the body, footnotes
 * and endnotes, and footers last. Pages are delimited by explicit page/section breaks only.
 */
import { AppError, isAppError } from '../../errors.ts';
import { billedDocument } from '../billed-pages.ts';
import type { Document, DocumentReader, Page, ReadContext } from '../model.ts';
import type { Block } from './block-types.ts';
import { type BlockContext, bodySectionTypes, readBlocks } from './docx-blocks.ts';
import { readNumbering } from './docx-numbering.ts';
import { type DocxPackage, openDocxPackage } from './docx-package.ts';
import { layoutPages } from './docx-pages.ts';
import { readStyles } from './docx-styles.ts';
import { childElements, firstChild, type XmlElement } from './xml.ts';

const NOTE_SEPARATORS = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

function sectionProperties(body: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of childElements(body)) {
    const sectPr =
      child.name === 'w:sectPr' ? child : firstChild(firstChild(child, 'w:pPr') ?? child, 'w:sectPr');
    if (sectPr) out.push(sectPr);
  }
  return out;
}

/** Header or footer parts in the order sections reference them, each once. */
function referencedParts(pkg: DocxPackage, body: XmlElement, kind: 'header' | 'footer'): XmlElement[] {
  const paths: string[] = [];
  for (const sectPr of sectionProperties(body)) {
    for (const reference of childElements(sectPr, `w:${kind}Reference`)) {
      const path = pkg.relations.get(reference.attrs['r:id'] ?? '')?.path;
      if (path && !paths.includes(path)) paths.push(path);
    }
  }
  if (paths.length === 0) {
    for (const relation of pkg.relations.values()) if (relation.kind === kind) paths.push(relation.path);
  }
  return paths.map((path) => pkg.part(path)).filter((part) => part !== undefined);
}

function blockText(blocks: Block[]): string {
  return blocks
    .map((block) =>
      block.kind === 'paragraph'
        ? block.text
        : block.rows
            .flat()
            .map((cell) => cell.text)
            .join(' '),
    )
    .join('\n')
    .trim();
}

/** Page breaks only mean something in the body. */
function withoutPageBreaks(blocks: Block[]): Block[] {
  return blocks.map((block) =>
    block.kind === 'paragraph' ? { ...block, text: block.text.replaceAll('\f', '\n') } : block,
  );
}

/** Reads several parts, dropping one whose text repeats an earlier one (first-page and default headers). */
function readParts(parts: XmlElement[], context: BlockContext): Block[] {
  const seen = new Set<string>();
  const out: Block[] = [];
  for (const part of parts) {
    const blocks = withoutPageBreaks(readBlocks(part, context));
    const text = blockText(blocks);
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    out.push(...blocks);
  }
  return out;
}

function readNotes(root: XmlElement | undefined, name: string, context: BlockContext): Block[] {
  if (!root) return [];
  const notes = childElements(root, name).filter((note) => !NOTE_SEPARATORS.has(note.attrs['w:type'] ?? ''));
  return notes.flatMap((note) => withoutPageBreaks(readBlocks(note, context)));
}

function readDocument(bytes: Uint8Array, context: ReadContext): Page[] {
  const pkg = openDocxPackage(bytes, context.limits);
  context.signal?.throwIfAborted();
  const body = firstChild(pkg.main, 'w:body');
  if (pkg.main.name !== 'w:document' || !body) {
    throw new AppError('corrupt_document', { reason: 'the main part is not a WordprocessingML document' });
  }
  const blockContext: BlockContext = {
    styles: readStyles(pkg.related('styles')),
    numbering: readNumbering(pkg.related('numbering')),
    sectionTypes: [],
    sectionsEnded: 0,
    // Headers, footers and notes resolve ids against their own relationships: their charts are skipped.
    chart: () => undefined,
  };
  const headers = readParts(referencedParts(pkg, body, 'header'), blockContext);
  const footers = readParts(referencedParts(pkg, body, 'footer'), blockContext);
  const main = readBlocks(body, {
    ...blockContext,
    sectionTypes: bodySectionTypes(body),
    chart: (id) => {
      const relation = pkg.relations.get(id);
      return relation?.kind === 'chart' ? pkg.part(relation.path) : undefined;
    },
  });
  const notes = [
    ...readNotes(pkg.related('footnotes'), 'w:footnote', blockContext),
    ...readNotes(pkg.related('endnotes'), 'w:endnote', blockContext),
  ];
  return layoutPages([...headers, ...main, ...notes, ...footers], context.limits.maxPages);
}

function toDocument(pages: Page[], bytes: Uint8Array): Document {
  return billedDocument('docx', bytes, pages);
}

export const docxReader: DocumentReader = {
  format: 'docx',
  async read(bytes: Uint8Array, context: ReadContext): Promise<Document> {
    try {
      return toDocument(readDocument(bytes, context), bytes);
    } catch (error) {
      if (isAppError(error) || context.signal?.aborted) throw error;
      throw new AppError('corrupt_document', {}, { cause: error });
    }
  },
};
