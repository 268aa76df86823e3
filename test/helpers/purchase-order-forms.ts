import { createCanvas } from '@napi-rs/canvas';
import {
  AlignmentType,
  Document as DocxDocument,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A purchase order with a line-item table, rendered in the seven accepted forms. Each form lays
 * the table out the way that form's authors do: aligned by spaces in text, drawn at column x
 * positions in a PDF, scanned at 300 DPI, a Word table (or tab stops), a sheet range under a title.
 */

export interface OrderItem {
  /** Printed lines of the description: more than one when it wraps inside its column. */
  description: string[];
  quantity: number;
  unit_price: number;
  amount: number;
}

export const ORDER_ITEMS: OrderItem[] = [
  { description: ['Steel bracket, galvanised'], quantity: 40, unit_price: 12.5, amount: 500 },
  { description: ['Hydraulic pump assembly'], quantity: 2, unit_price: 625, amount: 1250 },
  { description: ['Safety gloves (pair)'], quantity: 120, unit_price: 3.75, amount: 450 },
  { description: ['Industrial adhesive,', 'two-part epoxy'], quantity: 6, unit_price: 48.2, amount: 289.2 },
  { description: ['Copper wire 2.5 mm'], quantity: 10, unit_price: 95, amount: 950 },
];

/** Eight items, for a table that runs over two pages. */
export const LONG_ORDER_ITEMS: OrderItem[] = [
  ...ORDER_ITEMS,
  { description: ['Cable ties, black'], quantity: 500, unit_price: 0.12, amount: 60 },
  { description: ['Bench vice 150 mm'], quantity: 1, unit_price: 1375.5, amount: 1375.5 },
  { description: ['Drill bit set'], quantity: 3, unit_price: 42, amount: 126 },
];

/** The items as the engine should return them: a wrapped description read as one. */
export const expectedItems = (items: OrderItem[] = ORDER_ITEMS) =>
  items.map(({ description, ...rest }) => ({ description: description.join(' '), ...rest }));

export const ORDER_YAML = `schemas:
  data:
    type: object
    properties:
      po_number: { type: string, description: Purchase order number }
      items:
        type: array
        description: Line items ordered
        items:
          type: object
          properties:
            description: { type: string, description: What is ordered }
            quantity: { type: integer, description: Quantity ordered }
            unit_price: { type: double, description: Price of one unit }
            amount: { type: double, description: Line amount }
`;

export interface OrderOptions {
  items?: OrderItem[];
  /** Items on the first page; the rest go on a second page. */
  firstPageItems?: number;
  /** Whether the second page repeats the table's header row. */
  repeatHeader?: boolean;
  /** The subtotal printed below the table; by default the sum of the items. */
  statedSubtotal?: number;
}

/** Four columns: description, quantity, unit price, amount; undefined for a blank cell. */
type Cells = [string | undefined, string | undefined, string | undefined, string | undefined];
type Printed = { text: string } | { cells: Cells };
interface Order {
  pages: Printed[][];
  items: OrderItem[];
  totals: [string, string][];
}

const HEADER: Cells = ['Description', 'Qty', 'Unit price', 'Amount'];
const PREAMBLE = ['ACME INDUSTRIAL SUPPLY', 'PURCHASE ORDER', 'PO number: PO-4471', 'Order date: 2 May 2024'];

const money = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cents = (n: number) => Math.round(n * 100) / 100;

function order(options: OrderOptions = {}): Order {
  const items = options.items ?? ORDER_ITEMS;
  const subtotal = cents(options.statedSubtotal ?? items.reduce((n, i) => n + i.amount, 0));
  const tax = cents(subtotal * 0.2);
  const totals: [string, string][] = [
    ['Subtotal', money(subtotal)],
    ['Tax 20%', money(tax)],
    ['Total', money(cents(subtotal + tax))],
  ];
  const itemRows = (list: OrderItem[]): Printed[] =>
    list.flatMap((item) =>
      item.description.map(
        (text, i): Printed => ({
          cells:
            i === 0
              ? [text, String(item.quantity), money(item.unit_price), money(item.amount)]
              : [text, undefined, undefined, undefined],
        }),
      ),
    );
  const split = options.firstPageItems ?? items.length;
  const first: Printed[] = [
    ...PREAMBLE.map((text) => ({ text })),
    { text: '' },
    { cells: HEADER },
    ...itemRows(items.slice(0, split)),
  ];
  const rest = items.slice(split);
  const tail: Printed[] = totals.map(([label, amount]) => ({ cells: [undefined, undefined, label, amount] }));
  if (rest.length === 0) return { pages: [[...first, ...tail]], items, totals };
  const second: Printed[] = [
    { text: 'PO-4471, page 2' },
    ...(options.repeatHeader ? [{ cells: HEADER }] : []),
    ...itemRows(rest),
    ...tail,
  ];
  return { pages: [first, second], items, totals };
}

/** Text: columns aligned by spaces, description left-aligned, numbers right-aligned. */
export function orderText(options?: OrderOptions): Uint8Array {
  const widths = [34, 6, 14, 14];
  const line = (p: Printed) =>
    'text' in p
      ? p.text
      : p.cells
          .map((c, i) => (i === 0 ? (c ?? '').padEnd(widths[0]!) : (c ?? '').padStart(widths[i]!)))
          .join('');
  const pages = order(options).pages.map((page) => page.map((p) => line(p).trimEnd()).join('\n'));
  return Buffer.from(`${pages.join('\n\f')}\n`);
}

/** Page geometry in points, shared by the PDF and the scans: left edge of column 1, right edges of the rest. */
const LEFT = 56;
const RIGHTS = [0, 330, 425, 530];
const TOP = 70;
const PITCH = 17;
const SIZE = 10.5;

interface Placed {
  text: string;
  x: number;
  y: number;
}

/** Where each piece of text of a page goes (left edge, baseline), given a text measure in points. */
function place(page: Printed[], width: (text: string) => number): Placed[] {
  return page.flatMap((p, row) => {
    const y = TOP + row * PITCH;
    if ('text' in p) return p.text === '' ? [] : [{ text: p.text, x: LEFT, y }];
    return p.cells.flatMap((text, col) =>
      text === undefined ? [] : [{ text, x: col === 0 ? LEFT : RIGHTS[col]! - width(text), y }],
    );
  });
}

export async function orderPdf(options?: OrderOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const printed of order(options).pages) {
    const page = pdf.addPage([595, 842]);
    for (const { text, x, y } of place(printed, (t) => font.widthOfTextAtSize(t, SIZE))) {
      page.drawText(text, { x, y: 842 - y, size: SIZE, font });
    }
  }
  return pdf.save();
}

const DPI = 300;
const PX = DPI / 72;

/** A page as a scanner gives it: 300 DPI, black on white, as tall as its text needs. */
function scanPage(printed: Printed[]) {
  const height = Math.round((TOP + (printed.length + 3) * PITCH) * PX);
  const canvas = createCanvas(Math.round(595 * PX), height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = `${Math.round(SIZE * PX)}px DejaVu Sans`;
  for (const { text, x, y } of place(printed, (t) => ctx.measureText(t).width / PX)) {
    ctx.fillText(text, x * PX, y * PX);
  }
  return canvas;
}

export function orderPng(options?: OrderOptions): Uint8Array {
  return scanPage(order(options).pages[0]!).toBuffer('image/png');
}

export function orderJpeg(options?: OrderOptions): Uint8Array {
  return scanPage(order(options).pages[0]!).toBuffer('image/jpeg', 90);
}

export async function orderScannedPdf(options?: OrderOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const printed of order(options).pages) {
    const canvas = scanPage(printed);
    const image = await pdf.embedPng(canvas.toBuffer('image/png'));
    // The page is cut to the scanned part: a whole A4 page would only add blank paper to recognise.
    const height = canvas.height / PX;
    const page = pdf.addPage([595, height]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height });
  }
  return pdf.save();
}

const cell = (paragraphs: string[], right = false) =>
  new TableCell({
    children: paragraphs.map(
      (text) =>
        new Paragraph({
          ...(right ? { alignment: AlignmentType.RIGHT } : {}),
          children: [new TextRun(text)],
        }),
    ),
  });

/** A Word table: a wrapped description is two paragraphs of one cell; totals are rows of the table. */
function docxTable(items: OrderItem[], header: boolean, totals: [string, string][]): Table {
  const row = (cells: string[][]) =>
    new TableRow({ children: cells.map((paragraphs, i) => cell(paragraphs, i > 0)) });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      ...(header ? [row(HEADER.map((h) => [h!]))] : []),
      ...items.map((i) =>
        row([i.description, [String(i.quantity)], [money(i.unit_price)], [money(i.amount)]]),
      ),
      ...totals.map(([label, amount]) => row([[''], [''], [label], [amount]])),
    ],
  });
}

export async function orderDocx(options: OrderOptions = {}): Promise<Uint8Array> {
  const { items, totals } = order(options);
  const split = options.firstPageItems ?? items.length;
  const children: (Paragraph | Table)[] = PREAMBLE.map((text) => new Paragraph(text));
  if (split >= items.length) children.push(docxTable(items, true, totals));
  else {
    children.push(docxTable(items.slice(0, split), true, []));
    children.push(new Paragraph({ children: [new PageBreak()] }));
    children.push(docxTable(items.slice(split), options.repeatHeader ?? false, totals));
  }
  return Packer.toBuffer(new DocxDocument({ sections: [{ children }] }));
}

/** The same order typed as paragraphs aligned by tab stops (one tab per column), as many people do. */
export async function orderDocxTabs(options?: OrderOptions): Promise<Uint8Array> {
  const tabStops = [
    { type: TabStopType.RIGHT, position: 5600 },
    { type: TabStopType.RIGHT, position: 7400 },
    { type: TabStopType.RIGHT, position: 9200 },
  ];
  const paragraph = (p: Printed) =>
    new Paragraph({
      tabStops,
      children: [
        new TextRun(
          'text' in p
            ? p.text
            : p.cells
                .map((c) => c ?? '')
                .join('\t')
                .replace(/\t+$/, ''),
        ),
      ],
    });
  const pages = order(options).pages;
  const children = pages.flatMap((page, i) => [
    ...(i > 0 ? [new Paragraph({ children: [new PageBreak()] })] : []),
    ...page.map(paragraph),
  ]);
  return Packer.toBuffer(new DocxDocument({ sections: [{ children }] }));
}

/** A sheet whose table starts at B5 under title rows; amounts are numbers shown with two decimals. */
export async function orderXlsx(options?: OrderOptions): Promise<Uint8Array> {
  const { items, totals } = order(options);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Purchase order');
  sheet.getCell('B1').value = PREAMBLE[0]!;
  sheet.getCell('B2').value = PREAMBLE[1]!;
  sheet.getCell('B3').value = 'PO number';
  sheet.getCell('C3').value = 'PO-4471';
  sheet.getRow(5).values = [undefined, ...HEADER];
  const amount = (cellRef: string, value: number) => {
    const c = sheet.getCell(cellRef);
    c.value = value;
    c.numFmt = '#,##0.00';
  };
  items.forEach((item, i) => {
    const r = 6 + i;
    sheet.getCell(`B${r}`).value = item.description.join('\n');
    sheet.getCell(`B${r}`).alignment = { wrapText: true };
    sheet.getCell(`C${r}`).value = item.quantity;
    amount(`D${r}`, item.unit_price);
    amount(`E${r}`, item.amount);
  });
  totals.forEach(([label, text], i) => {
    const r = 7 + items.length + i;
    sheet.getCell(`D${r}`).value = label;
    amount(`E${r}`, Number(text.replaceAll(',', '')));
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const ORDER_FORMS: [string, string, (options?: OrderOptions) => Uint8Array | Promise<Uint8Array>][] = [
  ['text', 'order.txt', orderText],
  ['pdf', 'order.pdf', orderPdf],
  ['scanned pdf', 'scan.pdf', orderScannedPdf],
  ['png', 'order.png', orderPng],
  ['jpeg', 'order.jpg', orderJpeg],
  ['docx', 'order.docx', orderDocx],
  ['docx with tab stops', 'order-tabs.docx', orderDocxTabs],
  ['xlsx', 'order.xlsx', orderXlsx],
];
