import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Document, Line, Page, PageSource } from '../../../src/documents/model.ts';
import type { PageImage } from '../../../src/engines/engine.ts';
import { AnthropicClient } from '../../../src/engines/llm/anthropic-client.ts';
import { CallSlots } from '../../../src/engines/llm/call-slots.ts';
import { LlmEngine } from '../../../src/engines/llm/llm-engine.ts';
import type { ModelClient } from '../../../src/engines/llm/model-client.ts';
import { OpenAiClient } from '../../../src/engines/llm/openai-client.ts';
import { parseFieldConfig } from '../../../src/fields/parse-config.ts';
import { anthropicToolUse, FakeModelServer, openAiJson } from '../../helpers/fake-model-server.ts';

function page(number: number, source: PageSource, texts: string[]): Page {
  const lines: Line[] = texts.map((text, index) => ({
    text,
    index,
    words: [],
    bbox: { x0: 50, y0: 40 + 12 * index, x1: 300, y1: 50 + 12 * index },
  }));
  return { number, width: 595, height: 842, lines, tables: [], source };
}

/** A PDF whose first page has a text layer and whose next two were scanned (OCR'd). */
const MIXED: Document = {
  pages: [
    page(1, 'pdf-text', ['Invoice INV-7', 'Bill to: Acme GmbH']),
    page(2, 'ocr', ['Total due: 120.00']),
    page(3, 'ocr', ['Signed: J. Roe']),
  ],
  meta: { format: 'pdf', bytes: 1, billedPages: 3, characters: 60 },
};
const TEXT_ONLY: Document = { ...MIXED, pages: [MIXED.pages[0]!] };

const FIELDS = parseFieldConfig(
  new TextEncoder().encode(
    'schemas:\n  data:\n    type: object\n    properties:\n      total: { type: double, description: Total due }\n',
  ),
).fields;

/** Stands in for the reader's drawing: a distinct small "PNG" per page, and which pages were asked. */
function drawer() {
  const asked: number[][] = [];
  const draw = async (pages: number[]): Promise<PageImage[]> => {
    asked.push(pages);
    return pages.map((p) => ({ page: p, png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, p]) }));
  };
  return { asked, draw };
}
const base64Of = (p: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, p]).toString('base64');

function engine(client: ModelClient, vision?: boolean): LlmEngine {
  return new LlmEngine({
    client,
    slots: new CallSlots(1),
    timeoutMs: 10_000,
    contextTokens: 16_000,
    ...(vision === undefined ? {} : { vision }),
  });
}

describe('LLM_VISION: scanned pages also sent as images', () => {
  let model: FakeModelServer;
  before(async () => {
    model = await FakeModelServer.start();
  });
  after(() => model.close());
  const openAi = () => new OpenAiClient({ baseUrl: model.baseUrl, model: 'm' });

  it('sends no image by default, and does not draw a page', async () => {
    model.script(openAiJson({ total: 120 }));
    const pages = drawer();
    const result = await engine(openAi()).extract(MIXED, FIELDS, { pageImages: pages.draw });
    assert.equal(result.data.total, 120);
    const [, user] = model.received[0]!.body.messages as { content: unknown }[];
    assert.equal(typeof user!.content, 'string');
    assert.deepEqual(pages.asked, []);
  });

  it('openai: the OCR’d pages only, as PNG data URLs after the text, each named by its page', async () => {
    model.script(openAiJson({ total: 120 }));
    const pages = drawer();
    const result = await engine(openAi(), true).extract(MIXED, FIELDS, { pageImages: pages.draw });
    assert.equal(result.data.total, 120);
    // Grounded in the OCR text as before: the image helps the model read, the text places the value.
    assert.equal((result.evidence.total as { page: number }).page, 2);
    assert.deepEqual(pages.asked, [[2, 3]]);
    const [, user] = model.received[0]!.body.messages as { content: unknown }[];
    const parts = user!.content as { type: string; text?: string; image_url?: { url: string } }[];
    assert.equal(parts[0]!.type, 'text');
    assert.match(parts[0]!.text!, /<document-[0-9a-f]+>\n--- page 1 ---\nInvoice INV-7/);
    assert.deepEqual(parts.slice(1), [
      { type: 'text', text: 'Page 2 as scanned:' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${base64Of(2)}` } },
      { type: 'text', text: 'Page 3 as scanned:' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${base64Of(3)}` } },
    ]);
  });

  it('anthropic: the OCR’d pages as base64 image blocks', async () => {
    model.script(anthropicToolUse({ total: 120 }));
    const pages = drawer();
    const client = new AnthropicClient({ baseUrl: model.baseUrl, model: 'claude-test' });
    await engine(client, true).extract(MIXED, FIELDS, { pageImages: pages.draw });
    const [user] = model.received[0]!.body.messages as { content: unknown }[];
    const blocks = user!.content as { type: string; source?: unknown }[];
    assert.equal(blocks[0]!.type, 'text');
    assert.deepEqual(
      blocks.filter((b) => b.type === 'image'),
      [2, 3].map((p) => ({
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: base64Of(p) },
      })),
    );
  });

  it('sends a document without scanned pages as text alone, even with vision on', async () => {
    model.script(openAiJson({ total: null }));
    const pages = drawer();
    await engine(openAi(), true).extract(TEXT_ONLY, FIELDS, { pageImages: pages.draw });
    const [, user] = model.received[0]!.body.messages as { content: unknown }[];
    assert.equal(typeof user!.content, 'string');
    assert.deepEqual(pages.asked, []);
  });

  it('counts a scanned page’s picture in the chunk budget: fewer pages per call than by text alone', async () => {
    model.script(openAiJson({ total: null }));
    const scanned: Document = {
      pages: Array.from({ length: 12 }, (_, i) => page(i + 1, 'ocr', [`Line of page ${i + 1}`])),
      meta: { format: 'pdf', bytes: 1, billedPages: 12, characters: 200 },
    };
    const small = (vision: boolean) =>
      new LlmEngine({
        client: openAi(),
        slots: new CallSlots(1),
        timeoutMs: 10_000,
        contextTokens: 8000,
        vision,
      });
    await small(false).extract(scanned, FIELDS, { pageImages: drawer().draw });
    assert.equal(model.received.length, 1);
    model.script(openAiJson({ total: null }));
    const pages = drawer();
    await small(true).extract(scanned, FIELDS, { pageImages: pages.draw });
    assert.ok(model.received.length > 1, `${model.received.length} calls`);
    // Every scanned page is shown once, each with the chunk whose text it belongs to.
    assert.deepEqual(
      pages.asked.flat().sort((a, b) => a - b),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});
