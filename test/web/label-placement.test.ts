import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placeLabels, type Rect, rectsOverlap } from '../../src/web/views/label-placement.ts';

describe('evidence labels on a page picture', () => {
  it('places the labels of boxes stacked line under line (a form’s fields) without overlapping', () => {
    const boxes = Array.from({ length: 12 }, (_, i) => ({
      box: [72, 100 + i * 11, 180, 109 + i * 11] as Rect,
      text: `field_number_${i}`,
    }));
    const placed = placeLabels(boxes, { width: 595, height: 842 });
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        assert.ok(!rectsOverlap(placed[i]!.rect, placed[j]!.rect), `${i} and ${j} overlap`);
      }
      const [x0, y0, x1, y1] = placed[i]!.rect;
      assert.ok(x0 >= 0 && y0 >= 0 && x1 <= 595 && y1 <= 842, `label ${i} leaves the page`);
    }
    // The first goes just above its box.
    assert.deepEqual([placed[0]!.x, placed[0]!.y], [72, 98]);
  });

  it('keeps a label on the page for a box at its top edge or its right edge', () => {
    const [top] = placeLabels([{ box: [10, 0, 50, 8], text: 'total' }], { width: 100, height: 100 });
    assert.ok(top!.rect[1] >= 0);
    const [right] = placeLabels([{ box: [80, 50, 99, 58], text: 'a_long_field_name' }], {
      width: 100,
      height: 100,
    });
    assert.ok(right!.rect[2] <= 100 && right!.rect[0] >= 0);
  });
});
