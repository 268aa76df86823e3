import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { clearRulings } from '../../src/documents/ocr/clear-rulings.ts';

const WIDTH = 1200;
const HEIGHT = 600;

/** A white page; `draw` puts ink on it. */
function page(draw: (ctx: SKRSContext2D) => void) {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  draw(ctx);
  return ctx;
}

/** Pixels darker than mid-grey inside a box. */
function inkIn(ctx: SKRSContext2D, x: number, y: number, w: number, h: number): number {
  const { data } = ctx.getImageData(x, y, w, h);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) n++;
  return n;
}

/** A grey ruled grid, drawn a little askew as a scanner feeds a page. */
function grid(ctx: SKRSContext2D) {
  ctx.save();
  ctx.translate(100, 100);
  ctx.rotate((0.8 * Math.PI) / 180);
  ctx.strokeStyle = '#777';
  ctx.lineWidth = 2;
  for (const y of [0, 60, 120, 180, 240]) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(900, y);
    ctx.stroke();
  }
  for (const x of [0, 400, 600, 900]) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, 240);
    ctx.stroke();
  }
  ctx.restore();
}

test('the rules of a ruled table are painted white, askew as they are', async () => {
  const ctx = page(grid);
  const before = inkIn(ctx, 0, 0, WIDTH, HEIGHT);
  assert.ok(before > 5_000, 'the grid is drawn');
  const cleared = await clearRulings(ctx, WIDTH, HEIGHT);
  assert.ok(cleared > 0);
  // Where two rules cross a few pixels may stay; nothing like a line does.
  assert.ok(
    inkIn(ctx, 0, 0, WIDTH, HEIGHT) < before * 0.05,
    `${inkIn(ctx, 0, 0, WIDTH, HEIGHT)} of ${before}`,
  );
});

test('text inside the cells is kept, stroke for stroke', async () => {
  const ctx = page((c) => {
    grid(c);
    c.fillStyle = '#000';
    c.font = '28px DejaVu Sans';
    c.fillText('Steel bracket, zinc plated', 115, 145);
    c.fillText('12.50', 620, 145);
  });
  const text = () => inkIn(ctx, 112, 118, 280, 35) + inkIn(ctx, 615, 118, 80, 35);
  const before = text();
  await clearRulings(ctx, WIDTH, HEIGHT);
  assert.ok(text() > before * 0.97, `${text()} of ${before} text pixels left`);
});

test('a dark band with light text in it is no rule: it is left as it is', async () => {
  const ctx = page((c) => {
    c.fillStyle = '#222';
    c.fillRect(100, 100, 900, 40);
    c.fillStyle = '#fff';
    c.font = '24px DejaVu Sans';
    c.fillText('Item          Qty          Unit price          Amount', 120, 128);
  });
  const before = inkIn(ctx, 100, 100, 900, 40);
  await clearRulings(ctx, WIDTH, HEIGHT);
  assert.equal(inkIn(ctx, 100, 100, 900, 40), before);
});

test('large type keeps its strokes: a title’s bars are short and its stems thick', async () => {
  const ctx = page((c) => {
    c.fillStyle = '#000';
    c.font = 'bold 90px DejaVu Sans';
    c.fillText('TOTAL HELL', 100, 200);
  });
  const before = inkIn(ctx, 0, 0, WIDTH, HEIGHT);
  await clearRulings(ctx, WIDTH, HEIGHT);
  assert.equal(inkIn(ctx, 0, 0, WIDTH, HEIGHT), before);
});
