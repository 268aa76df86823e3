import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Document, Line } from '../../../src/documents/model.ts';
import type {
  Evidence,
  ExtractionResult,
  WeighedValue,
  WeighingEngine,
} from '../../../src/engines/engine.ts';
import { CallSlots } from '../../../src/engines/llm/call-slots.ts';
import { HybridEngine } from '../../../src/engines/llm/hybrid-engine.ts';
import { LlmEngine } from '../../../src/engines/llm/llm-engine.ts';
import { OpenAiClient } from '../../../src/engines/llm/openai-client.ts';
import { parseFieldConfig } from '../../../src/fields/parse-config.ts';
import { FakeModelServer, openAiJson } from '../../helpers/fake-model-server.ts';

/** A receipt as OCR read it: "R0ASTED" for ROASTED, the street number lost from the address line. */
const LINES = [
  'SYL R0ASTED DELIGHTS SDN BHD',
  '75, JALAN SS 22/19, DAMANSARA JAYA, 47400 PJ',
  'DATE: 06/03/2018',
  'QTY 3',
  'SUBTOTAL 51.42',
  'TOTAL 54.50',
];

function receipt(): Document {
  const lines: Line[] = LINES.map((text, index) => ({
    text,
    index,
    words: [],
    bbox: { x0: 20, y0: 20 + 14 * index, x1: 280, y1: 32 + 14 * index },
  }));
  return {
    pages: [{ number: 1, width: 300, height: 200, lines, tables: [], source: 'ocr' }],
    meta: { format: 'jpeg', bytes: 1, billedPages: 1, characters: 100 },
  };
}

const FIELDS = parseFieldConfig(
  new TextEncoder().encode(`schemas:
  data:
    type: object
    properties:
      company: { type: string, description: Name of the shop }
      address: { type: string, description: Address of the shop }
      total: { type: double, description: Total paid }
`),
).fields;

const at = (line: number, confidence: number): Evidence => ({
  confidence,
  page: 1,
  bbox: [20, 20 + 14 * line, 280, 32 + 14 * line],
  text: LINES[line]!,
  source: 'label',
});

/** A local engine that answers as told, and weighs as told. */
function localEngine(result: ExtractionResult, weighed: Record<string, WeighedValue[]>): WeighingEngine {
  return {
    name: 'local',
    extract: async () => result,
    weigh: async () => weighed,
  };
}

const weighedValue = (
  value: number | string,
  line: number,
  confidence: number,
  placed = true,
): WeighedValue => ({
  value,
  confidence,
  page: 1,
  text: LINES[line]!,
  placed,
});

describe('HybridEngine: the local answer stands unless the model’s is better grounded', () => {
  let model: FakeModelServer;
  let llm: LlmEngine;
  before(async () => {
    model = await FakeModelServer.start();
    llm = new LlmEngine({
      client: new OpenAiClient({ baseUrl: model.baseUrl, model: 'test-model' }),
      slots: new CallSlots(2),
      timeoutMs: 5000,
      contextTokens: 16_000,
    });
  });
  after(() => model.close());

  const hybrid = (local: WeighingEngine) =>
    new HybridEngine({ local, llm, threshold: 0.75, ocrThreshold: 0.9 });

  it('takes the model’s spelling of a value OCR misread, and a fuller reading of the same line', async () => {
    const local = localEngine(
      {
        data: {
          company: 'SYL R0ASTED DELIGHTS SDN BHD',
          address: 'JALAN SS 22/19, DAMANSARA JAYA, 47400 PJ',
          total: 54.5,
        },
        evidence: { company: at(0, 0.85), address: at(1, 0.85), total: at(5, 0.95) },
      },
      {},
    );
    model.script(
      openAiJson({
        company: 'SYL ROASTED DELIGHTS SDN. BHD.',
        address: '75, JALAN SS 22/19, DAMANSARA JAYA, 47400 PJ',
      }),
    );
    const result = await hybrid(local).extract(receipt(), FIELDS);
    const asked = (
      model.received[0]!.body.response_format as { json_schema: { schema: { required: string[] } } }
    ).json_schema.schema.required;
    assert.deepEqual(asked, ['company', 'address'], 'the total, surer than 0.9, is not asked');
    assert.equal(result.data.company, 'SYL ROASTED DELIGHTS SDN. BHD.');
    assert.equal(result.data.address, '75, JALAN SS 22/19, DAMANSARA JAYA, 47400 PJ');
    assert.equal((result.evidence.company as Evidence).confidence, 0.85, 'no surer than the local reading');
    assert.equal(result.data.total, 54.5);
    assert.equal(result.model, 'test-model');
  });

  it('keeps a local total against an amount printed elsewhere, and against one local weighed far below', async () => {
    const result0 = {
      data: { company: null, address: null, total: 54.5 },
      evidence: { company: at(0, 0), address: at(1, 0), total: at(5, 0.6) },
    };
    // 51.42 is where a total stands (a label), but the local engine weighs it at 0.1 against 0.6.
    const weighed = { total: [weighedValue(54.5, 5, 0.6), weighedValue(51.42, 4, 0.1)] };
    for (const lie of [3, 51.42]) {
      model.script(openAiJson({ company: null, address: null, total: lie }));
      const result = await hybrid(localEngine(result0, weighed)).extract(receipt(), FIELDS);
      assert.equal(result.data.total, 54.5, `${lie} does not replace the local total`);
      assert.equal((result.evidence.total as Evidence).engine, 'local');
    }
  });

  it('takes a rival the local engine weighed close to its own answer, where such a value stands', async () => {
    const result0 = {
      data: { company: null, address: null, total: 51.42 },
      evidence: { company: at(0, 0), address: at(1, 0), total: at(4, 0.5) },
    };
    const weighed = { total: [weighedValue(51.42, 4, 0.5), weighedValue(54.5, 5, 0.4)] };
    model.script(openAiJson({ company: null, address: null, total: 54.5 }));
    const result = await hybrid(localEngine(result0, weighed)).extract(receipt(), FIELDS);
    assert.equal(result.data.total, 54.5);
    assert.equal((result.evidence.total as Evidence).engine, 'llm');
    assert.equal((result.evidence.total as Evidence).text, 'TOTAL 54.50');
  });

  it('never keeps an invented value', async () => {
    const result0 = {
      data: { company: 'SYL R0ASTED DELIGHTS SDN BHD', address: null, total: null },
      evidence: { company: at(0, 0.5), address: at(1, 0), total: at(5, 0) },
    };
    model.script(
      openAiJson({ company: 'Marlowe Supplies', address: '1 Harbour Road, Kestrel', total: 87.73 }),
    );
    const result = await hybrid(localEngine(result0, {})).extract(receipt(), FIELDS);
    assert.deepEqual(result.data, { company: 'SYL R0ASTED DELIGHTS SDN BHD', address: null, total: null });
  });
});
