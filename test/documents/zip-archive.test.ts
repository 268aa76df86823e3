import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { isEncryptedOffice } from '../../src/documents/zip/encrypted-office.ts';
import { listZipEntries, measureZip, readZip, zipKind } from '../../src/documents/zip/zip-archive.ts';
import { isAppError } from '../../src/errors.ts';

const LIMITS = { maxZipEntries: 100, maxUncompressedBytes: 10 * 1024 * 1024 };

function zipOf(files: Record<string, string | Uint8Array>, level: 0 | 6 = 6): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(files)) {
    entries[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(entries, { level });
}

function errorCode(code: string, details?: Record<string, unknown>) {
  return (error: unknown): boolean => {
    assert.ok(isAppError(error), `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    if (details) for (const [key, value] of Object.entries(details)) assert.equal(error.details[key], value);
    return true;
  };
}

/**
 * A one-entry deflated archive built by hand (native zlib compresses tens of MB of zeros in a blink),
 * whose headers declare `declaredSize` as the uncompressed size, true or not.
 */
function singleEntryZip(name: string, content: Uint8Array, declaredSize = content.length): Uint8Array {
  const data = deflateRawSync(content);
  const nameBytes = strToU8(name);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(8, 8, true);
  local.setUint32(14, crc32(content), true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, declaredSize, true);
  local.setUint16(26, nameBytes.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(10, 8, true);
  central.setUint32(16, crc32(content), true);
  central.setUint32(20, data.length, true);
  central.setUint32(24, declaredSize, true);
  central.setUint16(28, nameBytes.length, true);
  const centralOffset = 30 + nameBytes.length + data.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + nameBytes.length, true);
  end.setUint32(16, centralOffset, true);
  const parts = [
    new Uint8Array(local.buffer),
    nameBytes,
    data,
    new Uint8Array(central.buffer),
    nameBytes,
    new Uint8Array(end.buffer),
  ];
  return new Uint8Array(Buffer.concat(parts));
}

/** Rewrites an archive's end records in the Zip64 form (EOCD fields saturated, real values in Zip64 records). */
function toZip64(zip: Uint8Array): Uint8Array {
  const eocd = zip.length - 22;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const entries = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  const out = new Uint8Array(eocd + 56 + 20 + 22);
  out.set(zip.subarray(0, eocd));
  const o = new DataView(out.buffer);
  o.setUint32(eocd, 0x06064b50, true);
  o.setBigUint64(eocd + 4, 44n, true);
  o.setBigUint64(eocd + 24, BigInt(entries), true);
  o.setBigUint64(eocd + 32, BigInt(entries), true);
  o.setBigUint64(eocd + 40, BigInt(size), true);
  o.setBigUint64(eocd + 48, BigInt(offset), true);
  const locator = eocd + 56;
  o.setUint32(locator, 0x07064b50, true);
  o.setBigUint64(locator + 8, BigInt(eocd), true);
  o.setUint32(locator + 16, 1, true);
  const end = locator + 20;
  o.setUint32(end, 0x06054b50, true);
  o.setUint16(end + 8, 0xffff, true);
  o.setUint16(end + 10, 0xffff, true);
  o.setUint32(end + 12, 0xffffffff, true);
  o.setUint32(end + 16, 0xffffffff, true);
  return out;
}

describe('readZip', () => {
  it('reads archives whose end records are in the Zip64 form', () => {
    const files = readZip(toZip64(zipOf({ 'a.txt': 'alpha', 'b.txt': 'beta' })), LIMITS);
    assert.deepEqual(
      [...files].map(([name, data]) => [name, new TextDecoder().decode(data)]),
      [
        ['a.txt', 'alpha'],
        ['b.txt', 'beta'],
      ],
    );
  });

  it('inflates deflated and stored entries', () => {
    const text = 'hello '.repeat(1000);
    for (const level of [0, 6] as const) {
      const files = readZip(zipOf({ 'a.txt': text, 'dir/b.xml': '<b/>' }, level), LIMITS);
      assert.equal(new TextDecoder().decode(files.get('a.txt')), text);
      assert.equal(new TextDecoder().decode(files.get('dir/b.xml')), '<b/>');
    }
  });

  it('inflates only the wanted entries', () => {
    const files = readZip(zipOf({ 'a.xml': '<a/>', 'media/big.bin': new Uint8Array(1000) }), LIMITS, (name) =>
      name.endsWith('.xml'),
    );
    assert.deepEqual([...files.keys()], ['a.xml']);
  });

  it('stops a zip bomb early, even when its headers declare a tiny size', () => {
    const bomb = singleEntryZip('bomb.bin', new Uint8Array(64 * 1024 * 1024), 100);
    assert.ok(bomb.length < 200 * 1024, 'the bomb is small once compressed');
    const limits = { maxZipEntries: 10, maxUncompressedBytes: 1024 * 1024 };
    assert.throws(
      () => readZip(bomb, limits),
      errorCode('document_too_complex', { limit_uncompressed_bytes: 1024 * 1024 }),
    );
    let seen = 0;
    assert.throws(
      () => measureZip(bomb, limits, (_, chunk) => (seen += chunk.length)),
      errorCode('document_too_complex'),
    );
    assert.ok(seen < 20 * 1024 * 1024, `inflation stopped after ${seen} of 64 MB`);
  });

  it('reads a hand-built archive whose sizes are honest', () => {
    const text = strToU8('honest content '.repeat(100));
    assert.deepEqual(readZip(singleEntryZip('a.txt', text), LIMITS).get('a.txt'), text);
  });

  it('counts the limit over all entries together', () => {
    const zip = zipOf({ 'a.bin': new Uint8Array(600), 'b.bin': new Uint8Array(600) });
    assert.throws(
      () => readZip(zip, { maxZipEntries: 10, maxUncompressedBytes: 1000 }),
      errorCode('document_too_complex'),
    );
    assert.equal(readZip(zip, { maxZipEntries: 10, maxUncompressedBytes: 1200 }).size, 2);
  });

  it('refuses more entries than allowed', () => {
    const zip = zipOf({ a: 'a', b: 'b', c: 'c', d: 'd' });
    assert.throws(
      () => readZip(zip, { ...LIMITS, maxZipEntries: 3 }),
      errorCode('document_too_complex', { limit_entries: 3 }),
    );
  });

  it('reports damaged archives as corrupt documents', () => {
    const good = zipOf({ 'a.txt': 'some text that compresses, some text that compresses' });
    assert.throws(
      () => readZip(new TextEncoder().encode('not a zip at all, just text'), LIMITS),
      errorCode('corrupt_document'),
    );
    assert.throws(() => readZip(good.subarray(0, good.length - 30), LIMITS), errorCode('corrupt_document'));
    const garbled = good.slice();
    garbled.fill(0xff, 40, 60);
    assert.throws(() => readZip(garbled, LIMITS), errorCode('corrupt_document'));
  });
});

describe('listZipEntries', () => {
  it('lists names and declared sizes from the central directory', () => {
    const entries = listZipEntries(zipOf({ 'x/y.xml': '<y/>', 'z.txt': 'zz' }));
    assert.deepEqual(
      entries.map((entry) => [entry.name, entry.declaredSize]),
      [
        ['x/y.xml', 4],
        ['z.txt', 2],
      ],
    );
  });
});

describe('zipKind', () => {
  const types = '<?xml version="1.0"?><Types/>';
  it('recognises DOCX and XLSX/XLSM packages by their part names', () => {
    assert.equal(zipKind(zipOf({ '[Content_Types].xml': types, 'word/document.xml': '<w/>' })), 'docx');
    assert.equal(zipKind(zipOf({ '[Content_Types].xml': types, 'xl/workbook.xml': '<x/>' })), 'xlsx');
  });

  it('returns null for other zips and for non-zips', () => {
    assert.equal(zipKind(zipOf({ 'readme.txt': 'hi', 'word/document.xml': '<w/>' })), null);
    assert.equal(zipKind(zipOf({ '[Content_Types].xml': types, 'ppt/presentation.xml': '<p/>' })), null);
    assert.equal(zipKind(new TextEncoder().encode('%PDF-1.7 not a zip')), null);
  });
});

describe('isEncryptedOffice', () => {
  const header = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  function compoundFile(streamName: string): Uint8Array {
    const bytes = new Uint8Array(2048);
    bytes.set(header);
    bytes.set(Buffer.from(streamName, 'utf16le'), 1024);
    return bytes;
  }

  it('detects a compound file holding an EncryptionInfo stream', () => {
    assert.equal(isEncryptedOffice(compoundFile('EncryptionInfo')), true);
  });

  it('does not flag legacy compound files, zips or short input', () => {
    assert.equal(isEncryptedOffice(compoundFile('WordDocument')), false);
    assert.equal(isEncryptedOffice(zipOf({ 'a.txt': 'EncryptionInfo' })), false);
    assert.equal(isEncryptedOffice(new Uint8Array([0xd0, 0xcf])), false);
  });
});
