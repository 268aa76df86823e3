import type { Document, Place, ReadAgain } from '../documents/model.ts';
import type { WeighingEngine } from '../engines/engine.ts';
import type { Field } from '../fields/field.ts';

/** How many of a field's likeliest values have the doubtful lines they stand on read again. */
export const FOCUS_VALUES = 3;

/**
 * A photograph's doubtful lines are worth a second reading only where an asked value may stand:
 * the engine weighs the first reading, and the lines under each field's likeliest values are read
 * again before the answer is made (ocr/reread-lines.ts). A table field (line items) is not weighed
 * value by value, so a configuration that asks for one has every doubtful line read again.
 */
export async function readWhereValuesStand(
  document: Document,
  fields: Field[],
  engine: WeighingEngine,
  readAgain: ReadAgain,
  signal?: AbortSignal,
): Promise<Document> {
  if (fields.some((f) => f.kind === 'array' || f.kind === 'object')) {
    return readAgain(wholePages(document), signal);
  }
  const weighed = await engine.weigh(document, fields);
  const places: Place[] = [];
  for (const values of Object.values(weighed)) {
    for (const value of values.slice(0, FOCUS_VALUES)) {
      for (const bbox of value.boxes ?? []) places.push({ page: value.page, bbox });
    }
  }
  return readAgain(places, signal);
}

function wholePages(document: Document): Place[] {
  return document.pages.map((page) => ({
    page: page.number,
    bbox: { x0: 0, y0: 0, x1: page.width, y1: page.height },
  }));
}
