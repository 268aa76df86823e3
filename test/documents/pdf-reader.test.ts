import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pdfReader } from '../../src/documents/pdf/pdf-reader.ts';
import { context, makePdf, type Text, textWidth } from './pdf-fixtures.ts';

const read = async (bytes: Uint8Array) => pdfReader.read(bytes, context());
const texts = (lines: { text: string }[]) => lines.map((line) => line.text);

describe('pdfReader: text layer', () => {
  it('reads lines top to bottom with word boxes in points from the top-left corner', async () => {
    const doc = await read(
      await makePdf([
        {
          texts: [
            { text: 'Invoice number 12345', x: 72, y: 100 },
            { text: 'Due on receipt', x: 72, y: 130 },
          ],
        },
      ]),
    );
    const [page] = doc.pages;
    assert.ok(page);
    assert.equal(page.number, 1);
    assert.equal(page.width, 612);
    assert.equal(page.height, 792);
    assert.equal(page.source, 'pdf-text');
    assert.deepEqual(texts(page.lines), ['Invoice number 12345', 'Due on receipt']);
    assert.deepEqual(
      page.lines.map((line) => line.index),
      [0, 1],
    );

    const words = page.lines[0]!.words;
    assert.deepEqual(texts(words), ['Invoice', 'number', '12345']);
    assert.ok(words.every((word) => word.confidence === 1));
    const first = words[0]!.bbox!;
    assert.ok(Math.abs(first.x0 - 72) < 0.5, `x0 ${first.x0}`);
    // The baseline is 100 pt from the top: the box holds the letters above it and the descent below.
    assert.ok(first.y0 > 88 && first.y0 < 95, `y0 ${first.y0}`);
    assert.ok(first.y1 > 100 && first.y1 < 104, `y1 ${first.y1}`);
    const secondStart = 72 + (await textWidth('Invoice ', 12));
    assert.ok(Math.abs(words[1]!.bbox!.x0 - secondStart) < 3, `second word at ${words[1]!.bbox!.x0}`);
    const lineEnd = 72 + (await textWidth('Invoice number 12345', 12));
    assert.ok(Math.abs(page.lines[0]!.bbox!.x1 - lineEnd) < 1.5);

    assert.deepEqual(doc.meta, {
      format: 'pdf',
      bytes: doc.meta.bytes,
      billedPages: 1,
      characters: 'Invoice number 12345'.length + 'Due on receipt'.length,
    });
    assert.ok(doc.meta.bytes > 0);
  });

  it('glues pieces of one word drawn separately and keeps spaced words apart', async () => {
    const head = 'Covenant';
    const headWidth = await textWidth(head, 12, true);
    const doc = await read(
      await makePdf([
        {
          texts: [
            { text: head, x: 72, y: 100, bold: true },
            { text: '. Not to compete', x: 72 + headWidth, y: 100 },
            { text: 'Apart', x: 72, y: 130 },
            { text: 'words', x: 72 + (await textWidth('Apart ', 12)), y: 130 },
          ],
        },
      ]),
    );
    const lines = doc.pages[0]!.lines;
    assert.deepEqual(texts(lines[0]!.words), ['Covenant.', 'Not', 'to', 'compete']);
    assert.deepEqual(texts(lines[1]!.words), ['Apart', 'words']);
  });

  for (const shift of [0, 5]) {
    it(`reads a two-column page column by column (right baselines ${shift} pt lower)`, async () => {
      const left: Text[] = [];
      const right: Text[] = [];
      for (let i = 1; i <= 6; i++) {
        left.push({ text: `Left column sentence ${i} flows on here`, x: 50, y: 150 + i * 14, size: 10 });
        right.push({
          text: `Right column sentence ${i} goes on there`,
          x: 320,
          y: 150 + shift + i * 14,
          size: 10,
        });
      }
      const title = { text: 'Annual report of the example company', x: 150, y: 100, size: 18 };
      const footer = {
        text: 'This footer runs across the whole width of the page below both columns',
        x: 50,
        y: 400,
      };
      const doc = await read(await makePdf([{ texts: [title, ...left, ...right, footer] }]));
      assert.deepEqual(texts(doc.pages[0]!.lines), [
        title.text,
        ...texts(left),
        ...texts(right),
        footer.text,
      ]);
    });
  }

  it('reads an item table across, where the words of its description column read like prose beside it', async () => {
    const rows: Text[] = [
      { text: 'BILLED TO', x: 50, y: 100, size: 10 },
      { text: 'PROJECT', x: 320, y: 100, size: 10 },
      { text: 'Halden and Pryce Ltd of Leeds', x: 50, y: 114, size: 10 },
      { text: 'Spring brand refresh for the client', x: 320, y: 114, size: 10 },
      { text: 'Attention Sarah Whitcombe in Marketing', x: 50, y: 128, size: 10 },
      { text: 'Phase one of two of the work', x: 320, y: 128, size: 10 },
    ];
    rows.push(
      { text: 'Third line of the project notes here', x: 320, y: 142, size: 10 },
      { text: 'DESCRIPTION', x: 50, y: 160, size: 10 },
      { text: 'QTY RATE (£) AMOUNT (£)', x: 330, y: 160, size: 10 },
    );
    const items = [
      ['Discovery workshop and brand audit', '1', '1,850.00'],
      ['Logo suite and brand guidelines', '1', '3,200.00'],
      ['Landing page design in hours', '14', '85.00'],
    ];
    items.forEach(([description, qty, rate], i) => {
      rows.push({ text: description!, x: 50, y: 174 + i * 14, size: 10 });
      rows.push({ text: qty!, x: 330, y: 174 + i * 14, size: 10 });
      rows.push({ text: rate!, x: 370, y: 174 + i * 14, size: 10 });
      rows.push({ text: rate!, x: 440, y: 174 + i * 14, size: 10 });
    });
    const doc = await read(await makePdf([{ texts: rows }]));
    const lines = texts(doc.pages[0]!.lines);
    for (const [description, qty, rate] of items)
      assert.ok(lines.includes(`${description} ${qty} ${rate} ${rate}`), lines.join('\n'));
  });

  it('joins the letters of a letter-spaced heading into its words', async () => {
    // Letter spacing adds the same space after every letter's own width; a word space adds more.
    const spaced = async (words: string[], y: number): Promise<Text[]> => {
      const out: Text[] = [];
      let x = 50;
      for (const word of words) {
        for (const ch of word) {
          out.push({ text: ch, x, y, size: 8 });
          x += (await textWidth(ch, 8)) + 2;
        }
        x += 4;
      }
      return out;
    };
    const doc = await read(
      await makePdf([
        { texts: [...(await spaced(['INVOICE'], 100)), ...(await spaced(['BILLED', 'TO'], 130))] },
      ]),
    );
    assert.deepEqual(texts(doc.pages[0]!.lines), ['INVOICE', 'BILLED TO']);
  });

  for (const rotation of [90, 180, 270] as const) {
    it(`reads a page rotated by ${rotation}° upright, in its displayed size`, async () => {
      const doc = await read(
        await makePdf([
          {
            size: [600, 800],
            rotation,
            texts: [
              { text: 'First upright line', x: 50, y: 100 },
              { text: 'Second upright line', x: 50, y: 130 },
            ],
          },
        ]),
      );
      const page = doc.pages[0]!;
      const landscape = rotation !== 180;
      assert.equal(page.width, landscape ? 800 : 600);
      assert.equal(page.height, landscape ? 600 : 800);
      assert.deepEqual(texts(page.lines), ['First upright line', 'Second upright line']);
      const box = page.lines[0]!.bbox!;
      assert.ok(Math.abs(box.x0 - 50) < 0.5, `x0 ${box.x0}`);
      assert.ok(box.y0 > 88 && box.y0 < 100 && box.y1 > 100 && box.y1 < 104, `y ${box.y0}–${box.y1}`);
    });
  }

  it('reads text printed sideways on an upright page after the main text, upright in its own frame', async () => {
    const bytes = await makePdf([
      {
        texts: [
          { text: 'Body text of the page', x: 72, y: 100 },
          { text: 'More body text', x: 72, y: 120 },
        ],
      },
    ]);
    // Add a margin note running bottom to top, as stamps and filing marks do.
    const { PDFDocument, StandardFonts, degrees } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.getPage(0).drawText('Filed copy', { x: 30, y: 300, size: 10, font, rotate: degrees(90) });
    const page = (await read(await doc.save())).pages[0]!;
    assert.deepEqual(texts(page.lines), ['Body text of the page', 'More body text', 'Filed copy']);
    const note = page.lines[2]!.bbox!;
    // A tall, narrow box starting 300 pt above the bottom, its letters left of the baseline x = 30.
    assert.ok(note.y1 - note.y0 > 3 * (note.x1 - note.x0), JSON.stringify(note));
    assert.ok(Math.abs(note.y1 - 492) < 0.5 && note.x0 > 20 && note.x1 < 33, JSON.stringify(note));
  });

  it('reads every page of a multi-page document, numbered from 1', async () => {
    const doc = await read(
      await makePdf([1, 2, 3].map((n) => ({ texts: [{ text: `Content of page ${n}`, x: 72, y: 72 }] }))),
    );
    assert.deepEqual(
      doc.pages.map((page) => [page.number, texts(page.lines)]),
      [
        [1, ['Content of page 1']],
        [2, ['Content of page 2']],
        [3, ['Content of page 3']],
      ],
    );
    assert.equal(doc.meta.billedPages, 3);
  });

  it('leaves the caller’s bytes intact', async () => {
    const bytes = await makePdf([{ texts: [{ text: 'Hello', x: 72, y: 72 }] }]);
    const length = bytes.length;
    await read(bytes);
    assert.equal(bytes.length, length);
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), '%PDF-');
  });
});

describe('pdfReader: admission by pages', () => {
  const twoPages = () => makePdf([{ texts: [{ text: 'One', x: 72, y: 100 }] }, { texts: [] }]);

  it('asks for its page count once opened, before reading any page, and waits for it', async () => {
    const asked: number[] = [];
    let admitted = () => {};
    const reading = pdfReader.read(
      await twoPages(),
      context({
        admit: async (pages) => {
          asked.push(pages);
          await new Promise<void>((resolve) => {
            admitted = resolve;
          });
        },
      }),
    );
    while (asked.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    assert.deepEqual(asked, [2]);
    admitted();
    const doc = await reading;
    assert.equal(doc.pages.length, 2);
    assert.deepEqual(texts(doc.pages[0]!.lines), ['One']);
  });

  it('stops waiting with the request: 503 unavailable, not a corrupt document', async () => {
    const controller = new AbortController();
    const reading = pdfReader.read(
      await twoPages(),
      context({
        signal: controller.signal,
        admit: (_pages, signal) =>
          new Promise<void>((_resolve, reject) => {
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
            controller.abort();
          }),
      }),
    );
    await assert.rejects(reading, (error: { code?: string }) => error.code === 'unavailable');
  });
});

describe('pdfReader: a stamp printed over a row', () => {
  it('keeps the row whole and the stamp on a line of its own', async () => {
    const doc = await read(
      await makePdf([
        {
          texts: [
            { text: 'Advertiser', x: 300, y: 100, size: 8 },
            { text: 'Friends of Dana Lee', x: 370, y: 100, size: 8 },
            { text: 'Invoice #', x: 520, y: 100, size: 8 },
            { text: 'DUPLICATE', x: 250, y: 103, size: 36 },
          ],
        },
      ]),
    );
    const lines = texts(doc.pages[0]!.lines);
    assert.ok(lines.includes('Advertiser Friends of Dana Lee Invoice #'), lines.join(' | '));
    assert.ok(lines.includes('DUPLICATE'), lines.join(' | '));
  });
});
