import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BBox, Document, Place } from '../../src/documents/model.ts';
import type { WeighedValue, WeighingEngine } from '../../src/engines/engine.ts';
import { LocalEngine } from '../../src/engines/local/local-engine.ts';
import { FOCUS_VALUES, readWhereValuesStand } from '../../src/extraction/focused-rereading.ts';
import { parseFieldConfig } from '../../src/fields/parse-config.ts';

const fieldsOf = (properties: string) =>
  parseFieldConfig(
    new TextEncoder().encode(`schemas:\n  data:\n    type: object\n    properties:\n${properties}`),
  ).fields;

const box = (y: number): BBox => ({ x0: 10, y0: y, x1: 200, y1: y + 10 });

const page = (number: number) => ({
  number,
  width: 300,
  height: 500,
  lines: [],
  tables: [],
  source: 'ocr' as const,
});
const DOC: Document = {
  pages: [page(1), page(2)],
  meta: { format: 'png', bytes: 1, billedPages: 1, characters: 0 },
};

function weighing(values: Record<string, WeighedValue[]>): WeighingEngine {
  return {
    name: 'fake',
    async extract() {
      throw new Error('not asked');
    },
    async weigh() {
      return values;
    },
  };
}

const valueAt = (y: number, page = 1): WeighedValue => ({
  value: String(y),
  confidence: 0.5,
  page,
  text: String(y),
  placed: true,
  boxes: [box(y)],
});

async function placesAsked(fields: ReturnType<typeof fieldsOf>, engine: WeighingEngine): Promise<Place[]> {
  let asked: Place[] | undefined;
  const result = await readWhereValuesStand(DOC, fields, engine, async (places) => {
    asked = places;
    return DOC;
  });
  assert.equal(result, DOC, 'the document read again is the one answered from');
  assert.ok(asked);
  return asked;
}

test('the lines under each field’s likeliest values are read again, and no others', async () => {
  const fields = fieldsOf('      total: { type: double }\n      date: { type: date }\n');
  const totals = [100, 120, 140, 160, 180].map((y) => valueAt(y));
  const places = await placesAsked(fields, weighing({ total: totals, date: [valueAt(300, 2)] }));
  assert.equal(FOCUS_VALUES, 3);
  assert.deepEqual(places, [
    { page: 1, bbox: box(100) },
    { page: 1, bbox: box(120) },
    { page: 1, bbox: box(140) },
    { page: 2, bbox: box(300) },
  ]);
});

test('a field whose values are not weighed one by one (line items) has every page read again', async () => {
  const fields = fieldsOf(
    '      total: { type: double }\n      items:\n        type: array\n        items:\n          type: object\n          properties:\n            name: { type: string }\n',
  );
  const places = await placesAsked(fields, weighing({ total: [valueAt(100)] }));
  assert.deepEqual(places, [
    { page: 1, bbox: { x0: 0, y0: 0, x1: 300, y1: 500 } },
    { page: 2, bbox: { x0: 0, y0: 0, x1: 300, y1: 500 } },
  ]);
});

test('the local engine says where a value it weighed stands: the box of its line', async () => {
  const line = (text: string, y: number, index: number) => ({
    text,
    bbox: box(y),
    index,
    words: text.split(' ').map((w, i) => ({
      text: w,
      confidence: 0.9,
      bbox: { x0: 10 + 40 * i, y0: y, x1: 45 + 40 * i, y1: y + 10 },
    })),
  });
  const doc: Document = {
    pages: [
      {
        ...page(1),
        lines: [line('Invoice number: INV-2041', 20, 0), line('Total due: 1,250.00', 60, 1)],
      },
    ],
    meta: { format: 'png', bytes: 1, billedPages: 1, characters: 40 },
  };
  const weighed = await new LocalEngine().weigh(doc, fieldsOf('      total: { type: double }\n'));
  const best = weighed.total?.[0];
  assert.equal(best?.value, 1250);
  assert.deepEqual(best?.boxes, [box(60)]);
});
