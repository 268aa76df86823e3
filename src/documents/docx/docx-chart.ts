/**
 * A chart embedded in a document keeps a cache of the data it plots: its title becomes a paragraph
 * and its series a table (a header row of series names, then one row per category), since that
 * data is often found nowhere else in the document.
 */
import type { Block, CellBlock, TableBlock } from './block-types.ts';
import { childElements, firstChild, ownText, type XmlElement } from './xml.ts';

interface Series {
  name: string;
  categories: Map<number, string>;
  values: Map<number, string>;
}

function descendants(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of childElements(element)) {
    if (child.name === name) out.push(child);
    else descendants(child, name, out);
  }
  return out;
}

function drawingText(element: XmlElement | undefined): string {
  if (!element) return '';
  return descendants(element, 'a:p')
    .map((paragraph) => descendants(paragraph, 'a:t').map(ownText).join(''))
    .join(' ')
    .trim();
}

/** Caches keep doubles as written by the producer, noise included ("4.4000000000000004"). */
function pointText(raw: string): string {
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return text;
  return String(Number(Number(text).toPrecision(15)));
}

/** Cached points of a data reference (string, number or multi-level cache), by index. */
function cachedPoints(reference: XmlElement | undefined): Map<number, string> {
  const points = new Map<number, string>();
  if (!reference) return points;
  for (const point of descendants(reference, 'c:pt')) {
    const index = Number.parseInt(point.attrs.idx ?? '', 10);
    const value = firstChild(point, 'c:v');
    if (Number.isFinite(index) && value && !points.has(index)) points.set(index, pointText(ownText(value)));
  }
  return points;
}

function seriesName(series: XmlElement): string {
  const tx = firstChild(series, 'c:tx');
  if (!tx) return '';
  const direct = firstChild(tx, 'c:v');
  return direct ? ownText(direct).trim() : [...cachedPoints(tx).values()].join(' ') || drawingText(tx);
}

function readSeries(series: XmlElement): Series {
  return {
    name: seriesName(series),
    categories: cachedPoints(firstChild(series, 'c:cat') ?? firstChild(series, 'c:xVal')),
    values: cachedPoints(firstChild(series, 'c:val') ?? firstChild(series, 'c:yVal')),
  };
}

function cell(text: string, row: number, col: number): CellBlock {
  return { text, row, col, rowSpan: 1, colSpan: 1, content: [] };
}

function seriesTable(series: Series[]): TableBlock | undefined {
  const categories =
    series.find((entry) => entry.categories.size > 0)?.categories ?? new Map<number, string>();
  const indexes = new Set<number>([...categories.keys()]);
  for (const entry of series) for (const index of entry.values.keys()) indexes.add(index);
  if (indexes.size === 0) return undefined;
  const header = [cell('', 0, 0), ...series.map((entry, i) => cell(entry.name, 0, i + 1))];
  const rows = [...indexes]
    .sort((a, b) => a - b)
    .map((index, i) => [
      cell(categories.get(index) ?? String(index + 1), i + 1, 0),
      ...series.map((entry, col) => cell(entry.values.get(index) ?? '', i + 1, col + 1)),
    ]);
  return { kind: 'table', rows: [header, ...rows], nested: [] };
}

/** The blocks a chart part contributes: its title, then its cached data as a table. */
export function readChart(chartSpace: XmlElement): Block[] {
  const chart = firstChild(chartSpace, 'c:chart');
  if (!chart) return [];
  const blocks: Block[] = [];
  const title = drawingText(firstChild(firstChild(chart, 'c:title') ?? chart, 'c:tx'));
  if (title !== '') blocks.push({ kind: 'paragraph', text: title });
  const plotArea = firstChild(chart, 'c:plotArea');
  const table = plotArea && seriesTable(descendants(plotArea, 'c:ser').map(readSeries));
  if (table) blocks.push(table);
  return blocks;
}
