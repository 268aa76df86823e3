import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isStrayPdfRejection, rejectionName } from '../../src/documents/pdf/stray-rejections.ts';

describe('stray pdf.js rejections', () => {
  it('recognises an error raised by pdf.js, by its origin in the package', async () => {
    const task = getDocument({ data: new TextEncoder().encode('not a pdf at all'), verbosity: 0 });
    const reason = await task.promise.then(
      () => assert.fail('garbage parsed as a PDF'),
      (error: unknown) => error,
    );
    await task.destroy();
    assert.equal(isStrayPdfRejection(reason), true);
    assert.equal(rejectionName(reason), 'InvalidPDFException');
  });

  it('leaves every other rejection fatal', () => {
    assert.equal(isStrayPdfRejection(new Error('a bug of ours')), false);
    assert.equal(isStrayPdfRejection('a string'), false);
    assert.equal(isStrayPdfRejection(undefined), false);
  });

  it('names the error without its message, which may quote the document', () => {
    const error = new TypeError('CANARY-7f3a in a font name');
    assert.equal(rejectionName(error), 'TypeError');
  });
});
