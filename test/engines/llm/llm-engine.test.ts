import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Document, Line, Page } from '../../../src/documents/model.ts';
import { AnthropicClient } from '../../../src/engines/llm/anthropic-client.ts';
import { CallSlots } from '../../../src/engines/llm/call-slots.ts';
import { answerSchema } from '../../../src/engines/llm/json-schema.ts';
import { LlmEngine } from '../../../src/engines/llm/llm-engine.ts';
import { ModelFailure } from '../../../src/engines/llm/model-failure.ts';
import { OpenAiClient } from '../../../src/engines/llm/openai-client.ts';
import { parseAnswerText } from '../../../src/engines/llm/parse-answer.ts';
import { parseFieldConfig } from '../../../src/fields/parse-config.ts';
import {
  anthropicRefusal,
  anthropicText,
  anthropicToolUse,
  FakeModelServer,
  openAiJson,
} from '../../helpers/fake-model-server.ts';

function page(number: number, texts: string[]): Page {
  const lines: Line[] = texts.map((text, index) => ({
    text,
    index,
    paragraph: index,
    words: [],
    bbox: { x0: 50, y0: 40 + 12 * index, x1: 300, y1: 50 + 12 * index },
  }));
  return { number, width: 595, height: 842, lines, tables: [], source: 'pdf-text' };
}

function documentOf(pages: Page[]): Document {
  const characters = pages.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.text.length, 0), 0);
  return { pages, meta: { format: 'pdf', bytes: 1, billedPages: pages.length, characters } };
}

const fields = (yaml: string) => parseFieldConfig(new TextEncoder().encode(yaml)).fields;

const ITEMS_YAML = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string, description: The invoice number }
      items:
        type: array
        items:
          type: object
          properties:
            description: { type: string }
            amount: { type: double }
`;

describe('LlmEngine: chunks of a long document', () => {
  let model: FakeModelServer;
  before(async () => {
    model = await FakeModelServer.start();
  });
  after(() => model.close());

  it('splits a 60-page invoice under the token budget and merges its line items without duplicates', async () => {
    // Page 1 is too long for one chunk; every other page holds three rows of the table.
    let n = 0;
    const row = () => {
      n++;
      return `Item ${n}    ${n}.50`;
    };
    const firstRow = new Map<number, number>();
    const pages: Page[] = [];
    for (let p = 1; p <= 60; p++) {
      firstRow.set(p, n + 1);
      const rows = Array.from({ length: p === 1 ? 40 : 3 }, row);
      pages.push(
        page(p, [
          p === 1 ? 'Invoice number: INV-60P' : `Invoice INV-60P, page ${p}`,
          'Description    Amount',
          ...rows,
        ]),
      );
    }
    const total = n;
    // The fake answers with the rows it is shown, and (as models do) repeats each page's first row.
    model.script((request) => {
      const user = (request.body.messages as { content: string }[])[1]!.content;
      const seen = [...user.matchAll(/^Item (\d+) {4}[\d.]+$/gm)].map((m) => Number(m[1]));
      const covered = [...user.matchAll(/^--- page (\d+) ---$/gm)].map((m) => Number(m[1]));
      const ids = [...seen, ...covered.map((p) => firstRow.get(p)!)];
      return openAiJson({
        invoice_number: user.includes('INV-60P') ? 'INV-60P' : null,
        items: ids.map((id) => ({ description: `Item ${id}`, amount: id + 0.5 })),
      });
    });
    const engine = new LlmEngine({
      client: new OpenAiClient({ baseUrl: model.baseUrl, model: 'm' }),
      slots: new CallSlots(3),
      timeoutMs: 10_000,
      contextTokens: 1024,
    });
    const result = await engine.extract(documentOf(pages), fields(ITEMS_YAML));
    assert.ok(model.received.length >= 4, `${model.received.length} chunks`);
    const items = result.data.items as { description: string; amount: number }[];
    assert.equal(items.length, total);
    assert.deepEqual(
      items.map((i) => i.description),
      Array.from({ length: total }, (_, i) => `Item ${i + 1}`),
    );
    assert.equal(result.data.invoice_number, 'INV-60P');
    const evidence = result.evidence.items as unknown as { amount: { page: number; bbox: number[] } }[];
    assert.equal(evidence.at(-1)!.amount.page, 60);
    assert.equal(evidence.at(-1)!.amount.bbox.length, 4);
  });
});

describe('AnthropicClient (Messages API)', () => {
  let model: FakeModelServer;
  before(async () => {
    model = await FakeModelServer.start();
  });
  after(() => model.close());

  const yaml = `schemas:\n  data:\n    type: object\n    properties:\n      total: { type: double, description: Total due }\n      due_date: { type: date }\n`;
  const doc = documentOf([page(1, ['Due date: 5 March 2024', 'Total due: 1.234,56 EUR'])]);

  function engine() {
    return new LlmEngine({
      client: new AnthropicClient({ baseUrl: model.baseUrl, model: 'claude-test', apiKey: 'ant-KEY-123' }),
      slots: new CallSlots(1),
      timeoutMs: 10_000,
      contextTokens: 16_000,
    });
  }

  it('forces a tool whose input schema is the answer schema, with x-api-key and anthropic-version', async () => {
    model.script(anthropicToolUse({ total: '1.234,56', due_date: '2024-03-05' }));
    const result = await engine().extract(doc, fields(yaml));
    assert.deepEqual(result.data, { total: 1234.56, due_date: '2024-03-05' });
    const request = model.received[0]!;
    assert.equal(request.path, '/v1/messages');
    assert.equal(request.headers['x-api-key'], 'ant-KEY-123');
    assert.equal(request.headers['anthropic-version'], '2023-06-01');
    assert.equal(request.headers.authorization, undefined);
    assert.deepEqual(request.body.tool_choice, { type: 'tool', name: 'extracted_fields' });
    const [tool] = request.body.tools as { name: string; input_schema: unknown }[];
    assert.deepEqual(tool!.input_schema, answerSchema(fields(yaml)));
    assert.equal((result.evidence.total as { page: number }).page, 1);
    assert.equal((result.evidence.due_date as { text: string }).text, 'Due date: 5 March 2024');
  });

  it('takes JSON from a text answer, and fails on a refusal', async () => {
    model.script(anthropicText('Sure! {"total": 1234.56, "due_date": null} Hope this helps.'));
    const result = await engine().extract(doc, fields(yaml));
    assert.deepEqual(result.data, { total: 1234.56, due_date: null });

    model.script(anthropicRefusal());
    await assert.rejects(
      engine().answer(doc, fields(yaml), { engine: 'llm' }),
      (e: unknown) => e instanceof ModelFailure && e.reason === 'refused',
    );
  });
});

describe('parseAnswerText', () => {
  it('reads bare JSON, fenced JSON and JSON inside prose; refuses the rest', () => {
    assert.deepEqual(parseAnswerText('{"a":1}'), { a: 1 });
    assert.deepEqual(parseAnswerText('```json\n{"a":1}\n```'), { a: 1 });
    assert.deepEqual(parseAnswerText('Result: {"a":{"b":"}"}} and {"c":2}'), { a: { b: '}' } });
    assert.throws(() => parseAnswerText('no json here'), ModelFailure);
    assert.throws(() => parseAnswerText('[1,2]'), ModelFailure);
  });
});
