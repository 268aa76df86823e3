import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { OcrResult } from '../../src/documents/model.ts';
import { shadedEdges, withoutShadedWords } from '../../src/documents/ocr/shaded-edges.ts';

const WIDTH = 1000;
const HEIGHT = 1400;

function page(paper: string, draw: (ctx: SKRSContext2D) => void = () => {}) {
  const ctx = createCanvas(WIDTH, HEIGHT).getContext('2d');
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#000';
  ctx.font = '28px DejaVu Sans';
  for (let y = 200; y < 1200; y += 60) ctx.fillText('Invoice 2024-0815   Total 1,234.50 EUR', 100, y);
  draw(ctx);
  return ctx;
}

/** A scanner lid's shadow: grey deepening towards the right edge, with a little grain. */
function lidShadow(ctx: SKRSContext2D) {
  const shade = ctx.createLinearGradient(WIDTH - 45, 0, WIDTH, 0);
  shade.addColorStop(0, '#fafafa');
  shade.addColorStop(1, '#a8a8a8');
  ctx.fillStyle = shade;
  ctx.fillRect(WIDTH - 45, 0, 45, HEIGHT);
  ctx.fillStyle = '#b8b8b8';
  for (let y = 3; y < HEIGHT; y += 7) ctx.fillRect(WIDTH - 20 + (y % 11), y, 1, 1);
}

test('a scanner lid’s shadow along an edge is found, and nothing along the other edges', () => {
  const edges = shadedEdges(page('#fff', lidShadow), WIDTH, HEIGHT);
  assert.ok(edges.right >= 30 && edges.right <= 50, `right ${edges.right}`);
  assert.deepEqual({ ...edges, right: 0 }, { left: 0, right: 0, top: 0, bottom: 0 });
});

test('grey paper all over is paper, not shadow', () => {
  assert.deepEqual(shadedEdges(page('#d8d8d8'), WIDTH, HEIGHT), { left: 0, right: 0, top: 0, bottom: 0 });
});

test('a shaded band with print in it is page: only the shadow beyond the print is taken', () => {
  const edges = shadedEdges(
    page('#fff', (c) => {
      lidShadow(c);
      c.fillStyle = '#000';
      c.font = '20px DejaVu Sans';
      for (let y = 200; y < 1200; y += 60) c.fillText('SR', WIDTH - 35, y);
    }),
    WIDTH,
    HEIGHT,
  );
  assert.ok(edges.right < 12, `right ${edges.right}`);
});

test('words read inside a shaded band are dropped; a line left empty goes', () => {
  const word = (text: string, x0: number, y0: number) => ({
    text,
    confidence: 0.7,
    bbox: { x0, y0, x1: x0 + 10 * text.length, y1: y0 + 20 },
  });
  const line = (words: ReturnType<typeof word>[]) => ({
    text: words.map((w) => w.text).join(' '),
    bbox: { x0: words[0]!.bbox.x0, y0: words[0]!.bbox.y0, x1: words.at(-1)!.bbox.x1, y1: words[0]!.bbox.y1 },
    words,
  });
  const result: OcrResult = {
    width: WIDTH,
    height: HEIGHT,
    lines: [
      line([word('VAT', 100, 100), word('SE556873214201', 150, 100), word('5', 975, 100)]),
      line([word('3', 978, 140)]),
    ],
  };
  const kept = withoutShadedWords(result, { left: 0, right: 40, top: 0, bottom: 0 });
  assert.deepEqual(
    kept.lines.map((l) => [l.text, l.bbox.x1]),
    [['VAT SE556873214201', 290]],
  );
  assert.equal(withoutShadedWords(result, undefined), result);
});
