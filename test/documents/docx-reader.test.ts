import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AlignmentType,
  Document as DocxDocument,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
} from 'docx';
import { strToU8, zipSync } from 'fflate';
import { docxReader } from '../../src/documents/docx/docx-reader.ts';
import { DEFAULT_READ_LIMITS, type Document } from '../../src/documents/model.ts';
import { isAppError } from '../../src/errors.ts';

const context = { limits: DEFAULT_READ_LIMITS };

function cell(text: string, options: { columnSpan?: number; rowSpan?: number } = {}): TableCell {
  return new TableCell({ children: [new Paragraph(text)], ...options });
}

async function sampleDocx(): Promise<Uint8Array> {
  const document = new DocxDocument({
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('ACME Corporation header')] }) },
        footers: { default: new Footer({ children: [new Paragraph('Confidential footer')] }) },
        children: [
          new Paragraph({ text: 'Quarterly Report', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Summary', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'Details', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [new TextRun('Invoice number'), new TextRun({ text: 'INV-42', break: 0 })],
          }),
          new Paragraph({ children: [new TextRun('Label'), new TextRun({ children: ['\t', 'Value'] })] }),
          new Paragraph({
            children: [new TextRun('first line'), new TextRun({ text: 'second line', break: 1 })],
          }),
          new Paragraph({ text: 'apples', bullet: { level: 0 } }),
          new Paragraph({ text: 'Open the box', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Plug it in', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Item'), cell('Qty'), cell('Price')] }),
              new TableRow({ children: [cell('Widget'), cell('2'), cell('10.00')] }),
              new TableRow({ children: [cell('Total', { columnSpan: 2 }), cell('54.50', { rowSpan: 2 })] }),
              new TableRow({ children: [cell('Paid'), cell('yes')] }),
            ],
          }),
          new Textbox({
            style: { width: '2in', height: '1in' },
            children: [new Paragraph('Text inside a box')],
          }),
          new Paragraph({
            children: [new TextRun('Before the break'), new PageBreak(), new TextRun('After the break')],
          }),
          new Paragraph('Last body paragraph'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

function texts(document: Document): string[] {
  return document.pages.flatMap((page) => page.lines.map((line) => line.text));
}

/** A minimal package around a hand-written document.xml body. */
function handmadeDocx(body: string, extra: Record<string, string> = {}): Uint8Array {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    'word/document.xml': strToU8(xml),
  };
  for (const [name, content] of Object.entries(extra)) files[name] = strToU8(content);
  return zipSync(files);
}

async function rejection(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isAppError(error), `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    return true;
  });
}

describe('docxReader on a document made with the docx package', async () => {
  const document = await docxReader.read(await sampleDocx(), context);
  const lines = texts(document);

  it('reads the header first and the footer last', () => {
    assert.equal(lines[0], 'ACME Corporation header');
    assert.equal(lines.at(-1), 'Confidential footer');
  });

  it('marks headings with their level', () => {
    const headings = document.pages[0]!.lines.filter((line) => line.heading !== undefined);
    assert.deepEqual(
      headings.map((line) => [line.text, line.heading]),
      [
        ['Quarterly Report', 1],
        ['Summary', 1],
        ['Details', 2],
      ],
    );
  });

  it('keeps tabs, and turns line breaks into new lines of the same paragraph', () => {
    assert.ok(lines.includes('Label\tValue'));
    const first = document.pages[0]!.lines.find((line) => line.text === 'first line');
    const second = document.pages[0]!.lines.find((line) => line.text === 'second line');
    assert.ok(first && second);
    assert.equal(first.paragraph, second.paragraph);
    assert.equal(second.index, first.index + 1);
  });

  it('prefixes list items', () => {
    assert.ok(lines.includes('- apples'));
    assert.ok(lines.includes('1. Open the box'));
    assert.ok(lines.includes('2. Plug it in'));
  });

  it('reads the table with its merged cells, and each row as a line', () => {
    const table = document.pages[0]!.tables[0]!;
    assert.equal(table.rows.length, 4);
    const total = table.rows[2]![0]!;
    assert.deepEqual([total.text, total.row, total.col, total.colSpan, total.rowSpan], ['Total', 2, 0, 2, 1]);
    const amount = table.rows[2]![1]!;
    assert.deepEqual([amount.text, amount.col, amount.rowSpan], ['54.50', 2, 2]);
    assert.deepEqual(
      table.rows[3]!.map((c) => [c.text, c.col]),
      [
        ['Paid', 0],
        ['yes', 1],
      ],
    );
    assert.ok(lines.includes('Item\tQty\tPrice'));
    assert.ok(lines.includes('Total\t54.50'));
  });

  it('reads text boxes', () => {
    assert.ok(lines.includes('Text inside a box'));
  });

  it('starts a new page at an explicit page break', () => {
    assert.equal(document.pages.length, 2);
    assert.equal(document.pages[0]!.lines.at(-1)!.text, 'Before the break');
    assert.equal(document.pages[1]!.lines[0]!.text, 'After the break');
    assert.equal(document.pages[1]!.lines[0]!.index, 0);
    for (const page of document.pages) {
      assert.deepEqual([page.width, page.height, page.source], [612, 792, 'docx']);
    }
  });

  it('gives words without geometry and the meta of a short document', () => {
    const line = document.pages[1]!.lines.find((l) => l.text === 'Last body paragraph')!;
    assert.deepEqual(line.words, [
      { text: 'Last', confidence: 1 },
      { text: 'body', confidence: 1 },
      { text: 'paragraph', confidence: 1 },
    ]);
    assert.equal(line.bbox, undefined);
    assert.equal(document.meta.format, 'docx');
    assert.equal(document.meta.billedPages, 1);
    assert.equal(document.meta.characters, lines.join('').length);
  });
});

describe('docxReader on hand-written WordprocessingML', () => {
  it('keeps field results, insertions, symbols and hyphens, and drops instructions and deletions', async () => {
    const body = `<w:p>
      <w:r><w:t xml:space="preserve">Due </w:t></w:r>
      <w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DATE \\@ "yyyy" </w:instrText></w:r>
      <w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>2024</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>
      <w:del><w:r><w:delText>removed</w:delText></w:r></w:del>
      <w:ins><w:r><w:t xml:space="preserve"> added</w:t></w:r></w:ins>
      <w:r><w:t xml:space="preserve"> e</w:t><w:noBreakHyphen/><w:t>mail co</w:t><w:softHyphen/><w:t>operate &amp; </w:t></w:r>
      <w:r><w:sym w:font="Wingdings" w:char="F0FE"/><w:t xml:space="preserve"> </w:t><w:sym w:font="Symbol" w:char="F061"/></w:r>
      <w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden</w:t></w:r>
    </w:p>`;
    const document = await docxReader.read(handmadeDocx(body), context);
    assert.deepEqual(texts(document), ['Due 2024 added e-mail cooperate & ☑ α']);
  });

  it('reads vertically merged cells, grid offsets and heading outline levels', async () => {
    const body = `
      <w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr><w:r><w:t>Chapter</w:t></w:r></w:p>
      <w:tbl>
        <w:tr><w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr><w:p><w:r><w:t>Name</w:t></w:r></w:p></w:tc>
              <w:tc><w:p><w:r><w:t>Ann</w:t></w:r></w:p></w:tc></w:tr>
        <w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc><w:tc><w:p><w:r><w:t>Bob</w:t></w:r></w:p></w:tc></w:tr>
        <w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr><w:tc><w:p><w:r><w:t>Cy</w:t></w:r></w:p></w:tc></w:tr>
      </w:tbl>`;
    const document = await docxReader.read(handmadeDocx(body), context);
    const page = document.pages[0]!;
    assert.equal(page.lines[0]!.heading, 3);
    const rows = page.tables[0]!.rows;
    assert.deepEqual(
      rows.map((row) => row.map((c) => [c.text, c.row, c.col, c.rowSpan, c.colSpan])),
      [
        [
          ['Name', 0, 0, 2, 1],
          ['Ann', 0, 1, 1, 1],
        ],
        [['Bob', 1, 1, 1, 1]],
        [['Cy', 2, 1, 1, 1]],
      ],
    );
    assert.deepEqual(texts(document), ['Chapter', 'Name\tAnn', 'Bob', 'Cy']);
  });

  it('numbers nested lists, restarting sub-levels and overridden lists', async () => {
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const level = (ilvl: number, format: string, text: string) =>
      `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
    const numbering = `<w:numbering ${W}>
      <w:abstractNum w:abstractNumId="0">${level(0, 'decimal', '%1.')}${level(1, 'lowerLetter', '%2)')}${level(2, 'lowerRoman', '%3.')}</w:abstractNum>
      <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
      <w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
    </w:numbering>`;
    const item = (numId: number, ilvl: number, text: string) =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const body = [
      item(1, 0, 'one'),
      item(1, 1, 'sub'),
      item(1, 1, 'sub'),
      item(1, 2, 'deep'),
      item(1, 2, 'deep'),
      item(1, 0, 'two'),
      item(1, 1, 'sub'),
      item(2, 0, 'restarted'),
    ].join('');
    const document = await docxReader.read(handmadeDocx(body, { 'word/numbering.xml': numbering }), context);
    assert.deepEqual(texts(document), [
      '1. one',
      'a) sub',
      'b) sub',
      'i. deep',
      'ii. deep',
      '2. two',
      'a) sub',
      '1. restarted',
    ]);
  });

  it('starts a new page at a section break unless the next section is continuous', async () => {
    const body = (nextType: string) =>
      `<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>One</w:t></w:r></w:p><w:p><w:r><w:t>Two</w:t></w:r></w:p>
       <w:sectPr><w:type w:val="${nextType}"/></w:sectPr>`;
    const paged = await docxReader.read(handmadeDocx(body('nextPage')), context);
    assert.deepEqual(
      paged.pages.map((page) => page.lines.map((line) => line.text)),
      [['One'], ['Two']],
    );
    const continuous = await docxReader.read(handmadeDocx(body('continuous')), context);
    assert.equal(continuous.pages.length, 1);
  });

  it('reads a one-cell frame table as its content', async () => {
    const inner =
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>A</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>B</w:t></w:r></w:p></w:tc></w:tr></w:tbl>';
    const body = `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Framed text</w:t></w:r></w:p>${inner}</w:tc></w:tr></w:tbl>`;
    const document = await docxReader.read(handmadeDocx(body), context);
    assert.deepEqual(texts(document), ['Framed text', 'A\tB']);
    assert.equal(document.pages[0]!.tables.length, 1);
    assert.deepEqual(
      document.pages[0]!.tables[0]!.rows[0]!.map((c) => c.text),
      ['A', 'B'],
    );
  });

  it('reads cells whose paragraphs stand side by side as one line per paragraph, a wrapped cell as one line', async () => {
    const p = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const tc = (...paragraphs: string[]) => `<w:tc>${paragraphs.map(p).join('')}</w:tc>`;
    const body =
      `<w:tbl><w:tr>${tc('Our ref:', 'Your ref:', 'Account no.:')}${tc('CR/2025/0418', 'PO 7731', 'FDA-00912')}${tc('3 April 2025')}</w:tr></w:tbl>` +
      `<w:tbl><w:tr>${tc('Oak flooring, rustic', 'laid on site')}${tc('1,860.00')}</w:tr></w:tbl>`;
    const document = await docxReader.read(handmadeDocx(body), context);
    assert.deepEqual(texts(document), [
      'Our ref:\tCR/2025/0418\t3 April 2025',
      'Your ref:\tPO 7731',
      'Account no.:\tFDA-00912',
      'Oak flooring, rustic laid on site\t1,860.00',
    ]);
  });

  it('reads the cached data of an embedded chart as a table', async () => {
    const drawing = `<w:p><w:r><w:drawing><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">
      <a:graphicData><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"
        xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rId9"/></a:graphicData>
      </a:graphic></w:drawing></w:r></w:p>`;
    const points = (values: string[]) =>
      values.map((value, i) => `<c:pt idx="${i}"><c:v>${value}</c:v></c:pt>`).join('');
    const chart = `<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"
      xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart>
      <c:title><c:tx><c:rich><a:p><a:r><a:t>Sales by quarter</a:t></a:r></a:p></c:rich></c:tx></c:title>
      <c:plotArea><c:barChart><c:ser><c:tx><c:v>2024</c:v></c:tx>
        <c:cat><c:strRef><c:strCache>${points(['Q1', 'Q2'])}</c:strCache></c:strRef></c:cat>
        <c:val><c:numRef><c:numCache>${points(['10.5', '4.4000000000000004'])}</c:numCache></c:numRef></c:val>
      </c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`;
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
      <Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="charts/chart1.xml"/>
      </Relationships>`;
    const bytes = handmadeDocx(drawing, {
      'word/_rels/document.xml.rels': rels,
      'word/charts/chart1.xml': chart,
    });
    const document = await docxReader.read(bytes, context);
    assert.deepEqual(texts(document), ['Sales by quarter', '2024', 'Q1\t10.5', 'Q2\t4.4']);
    assert.deepEqual(
      document.pages[0]!.tables[0]!.rows.map((row) => row.map((c) => c.text)),
      [
        ['', '2024'],
        ['Q1', '10.5'],
        ['Q2', '4.4'],
      ],
    );
  });

  it('bills one page per 3,000 characters', async () => {
    const paragraph = `<w:p><w:r><w:t>${'a'.repeat(999)}</w:t></w:r></w:p>`;
    const document = await docxReader.read(handmadeDocx(paragraph.repeat(7)), context);
    assert.equal(document.meta.characters, 6993);
    assert.equal(document.meta.billedPages, 3);
  });

  it('bills an empty document as one page', async () => {
    const document = await docxReader.read(handmadeDocx('<w:p/>'), context);
    assert.equal(document.pages.length, 1);
    assert.equal(document.meta.billedPages, 1);
  });
});

describe('docxReader errors', () => {
  it('reports malformed XML as a corrupt document', async () => {
    await rejection(
      docxReader.read(handmadeDocx('<w:p><w:r><w:t>unclosed</w:r></w:p>'), context),
      'corrupt_document',
    );
  });

  it('reports a package without a main document as corrupt', async () => {
    const zip = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/styles.xml': strToU8('<styles/>'),
    });
    await rejection(docxReader.read(zip, context), 'corrupt_document');
  });

  it('reports bytes that are no zip as corrupt', async () => {
    await rejection(
      docxReader.read(new TextEncoder().encode('plain text, not a package'), context),
      'corrupt_document',
    );
  });

  it('refuses a package over the uncompressed size limit', async () => {
    const body = `<w:p><w:r><w:t>${'x'.repeat(200_000)}</w:t></w:r></w:p>`;
    const limits = { ...DEFAULT_READ_LIMITS, maxUncompressedBytes: 100_000 };
    await rejection(docxReader.read(handmadeDocx(body), { limits }), 'document_too_complex');
  });
});
