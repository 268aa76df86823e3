import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '../../src/documents/model.ts';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { AppError } from '../../src/errors.ts';
import { context, encryptedPdf, makePdf, rawPdf, textImage } from './pdf-fixtures.ts';

const SECRET = 'Confidential salary 98765';

/** Asserts the read fails with exactly this AppError, and that no document text leaks into it. */
async function rejectsWith(bytes: Uint8Array, code: string, details: object, ctx = context()) {
  await assert.rejects(pdfReader.read(bytes, ctx), (error: unknown) => {
    assert.ok(error instanceof AppError, `not an AppError: ${String(error)}`);
    assert.equal(error.code, code);
    assert.deepEqual(error.details, details);
    assert.ok(!`${error.message} ${JSON.stringify(error.details)}`.includes('98765'));
    return true;
  });
}

describe('pdfReader: guards', () => {
  it('refuses a password-protected PDF as encrypted_document', async () => {
    await rejectsWith(encryptedPdf(), 'encrypted_document', { format: 'pdf' });
  });

  it('reads the same hand-made PDF without its /Encrypt entry (the fixture is otherwise valid)', async () => {
    const plain = rawPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      ],
      '/Root 1 0 R',
    );
    const doc = await pdfReader.read(plain, context());
    assert.equal(doc.pages.length, 1);
  });

  it('refuses a PDF header followed by garbage as corrupt_document', async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${'\u0001garbage\u0002'.repeat(200)}`);
    await rejectsWith(bytes, 'corrupt_document', {
      format: 'pdf',
      reason: 'the file is not a valid PDF (truncated or damaged structure)',
    });
  });

  it('refuses a truncated PDF as corrupt_document, without quoting its text', async () => {
    const whole = await makePdf([{ texts: [{ text: SECRET, x: 72, y: 72 }] }]);
    const half = whole.slice(0, Math.floor(whole.length / 2));
    await rejectsWith(half, 'corrupt_document', {
      format: 'pdf',
      reason: 'the file is not a valid PDF (truncated or damaged structure)',
    });
  });

  it('refuses more pages than the limit as document_too_complex, with both counts', async () => {
    const bytes = await makePdf([1, 2, 3].map((n) => ({ texts: [{ text: `Page ${n}`, x: 72, y: 72 }] })));
    const limits = { ...DEFAULT_READ_LIMITS, maxPages: 2 };
    await rejectsWith(bytes, 'document_too_complex', { limit_pages: 2, pages: 3 }, context({ limits }));
  });

  it('stops when the caller aborts', async () => {
    const bytes = await makePdf([{ texts: [{ text: SECRET, x: 72, y: 72 }] }]);
    const signal = AbortSignal.abort();
    await rejectsWith(bytes, 'unavailable', { reason: 'request aborted' }, context({ signal }));
  });

  it('stops at the page where the caller aborts, reading no further page', async () => {
    const scan = { image: await textImage(['scan'], 200, 260) };
    const bytes = await makePdf([scan, scan, scan]);
    const controller = new AbortController();
    let calls = 0;
    const ocr = {
      recognize: async () => {
        calls++;
        controller.abort();
        return { width: 1, height: 1, lines: [] };
      },
    };
    const limits = { ...DEFAULT_READ_LIMITS, maxPixels: 200_000 };
    await rejectsWith(
      bytes,
      'unavailable',
      { reason: 'request aborted' },
      context({ ocr, limits, signal: controller.signal }),
    );
    assert.equal(calls, 1);
  });

  it('turns an OCR engine failure into internal_error, not a corrupt document', async () => {
    const bytes = await makePdf([{ image: await textImage(['scan'], 200, 260) }]);
    const ocr = {
      recognize: async () => {
        throw new Error('worker crashed');
      },
    };
    const limits = { ...DEFAULT_READ_LIMITS, maxPixels: 200_000 };
    await rejectsWith(bytes, 'internal_error', { reason: 'ocr failed' }, context({ ocr, limits }));
  });
});
