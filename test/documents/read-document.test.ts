import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS, type DocumentReader, type ReadContext } from '../../src/documents/model.ts';
import { readDeadline } from '../../src/documents/read-deadline.ts';
import { createDocumentReading } from '../../src/documents/read-document.ts';
import { AppError, isAppError } from '../../src/errors.ts';

/** A text reader that remembers the signal it was given, and fails when told to. */
function recordingReader(fail?: Error): { reader: DocumentReader; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  const reader: DocumentReader = {
    format: 'text',
    async read(bytes, context) {
      if (context.signal) signals.push(context.signal);
      if (fail) throw fail;
      return { pages: [], meta: { format: 'text', bytes: bytes.length, billedPages: 1, characters: 0 } };
    },
  };
  return { reader, signals };
}

const bytes = new TextEncoder().encode('plain text');

describe('createDocumentReading', () => {
  // The time limit's signal lives for minutes: a listener left on it kept every refused document's
  // memory (200 MB for a zip bomb) alive until then, and the server grew by that much per request.
  for (const [outcome, fail] of [
    ['a read that succeeds', undefined],
    ['a read refused by the reader', new AppError('document_too_complex', {})],
    ['a read whose decoder throws', new TypeError('decoder fault')],
  ] as const) {
    it(`leaves no listener on the time limit after ${outcome}`, async () => {
      const { reader, signals } = recordingReader(fail);
      const read = createDocumentReading({ text: reader });
      await read(bytes, { limits: DEFAULT_READ_LIMITS, fileName: 'a.txt' }).catch(() => undefined);
      assert.equal(signals.length, 1);
      assert.equal(getEventListeners(signals[0]!, 'abort').length, 0);
    });
  }

  it('maps a decoder fault to corrupt_document', async () => {
    const { reader } = recordingReader(new TypeError('decoder fault'));
    const read = createDocumentReading({ text: reader });
    await assert.rejects(read(bytes, { limits: DEFAULT_READ_LIMITS, fileName: 'a.txt' }), {
      code: 'corrupt_document',
    });
  });

  it('refuses a read that outlasts the time limit as document_timeout, the limit in details', async () => {
    const stalled: DocumentReader = { format: 'text', read: () => new Promise(() => {}) };
    const read = createDocumentReading({ text: stalled });
    const limits = { ...DEFAULT_READ_LIMITS, timeoutMs: 50 };
    await assert.rejects(read(bytes, { limits, fileName: 'a.txt' }), (error) => {
      assert.ok(isAppError(error));
      assert.deepEqual(
        [error.code, error.status, error.details],
        ['document_timeout', 400, { limit_ms: 50 }],
      );
      return true;
    });
  });

  it('hands the reader its one time guard, whose signal is the one the reader is given', async () => {
    let given: ReadContext | undefined;
    const reader: DocumentReader = {
      format: 'text',
      async read(b, context) {
        given = context;
        return { pages: [], meta: { format: 'text', bytes: b.length, billedPages: 1, characters: 0 } };
      },
    };
    await createDocumentReading({ text: reader })(bytes, { limits: DEFAULT_READ_LIMITS, fileName: 'a.txt' });
    assert.ok(given?.deadline);
    assert.equal(given.deadline.signal, given.signal);
    assert.equal(given.deadline.hasSpareTime(), true);
  });
});

describe('readDeadline', () => {
  it('leaves time for optional passes only in the first half of the limit', () => {
    let now = 0;
    const deadline = readDeadline(10_000, undefined, () => now);
    now = 4_999;
    assert.equal(deadline.hasSpareTime(), true);
    now = 5_000;
    assert.equal(deadline.hasSpareTime(), false);
  });
});

describe('the one gate of formats and encryption', () => {
  /** An OLE compound file (what Office writes for a legacy file or a password-protected package). */
  function compoundFile(streamName: string): Uint8Array {
    const file = new Uint8Array(4096);
    file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    file.set(Buffer.from(streamName, 'utf16le'), 1536);
    return file;
  }
  /** Every format's reader, each failing the test if it is ever reached. */
  const untouchable = Object.fromEntries(
    (['pdf', 'jpeg', 'png', 'docx', 'xlsx', 'text'] as const).map((format) => [
      format,
      {
        format,
        async read() {
          throw new Error(`the ${format} reader was reached`);
        },
      } satisfies DocumentReader,
    ]),
  );

  for (const name of ['secret.docx', 'secret.xlsx', undefined]) {
    it(`refuses a password-protected Office file (${name ?? 'no name'}) before any reader runs`, async () => {
      const read = createDocumentReading(untouchable);
      await assert.rejects(
        read(compoundFile('EncryptionInfo'), { limits: DEFAULT_READ_LIMITS, fileName: name }),
        {
          code: 'encrypted_document',
        },
      );
    });
  }

  it('refuses a legacy .doc or .xls as unsupported_format, saying what it is', async () => {
    const read = createDocumentReading(untouchable);
    await assert.rejects(
      read(compoundFile('WordDocument'), { limits: DEFAULT_READ_LIMITS, fileName: 'old.doc' }),
      {
        code: 'unsupported_format',
        details: {
          accepted_formats: ['PDF', 'JPG', 'JPEG', 'PNG', 'DOCX', 'XLSX', 'TEXT'],
          detected: 'a legacy Office file (.doc/.xls); save it as DOCX or XLSX',
        },
      },
    );
  });
});
