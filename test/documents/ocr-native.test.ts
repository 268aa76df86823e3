import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { pngReader } from '../../src/documents/image/image-reader.ts';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import {
  createNativeTesseract,
  hasNativeTesseract,
  parseTesseractTsv,
  resolveOcrBackend,
} from '../../src/documents/ocr/native-tesseract.ts';
import { isAppError } from '../../src/errors.ts';
import { INVOICE_ROWS, invoicePng } from '../helpers/invoice-forms.ts';

// Lines of `tesseract stdin stdout --psm 6 -c tessedit_create_tsv=1` on SROIE receipt 020 (1200 px
// wide after preparation), cut down by hand: the page, block and paragraph rows, two lines of words,
// a line whose only word is blank, and a non-word row (conf -1) that must not become a word.
const TSV = [
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  '1\t1\t0\t0\t0\t0\t0\t0\t1200\t2417\t-1\t',
  '2\t1\t1\t0\t0\t0\t57\t121\t1115\t2217\t-1\t',
  '3\t1\t1\t1\t0\t0\t57\t121\t1071\t1911\t-1\t',
  '4\t1\t1\t1\t1\t0\t124\t656\t936\t51\t-1\t',
  '5\t1\t1\t1\t1\t1\t124\t656\t98\t40\t92.823273\tSYL',
  '5\t1\t1\t1\t1\t2\t242\t658\t252\t42\t96.158302\tROASTED',
  '5\t1\t1\t1\t1\t3\t514\t661\t264\t42\t95.593338\tDELIGHTS',
  '4\t1\t1\t1\t2\t0\t480\t733\t165\t37\t-1\t',
  '5\t1\t1\t1\t2\t1\t480\t733\t165\t37\t0\t ',
  '4\t1\t1\t1\t3\t0\t147\t787\t878\t42\t-1\t',
  '5\t1\t1\t1\t3\t1\t147\t787\t45\t33\t61.829811\t75,',
  '5\t1\t1\t1\t3\t2\t210\t789\t110\t29\t100.5\tJALAN',
  '',
].join('\n');

describe('tesseract TSV', () => {
  it('becomes lines of words with pixel boxes and confidences in 0–1, blank lines dropped', () => {
    const result = parseTesseractTsv(TSV, { width: 0, height: 0 });
    assert.deepEqual([result.width, result.height], [1200, 2417]);
    assert.deepEqual(
      result.lines.map((l) => l.text),
      ['SYL ROASTED DELIGHTS', '75, JALAN'],
    );
    const [first, second] = result.lines;
    assert.deepEqual(first?.bbox, { x0: 124, y0: 656, x1: 1060, y1: 707 });
    const roasted = first?.words[1];
    assert.deepEqual(
      { text: roasted?.text, bbox: roasted?.bbox },
      { text: 'ROASTED', bbox: { x0: 242, y0: 658, x1: 494, y1: 700 } },
    );
    assert.ok(Math.abs((roasted?.confidence ?? 0) - 0.96158302) < 1e-9);
    assert.ok(Math.abs((second?.words[0]?.confidence ?? 0) - 0.61829811) < 1e-9);
    assert.equal(second?.words[1]?.confidence, 1, 'clamped to 1');
  });

  it('keeps the given size when the page row is missing, and reads CRLF', () => {
    const rows = TSV.split('\n').filter((row) => !row.startsWith('1\t'));
    const result = parseTesseractTsv(rows.join('\r\n'), { width: 10, height: 20 });
    assert.deepEqual([result.width, result.height], [10, 20]);
    assert.equal(result.lines[0]?.words[2]?.text, 'DELIGHTS');
  });

  it('an empty output is an empty page', () => {
    assert.deepEqual(parseTesseractTsv('', { width: 5, height: 6 }), { width: 5, height: 6, lines: [] });
  });
});

describe('OCR_BACKEND', () => {
  it('is auto unless set, and takes wasm or native', () => {
    assert.equal(loadConfig({}).OCR_BACKEND, 'auto');
    assert.equal(loadConfig({ OCR_BACKEND: 'wasm' }).OCR_BACKEND, 'wasm');
    assert.equal(loadConfig({ OCR_BACKEND: 'native' }).OCR_BACKEND, 'native');
    assert.throws(() => loadConfig({ OCR_BACKEND: 'gpu' }), /OCR_BACKEND/);
  });

  it('auto is the WASM pool (native read SROIE worse); native needs the binary or is refused', () => {
    assert.equal(
      resolveOcrBackend('auto', () => true),
      'wasm',
    );
    assert.equal(
      resolveOcrBackend('wasm', () => true),
      'wasm',
    );
    assert.equal(
      resolveOcrBackend('native', () => true),
      'native',
    );
    assert.equal(
      resolveOcrBackend('native', () => false),
      undefined,
    );
    assert.equal(hasNativeTesseract('/nonexistent/tesseract'), false);
  });
});

const native = hasNativeTesseract();
const skip = native
  ? false
  : 'no tesseract ≥ 4 on PATH (apt-get install tesseract-ocr tesseract-ocr-eng; CI installs it)';

describe('native tesseract backend', { skip }, () => {
  const ocr = createNativeTesseract({ size: 1 });
  after(() => ocr.close());

  it('reads the invoice PNG through the image reader', async () => {
    const document = await pngReader.read(invoicePng(), { limits: DEFAULT_READ_LIMITS, ocr });
    const text = document.pages[0]!.lines.map((l) => l.text).join('\n');
    for (const [label, value] of INVOICE_ROWS) {
      assert.match(text, new RegExp(`${label}: ${value}`), text);
    }
    for (const word of document.pages[0]!.lines.flatMap((l) => l.words)) {
      assert.ok(word.confidence > 0 && word.confidence <= 1, JSON.stringify(word));
      assert.ok(word.bbox && word.bbox.x1 > word.bbox.x0 && word.bbox.y1 > word.bbox.y0);
    }
    assert.equal(ocr.stats().created, 1);
  });

  it('refuses bytes that are no image, without starting a process', async () => {
    const created = ocr.stats().created;
    await assert.rejects(ocr.recognize(Buffer.from('/etc/passwd\n')), (error) => {
      assert.ok(isAppError(error) && error.code === 'corrupt_document');
      return true;
    });
    assert.equal(ocr.stats().created, created);
  });

  it('a damaged image is a corrupt document', async () => {
    const png = invoicePng().slice(0, 200);
    await assert.rejects(
      ocr.recognize(png),
      (error) => isAppError(error) && error.code === 'corrupt_document',
    );
  });

  it('an abort stops a waiting job and kills a running one; the next job runs', async () => {
    const image = invoicePng();
    await assert.rejects(ocr.recognize(image, { signal: AbortSignal.abort(new Error('gone')) }), /gone/);
    const running = new AbortController();
    const queued = new AbortController();
    const first = ocr.recognize(image, { signal: running.signal });
    const second = ocr.recognize(image, { signal: queued.signal });
    assert.equal(ocr.stats().queued, 1);
    queued.abort(new Error('left the queue'));
    await assert.rejects(second, /left the queue/);
    running.abort(new Error('stopped mid-page'));
    await assert.rejects(first, /stopped mid-page/);
    const again = await ocr.recognize(image);
    assert.ok(again.lines.some((l) => l.text.includes('INV-7731')));
  });

  it('a closed backend refuses work as unavailable', async () => {
    const spare = createNativeTesseract({ size: 1 });
    await spare.close();
    await assert.rejects(
      spare.recognize(invoicePng()),
      (error) => isAppError(error) && error.code === 'unavailable',
    );
  });
});
