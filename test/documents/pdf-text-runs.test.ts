import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type TextContent, textFrames } from '../../src/documents/pdf/text-runs.ts';

/** One text item of a 12 pt font drawn at (72, 700) on a US Letter page (PDF space, y up). */
function content(style: { ascent: number; descent: number }): TextContent {
  return {
    items: [
      {
        str: 'Acme Inc',
        dir: 'ltr',
        transform: [12, 0, 0, 12, 72, 700],
        width: 48,
        height: 12,
        fontName: 'f1',
        hasEOL: false,
      },
    ],
    styles: { f1: { fontFamily: 'serif', ascent: style.ascent, descent: style.descent, vertical: false } },
    lang: null,
  } as unknown as TextContent;
}

const viewport = [1, 0, 0, -1, 0, 792];

test('a font without usable metrics still gives every word a finite box', () => {
  const [frame] = textFrames(content({ ascent: Number.NaN, descent: Number.NaN }), viewport);
  assert.equal(frame?.runs.length, 2);
  for (const run of frame!.runs) {
    for (const n of [run.x0, run.x1, run.top, run.bottom]) assert.ok(Number.isFinite(n), `${run.text}: ${n}`);
    assert.ok(run.top < run.baseline && run.baseline < run.bottom);
  }
});

test('a font with metrics keeps them', () => {
  const [frame] = textFrames(content({ ascent: 1, descent: -0.25 }), viewport);
  assert.equal(frame?.runs[0]?.top, 92 - 12);
  assert.equal(frame?.runs[0]?.bottom, 92 + 3);
});
