import type { Evidence, EvidenceTree } from '../../engines/engine.ts';
import { type Html, html } from '../html.ts';
import type { PagePicture } from '../page-pictures.ts';
import { placeLabels } from './label-placement.ts';

/** One answered field and where it was found: a page and a box, a cell, or a paragraph. */
export interface EvidenceMark {
  /** The field's path: `total`, `items[0].amount`. */
  field: string;
  page: number | null;
  bbox?: [number, number, number, number];
  cell?: string;
  paragraph?: number;
  confidence: number;
}

function isEvidence(tree: EvidenceTree | undefined): tree is Evidence {
  return (
    typeof tree === 'object' && tree !== null && !Array.isArray(tree) && typeof tree.confidence === 'number'
  );
}

/** Every leaf of the evidence that says where its value is (a field not found has nothing to show). */
export function evidenceMarks(evidence: Record<string, EvidenceTree>): EvidenceMark[] {
  const marks: EvidenceMark[] = [];
  const walk = (tree: EvidenceTree | undefined, path: string) => {
    if (tree === undefined || tree === null) return;
    if (isEvidence(tree)) {
      const located = tree.bbox !== undefined || tree.cell !== undefined || tree.paragraph !== undefined;
      if (!located && tree.page === null) return;
      marks.push({
        field: path,
        page: tree.page,
        ...(tree.bbox ? { bbox: tree.bbox } : {}),
        ...(tree.cell !== undefined ? { cell: tree.cell } : {}),
        ...(tree.paragraph !== undefined ? { paragraph: tree.paragraph } : {}),
        confidence: tree.confidence,
      });
      return;
    }
    if (Array.isArray(tree)) {
      for (const [i, item] of tree.entries()) walk(item, `${path}[${i}]`);
    } else {
      for (const [name, sub] of Object.entries(tree)) walk(sub, `${path}.${name}`);
    }
  };
  for (const [name, tree] of Object.entries(evidence)) walk(tree, name);
  return marks;
}

const num = (value: number) => String(Math.round(value * 100) / 100);

function where(mark: EvidenceMark): string {
  if (mark.cell) return `cell ${mark.cell}`;
  if (mark.bbox)
    return `box ${mark.bbox.map((v) => Math.round(v)).join(', ')} (points: left, top, right, bottom)`;
  if (mark.paragraph !== undefined) return `paragraph ${mark.paragraph}`;
  return '';
}

/**
 * A page picture with each field's box drawn over it: an SVG in the page's own points, so the boxes
 * need no inline style (the CSP allows none) and the picture is an image from a data: URL.
 */
function pageFigure(picture: PagePicture, marks: EvidenceMark[]): Html {
  const boxes = marks.filter((m) => m.page === picture.page && m.bbox);
  const base64 = Buffer.from(picture.png.buffer, picture.png.byteOffset, picture.png.byteLength).toString(
    'base64',
  );
  const captionId = `page-${picture.page}-caption`;
  const labels = placeLabels(
    boxes.map((m) => ({ box: m.bbox!, text: m.field })),
    { width: picture.width, height: picture.height },
  );
  const count = boxes.length;
  return html`<figure class="page-picture">
  <svg class="page-boxes" viewBox="0 0 ${num(picture.width)} ${num(picture.height)}" role="img" aria-labelledby="${captionId}">
    <image href="data:image/png;base64,${base64}" x="0" y="0" width="${num(picture.width)}" height="${num(picture.height)}" preserveAspectRatio="none"/>
    ${boxes.map((m, i) => {
      const [x0, y0, x1, y1] = m.bbox!;
      const label = labels[i]!;
      return html`<g class="evidence-box"><rect x="${num(x0)}" y="${num(y0)}" width="${num(Math.max(1, x1 - x0))}" height="${num(Math.max(1, y1 - y0))}"/><text x="${num(label.x)}" y="${num(label.y)}">${m.field}</text></g>`;
    })}
  </svg>
  <figcaption id="${captionId}">Page ${picture.page}: ${count} field${count === 1 ? '' : 's'} outlined</figcaption>
</figure>`;
}

/** Where each value was found: the first pages drawn with their boxes, beside the list of fields. */
export function evidenceSection(marks: EvidenceMark[], pictures: PagePicture[]): Html {
  const drawn = new Set(pictures.map((p) => p.page));
  return html`<section aria-labelledby="evidence-heading" class="evidence">
  <h2 id="evidence-heading">Where each value was found</h2>
  ${pictures.length > 0 ? html`<div class="page-pictures">${pictures.map((p) => pageFigure(p, marks))}</div>` : ''}
  ${
    marks.length === 0
      ? html`<p>No value was located in the document.</p>`
      : html`<table class="evidence-list stack">
    <caption>Fields found, with their page and place${pictures.length > 0 ? ' (boxes are drawn on the pages shown)' : ''}</caption>
    <thead><tr><th scope="col">Field</th><th scope="col" class="num">Page</th><th scope="col">Where</th><th scope="col" class="num">Confidence</th></tr></thead>
    <tbody>${marks.map(
      (m) =>
        html`<tr><td data-label="Field"><code>${m.field}</code></td><td data-label="Page" class="num">${m.page ?? '—'}${m.bbox && m.page !== null && pictures.length > 0 && !drawn.has(m.page) ? ' (not drawn)' : ''}</td><td data-label="Where">${where(m)}</td><td data-label="Confidence" class="num">${m.confidence.toFixed(2)}</td></tr>`,
    )}</tbody>
  </table>`
  }
</section>`;
}
