import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeText } from '../../src/documents/pdf/text-quality.ts';
import type { Frame, Run } from '../../src/documents/pdf/text-runs.ts';

const run = (text: string): Run => ({
  text,
  x0: 0,
  x1: 10,
  baseline: 10,
  top: 0,
  bottom: 12,
  size: 10,
  spaceBefore: false,
  spaceAfter: false,
  rtl: false,
});
const frames = (...texts: string[]): Frame[] => [{ quadrant: 0, runs: texts.map(run) }];

describe('judgeText', () => {
  it('accepts ordinary text in any script', () => {
    assert.equal(judgeText(frames('Agreement', 'between', 'parties')), 'usable');
    assert.equal(judgeText(frames('Соглашение', 'сторон', '合同书')), 'usable');
  });

  it('calls a page with a page number only scarce', () => {
    assert.equal(judgeText(frames('Page', '2')), 'scarce');
    assert.equal(judgeText([]), 'scarce');
  });

  it('calls text made of control and private-use characters garbage', () => {
    assert.equal(judgeText(frames('\u0003\u0011\u0012\u0004', '\uE001\uE002\uE003', 'ab')), 'garbage');
  });
});
