import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BBox, OcrEngine, OcrResult, Word } from '../../src/documents/model.ts';
import { pnmLayout } from '../../src/documents/ocr/ppm.ts';
import { upload } from '../helpers/multipart.ts';
import { speckPhoto } from '../helpers/speck-photo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Two lines, each with a doubtful word, in the prepared image's pixels (an 800-pixel PNG is
// prepared at 1200): a thank-you line 30 pixels high, the total's line 40 pixels high.
const THANKS: BBox = { x0: 100, y0: 100, x1: 500, y1: 130 };
const TOTAL: BBox = { x0: 100, y0: 300, x1: 500, y1: 340 };

const word = (text: string, x0: number, x1: number, line: BBox, confidence: number): Word => ({
  text,
  confidence,
  bbox: { x0, x1, y0: line.y0, y1: line.y1 },
});

/** A crop of a line `height` pixels high, as the second reading cuts it (a quarter of it above and below, 10 white pixels around), enlarged. */
const cropHeights = (height: number) => [2, 3].map((factor) => Math.round(height * 1.5 * factor) + 20);

/** Reads the page as the two lines; reads any crop as one sure word; remembers each crop's height. */
function fakeOcr() {
  const crops: number[] = [];
  const ocr: OcrEngine = {
    parallel: 1,
    async recognize(image): Promise<OcrResult> {
      const layout = pnmLayout(image);
      assert.ok(layout);
      if (layout.width === 1200) {
        return {
          width: 1200,
          height: 600,
          lines: [
            {
              text: 'Thank yoa',
              bbox: THANKS,
              words: [word('Thank', 100, 250, THANKS, 0.95), word('yoa', 270, 500, THANKS, 0.4)],
            },
            {
              text: 'TOTAI 12.50',
              bbox: TOTAL,
              words: [word('TOTAI', 100, 250, TOTAL, 0.5), word('12.50', 300, 500, TOTAL, 0.96)],
            },
          ],
        };
      }
      crops.push(layout.height);
      const bbox = { x0: 10, y0: 10, x1: layout.width - 10, y1: layout.height - 10 };
      return {
        width: layout.width,
        height: layout.height,
        lines: [{ text: 'x', bbox, words: [{ text: 'x', bbox, confidence: 0.9 }] }],
      };
    },
  };
  return { ocr, crops };
}

const FIELDS = `schemas:
  data:
    type: object
    properties:
      total: { type: double, description: Total amount paid }
`;

const fake = fakeOcr();
let t: TestApp;
before(async () => {
  t = await createTestApp({ ocr: fake.ocr });
});
after(() => t.app.close());

test('a photograph through the API: only the doubtful line under the asked value is read again, and the call is charged', async () => {
  const key = await t.keyFor({ credits: 5 });
  const res = await t.generate(key, upload(speckPhoto(), FIELDS, 'receipt.png'));
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.total, 12.5);
  assert.equal(res.headers['x-credits-remaining'], '4');
  assert.ok(fake.crops.length > 0, 'the total’s line is read again');
  const totalCrops = cropHeights(TOTAL.y1 - TOTAL.y0);
  assert.ok(
    fake.crops.every((h) => totalCrops.some((c) => Math.abs(c - h) <= 2)),
    `crops ${fake.crops} are all of the total's line (${totalCrops}), none of the thank-you line`,
  );
});
