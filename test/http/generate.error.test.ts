import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import type { ExtractionEngine } from '../../src/engines/engine.ts';
import { errorRegistry } from '../../src/errors.ts';
import { multipart, upload } from '../helpers/multipart.ts';
import { createTestApp, INVOICE_TEXT, INVOICE_YAML, type TestApp } from '../helpers/test-app.ts';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The exact error body of ../shared/spec/decisions.md, with the request id of the response. */
function assertError(res: Injected, code: keyof typeof errorRegistry, details: Record<string, unknown> = {}) {
  assert.equal(res.statusCode, errorRegistry[code].status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const requestId = res.headers['x-request-id'];
  assert.ok(requestId);
  assert.deepEqual(res.json(), {
    status: 'error',
    code,
    message: errorRegistry[code].message,
    details: { request_id: requestId, ...details },
  });
}

const SIMPLE_YAML =
  'schemas:\n  data:\n    type: object\n    properties:\n      total: { type: double, description: Total }\n';

async function pdfWithPages(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < n; i++) pdf.addPage().drawText(`Page ${i + 1} Total: 10.00`, { x: 50, y: 700 });
  return pdf.save();
}

describe('POST /api/v1/generate: errors', () => {
  let t: TestApp;
  let key: string;
  const post = (payload: Buffer | string, headers: Record<string, string>, url = '/api/v1/generate') =>
    t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key, ...headers }, payload });
  const send = (file: string | Uint8Array, yaml = SIMPLE_YAML, filename = 'doc.txt') => {
    const body = upload(file, yaml, filename);
    return post(body.payload, body.headers);
  };

  before(async () => {
    t = await createTestApp({
      limits: {
        maxPages: 2,
        maxPixels: 1_000_000,
        maxUncompressedBytes: 1 << 20,
        maxZipEntries: 100,
        timeoutMs: 30_000,
      },
    });
    key = await t.keyFor({ credits: 1000 });
  });
  after(() => t.close());

  describe('401', () => {
    it('missing_api_key without the header, before the body is read', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        payload: 'not even multipart',
      });
      assertError(res, 'missing_api_key');
    });
    it('invalid_api_key for an unknown, malformed or revoked key', async () => {
      for (const bad of [`dj_${'0'.repeat(43)}`, 'hello', ' ']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/generate',
          headers: { 'x-api-key': bad },
        });
        assertError(res, bad.trim() ? 'invalid_api_key' : 'missing_api_key');
      }
      const revoked = await t.keyFor();
      const [record] = (await t.store.listKeys()).slice(-1);
      assert.ok(await t.store.revokeKey(record!.id));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': revoked },
      });
      assertError(res, 'invalid_api_key');
    });
  });

  describe('402', () => {
    it('subscription_expired when the plan has expired', async () => {
      const expired = await t.keyFor({ expiresAt: '2020-01-31' });
      const body = upload(INVOICE_TEXT, INVOICE_YAML);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': expired, ...body.headers },
        payload: body.payload,
      });
      assertError(res, 'subscription_expired', { plan: 'pro', expired_on: '2020-01-31' });
    });
    it('insufficient_credit before reading when there is no credit at all', async () => {
      const broke = await t.keyFor({ credits: 0 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': broke, 'content-type': 'application/json' },
        payload: '{}',
      });
      assertError(res, 'insufficient_credit', { credits_left: 0 });
    });
    it('insufficient_credit after parsing when the document costs more than the credit, nothing charged', async () => {
      const poor = await t.keyFor({ credits: 2, email: 'poor@example.com' });
      const body = upload(`${INVOICE_TEXT}${'x'.repeat(9000)}`, INVOICE_YAML);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': poor, ...body.headers },
        payload: body.payload,
      });
      assertError(res, 'insufficient_credit', { credits_needed: 4, credits_left: 2 });
      assert.equal((await t.store.getAccountByEmail('poor@example.com'))?.credits, 2);
    });
  });

  describe('400', () => {
    it('malformed_request when the body is not multipart/form-data', async () => {
      assertError(await post('{"file": 1}', { 'content-type': 'application/json' }), 'malformed_request', {
        expected: 'multipart/form-data',
      });
      assertError(await post('hello', { 'content-type': 'application/octet-stream' }), 'malformed_request');
    });
    it('malformed_request for a broken multipart body', async () => {
      const res = await post('--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', {
        'content-type': 'multipart/form-data; boundary=xyz',
      });
      assertError(res, 'malformed_request', { reason: 'the multipart body is incomplete or damaged' });
    });
    it('unsupported_format for bytes of no accepted format, whatever the file name', async () => {
      const gif = Buffer.from(
        'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
        'latin1',
      );
      assertError(await send(gif, SIMPLE_YAML, 'invoice.pdf'), 'unsupported_format', {
        accepted_formats: ['PDF', 'JPG', 'JPEG', 'PNG', 'DOCX', 'XLSX', 'TEXT'],
      });
    });
    it('empty_file for zero bytes', async () => {
      assertError(await send(''), 'empty_file');
    });
    it("file_too_large over the plan's limit, refused while streaming", async () => {
      const free = await t.keyFor({ plan: 'free' });
      const body = upload(Buffer.alloc(1_100_000, 'a'), SIMPLE_YAML);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': free, ...body.headers },
        payload: body.payload,
      });
      assertError(res, 'file_too_large', { limit_bytes: 1_000_000, received_bytes: 1_000_001 });
    });
    it('encrypted_document for a password-protected Office file', async () => {
      const ole = Buffer.alloc(2048);
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
      Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 1024);
      assertError(await send(ole, SIMPLE_YAML, 'secret.docx'), 'encrypted_document');
    });
    it('corrupt_document for a damaged PDF', async () => {
      assertError(
        await send(Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage garbage'), SIMPLE_YAML, 'a.pdf'),
        'corrupt_document',
        { format: 'pdf', reason: 'the file is not a valid PDF (truncated or damaged structure)' },
      );
    });
    it('document_too_complex past the page limit', async () => {
      assertError(await send(await pdfWithPages(3), SIMPLE_YAML, 'a.pdf'), 'document_too_complex', {
        limit_pages: 2,
        pages: 3,
      });
    });
    it('malformed_request for an invalid query parameter', async () => {
      const body = upload(INVOICE_TEXT, SIMPLE_YAML);
      const res = await post(body.payload, body.headers, '/api/v1/generate?evidence=maybe');
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().code, 'malformed_request');
      assert.equal(res.json().details.errors[0].path, 'querystring.evidence');
    });
  });

  describe('422', () => {
    it('missing_part when file or yaml_file is absent', async () => {
      const onlyFile = multipart([{ name: 'file', content: INVOICE_TEXT, filename: 'a.txt' }]);
      assertError(await post(onlyFile.payload, onlyFile.headers), 'missing_part', {
        errors: [{ path: 'yaml_file', message: 'the "yaml_file" part is required' }],
      });
      const none = multipart([]);
      const res = await post(none.payload, none.headers);
      assert.equal(res.statusCode, 422);
      assert.deepEqual(
        res.json().details.errors.map((e: { path: string }) => e.path),
        ['file', 'yaml_file'],
      );
    });
    it('unexpected_part for a part other than file and yaml_file, or one sent twice', async () => {
      const extra = multipart([
        { name: 'file', content: INVOICE_TEXT, filename: 'a.txt' },
        { name: 'yaml_file', content: SIMPLE_YAML, filename: 'f.yaml' },
        { name: 'comment', content: 'hi' },
      ]);
      assertError(await post(extra.payload, extra.headers), 'unexpected_part', {
        errors: [{ path: 'body', message: 'only "file" and "yaml_file" are accepted' }],
      });
      const twice = multipart([
        { name: 'file', content: INVOICE_TEXT, filename: 'a.txt' },
        { name: 'file', content: INVOICE_TEXT, filename: 'b.txt' },
        { name: 'yaml_file', content: SIMPLE_YAML, filename: 'f.yaml' },
      ]);
      assertError(await post(twice.payload, twice.headers), 'unexpected_part', {
        errors: [{ path: 'file', message: '"file" is sent more than once' }],
      });
    });
    it('accepts yaml_file sent as a plain form field', async () => {
      const body = multipart([
        { name: 'file', content: INVOICE_TEXT, filename: 'a.txt' },
        { name: 'yaml_file', content: SIMPLE_YAML },
      ]);
      const res = await post(body.payload, body.headers);
      assert.equal(res.statusCode, 200, res.body);
      // The configuration was read from the field: its one field, found in the document.
      assert.deepEqual(res.json().data, { total: 1481.47 });
    });
    it('invalid_yaml with line and column', async () => {
      const res = await send(INVOICE_TEXT, 'schemas:\n  data: [unclosed\n');
      assert.equal(res.statusCode, 422);
      const body = res.json();
      assert.equal(body.code, 'invalid_yaml');
      assert.ok(body.details.errors.length >= 1);
      assert.equal(typeof body.details.errors[0].line, 'number');
      assert.equal(typeof body.details.errors[0].column, 'number');
    });
    it('invalid_config listing every problem with its path', async () => {
      const yaml =
        'schemas:\n  data:\n    type: object\n    properties:\n      total: { type: money }\n      status: { type: enum }\n';
      const res = await send(INVOICE_TEXT, yaml);
      assert.equal(res.statusCode, 422);
      const body = res.json();
      assert.equal(body.code, 'invalid_config');
      const paths = body.details.errors.map((e: { path: string }) => e.path);
      assert.ok(
        paths.some((p: string) => p.startsWith('schemas.data.properties.total')),
        paths.join(),
      );
      assert.ok(
        paths.some((p: string) => p.startsWith('schemas.data.properties.status')),
        paths.join(),
      );
    });
    it('invalid_config for a configuration over 256 KiB', async () => {
      const res = await send(INVOICE_TEXT, `# ${'x'.repeat(300 * 1024)}\n${SIMPLE_YAML}`);
      assert.equal(res.statusCode, 422);
      assert.equal(res.json().code, 'invalid_config');
      assert.equal(res.json().details.limit_bytes, 256 * 1024);
    });
  });

  describe('404 and 405', () => {
    it('not_found with a JSON body for an unknown path', async () => {
      assertError(await t.app.inject({ method: 'GET', url: '/api/v2/generate' }), 'not_found');
    });
    it('method_not_allowed with Allow for a known path', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/generate' });
      assertError(res, 'method_not_allowed', { allowed_methods: ['POST'] });
      assert.equal(res.headers.allow, 'POST');
      assertError(await t.app.inject({ method: 'DELETE', url: '/health' }), 'method_not_allowed', {
        allowed_methods: ['GET', 'HEAD'],
      });
    });
  });
});

describe('POST /api/v1/generate: 429, 500 and 503', () => {
  it('rate_limited with Retry-After past the per-key limit', async () => {
    const t = await createTestApp({ rateLimitPerMinute: 2 });
    try {
      const key = await t.keyFor();
      const call = () => {
        const body = upload(INVOICE_TEXT, SIMPLE_YAML);
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/generate',
          headers: { 'x-api-key': key, ...body.headers },
          payload: body.payload,
        });
      };
      assert.equal((await call()).statusCode, 200);
      assert.equal((await call()).statusCode, 200);
      const res = await call();
      assert.equal(res.statusCode, 429);
      assert.equal(res.json().code, 'rate_limited');
      assert.ok(Number(res.headers['retry-after']) > 0);
      assert.equal(res.json().details.limit, 2);
      const other = await t.keyFor();
      const body = upload(INVOICE_TEXT, SIMPLE_YAML);
      const res2 = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': other, ...body.headers },
        payload: body.payload,
      });
      assert.equal(res2.statusCode, 200, 'another key has its own budget');
    } finally {
      await t.close();
    }
  });

  it('internal_error says nothing of the fault, and nothing is charged', async () => {
    const canary = 'CANARY-internal-7f3a';
    const failing: ExtractionEngine = {
      name: 'failing',
      extract: async () => {
        throw new Error(`boom ${canary}`);
      },
    };
    const t = await createTestApp({ engine: failing });
    try {
      const key = await t.keyFor({ credits: 5, email: 'fault@example.com' });
      const body = upload(INVOICE_TEXT, SIMPLE_YAML);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': key, ...body.headers },
        payload: body.payload,
      });
      assertError(res, 'internal_error');
      assert.equal((await t.store.getAccountByEmail('fault@example.com'))?.credits, 5);
      assert.ok(t.logs.text.includes('"level":50'), 'the fault is logged');
      assert.ok(!t.logs.text.includes(canary), 'but not its message');
    } finally {
      await t.close();
    }
  });

  it('overloaded with Retry-After when every slot and the queue are taken', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: ExtractionEngine = {
      name: 'slow',
      extract: async () => {
        await gate;
        return { data: {}, evidence: {} };
      },
    };
    const t = await createTestApp({ engine: slow, maxConcurrentJobs: 1, maxQueuedJobs: 0 });
    try {
      const key = await t.keyFor();
      const call = () => {
        const body = upload(INVOICE_TEXT, SIMPLE_YAML);
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/generate',
          headers: { 'x-api-key': key, ...body.headers },
          payload: body.payload,
        });
      };
      const first = call();
      await new Promise((r) => setTimeout(r, 50));
      const second = await call();
      assertError(second, 'overloaded', { running: 1, queued: 0 });
      assert.equal(second.headers['retry-after'], '5');
      release();
      assert.equal((await first).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  it('unavailable for new requests while draining, and in-flight ones finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: ExtractionEngine = {
      name: 'slow',
      extract: async () => {
        await gate;
        return { data: { total: 1 }, evidence: {} };
      },
    };
    const t = await createTestApp({ engine: slow });
    try {
      const key = await t.keyFor();
      const body = upload(INVOICE_TEXT, SIMPLE_YAML);
      const inFlight = t.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { 'x-api-key': key, ...body.headers },
        payload: body.payload,
      });
      await new Promise((r) => setTimeout(r, 50));
      t.app.startDraining();
      const late = await t.app.inject({ method: 'GET', url: '/health' });
      assertError(late, 'unavailable', { reason: 'shutting down' });
      release();
      const done = await inFlight;
      assert.equal(done.statusCode, 200);
      assert.deepEqual(done.json().data, { total: 1 });
      // Its keep-alive connection would otherwise hold the shutdown until the grace period ends.
      assert.equal(done.headers.connection, 'close');
    } finally {
      await t.close();
    }
  });
});
