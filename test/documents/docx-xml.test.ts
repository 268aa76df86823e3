import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  childElements,
  decodeXmlBytes,
  ownText,
  parseXml,
  type XmlElement,
} from '../../src/documents/docx/xml.ts';
import { isAppError } from '../../src/errors.ts';

function throwsCode(code: string) {
  return (error: unknown): boolean => {
    assert.ok(isAppError(error));
    assert.equal(error.code, code);
    return true;
  };
}

describe('parseXml', () => {
  it('renames namespace prefixes to the canonical ones, whatever the producer chose', () => {
    const root = parseXml(
      '<x:document xmlns:x="http://purl.oclc.org/ooxml/wordprocessingml/main"><x:body><x:p x:rsid="1"/></x:body></x:document>',
    );
    assert.equal(root.name, 'w:document');
    const paragraph = childElements(childElements(root)[0]!)[0]!;
    assert.equal(paragraph.name, 'w:p');
    assert.equal(paragraph.attrs['w:rsid'], '1');
  });

  it('resolves default namespaces and keeps unknown prefixes as written', () => {
    const root = parseXml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1"/><foo:bar/></Relationships>',
    );
    assert.equal(root.name, 'rel:Relationships');
    assert.deepEqual(
      childElements(root).map((child) => child.name),
      ['rel:Relationship', 'foo:bar'],
    );
    assert.equal(childElements(root)[0]!.attrs.Id, 'r1');
  });

  it('decodes entities, CDATA and quoted ">" and skips comments, PIs and DOCTYPE', () => {
    const root =
      parseXml(`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY boom "lol">]><!-- c --><r a="x > y &amp; z">
      &lt;tag&gt; &#65;&#x42; &boom; <![CDATA[<raw>]]><?pi ?></r>`);
    assert.equal(root.attrs.a, 'x > y & z');
    assert.equal(ownText(root).trim(), '<tag> AB &boom; <raw>');
  });

  it('keeps whitespace-only text, which is meaningful in w:t', () => {
    const root = parseXml('<t xml:space="preserve"> </t>');
    assert.equal(ownText(root), ' ');
    assert.equal(root.attrs['xml:space'], 'preserve');
  });

  it('rejects malformed documents as corrupt', () => {
    for (const bad of ['<a><b></a>', '<a>', '<a></a><b></b>', '<a b=c/>', 'text only', '<a x="1></a>']) {
      assert.throws(() => parseXml(bad), throwsCode('corrupt_document'), bad);
    }
  });

  it('refuses absurd nesting and element counts instead of overflowing', () => {
    assert.throws(
      () => parseXml('<a>'.repeat(10_000) + '</a>'.repeat(10_000)),
      throwsCode('document_too_complex'),
    );
    assert.throws(() => parseXml(`<r>${'<e/>'.repeat(20)}</r>`, 10), throwsCode('document_too_complex'));
  });

  it('decodes UTF-8 and UTF-16 parts', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>é</a>', 'utf16le')]);
    const root: XmlElement = parseXml(decodeXmlBytes(new Uint8Array(utf16)));
    assert.equal(ownText(root), 'é');
    assert.equal(ownText(parseXml(decodeXmlBytes(new TextEncoder().encode('\ufeff<a>ü</a>')))), 'ü');
  });
});
