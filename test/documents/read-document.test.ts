import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS, type DocumentReader } from '../../src/documents/model.ts';
import { createDocumentReading } from '../../src/documents/read-document.ts';
import { AppError } from '../../src/errors.ts';

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
