import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makePdf, PNG_SIGNATURE, pngSize } from '../documents/pdf-fixtures.ts';
import { FakeModelServer, openAiJson } from '../helpers/fake-model-server.ts';
import { invoicePng } from '../helpers/invoice-forms.ts';
import { createLlmTestApp, type LlmTestApp } from '../helpers/llm-test-app.ts';
import { upload } from '../helpers/multipart.ts';

const YAML = `schemas:
  data:
    type: object
    properties:
      invoice_number: { type: string, description: Number of the invoice }
`;

type Part = { type: string; text?: string; image_url?: { url: string } };

/** A two-page PDF: page 1 with a text layer, page 2 a scan (an image and nothing else). */
const mixedPdf = () =>
  makePdf([{ texts: [{ text: 'Invoice number: INV-7731', x: 72, y: 72 }] }, { image: invoicePng() }]);

describe('POST /api/v1/generate?engine=llm with LLM_VISION', () => {
  let model: FakeModelServer;
  let vision: LlmTestApp;
  let plain: LlmTestApp;
  before(async () => {
    model = await FakeModelServer.start();
    vision = await createLlmTestApp({ baseUrl: model.baseUrl, vision: true });
    plain = await createLlmTestApp({ baseUrl: model.baseUrl });
  });
  after(async () => {
    await vision.close();
    await plain.close();
    await model.close();
  });

  it('sends the scanned page, and only it, as a PNG drawn from the upload within the pixel budget', async () => {
    model.script(openAiJson({ invoice_number: 'INV-7731' }));
    const key = await vision.keyFor();
    const res = await vision.generate(key, upload(await mixedPdf(), YAML, 'mixed.pdf'), '?engine=llm');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.invoice_number, 'INV-7731');
    assert.equal(model.received.length, 1);
    const parts = (model.received[0]!.body.messages as { content: Part[] }[])[1]!.content;
    assert.match(parts[0]!.text!, /--- page 1 ---\nInvoice number: INV-7731\n--- page 2 ---/);
    assert.deepEqual(
      parts.slice(1).map((p) => p.text ?? p.type),
      ['Page 2 as scanned:', 'image_url'],
    );
    const url = parts[2]!.image_url!.url;
    assert.match(url, /^data:image\/png;base64,/);
    const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE);
    const size = pngSize(png);
    assert.ok(size.width * size.height <= 1_150_000, `${size.width}×${size.height}`);
    assert.ok(size.width >= 800, `${size.width} px wide: legible`);
  });

  it('sends text alone without LLM_VISION, the same scanned upload included', async () => {
    model.script(openAiJson({ invoice_number: 'INV-7731' }));
    const key = await plain.keyFor();
    const res = await plain.generate(key, upload(await mixedPdf(), YAML, 'mixed.pdf'), '?engine=llm');
    assert.equal(res.statusCode, 200, res.body);
    const content = (model.received[0]!.body.messages as { content: unknown }[])[1]!.content;
    assert.equal(typeof content, 'string');
    assert.doesNotMatch(JSON.stringify(model.received[0]!.body), /image/);
  });
});
