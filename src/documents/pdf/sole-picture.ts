import { Image } from '@napi-rs/canvas';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFStream,
} from 'pdf-lib';

/**
 * A page that is nothing but one JPEG (what a scanner writes), decoded natively. pdf.js decodes a
 * JPEG in JavaScript on the main thread (in Node it has no native decoder): about 1.5 s of CPU for
 * a scanned page's 30-megapixel image, half of what a scan's reading costs beside the OCR. libjpeg
 * through @napi-rs/canvas decodes and scales the same image in about a tenth of that. Only a page
 * whose content is exactly "draw this one image" qualifies, and only a baseline image pdf.js would
 * draw the same way (no mask, no decode array, grey or RGB); any other page, or any doubt, is
 * left to pdf.js.
 */
export interface SolePicture {
  image: Image;
  /** The image's placement (the content's `cm`): it is drawn on the unit square under it. */
  matrix: [number, number, number, number, number, number];
}

/** Content streams longer than this are not one image's drawing: not inflated, not read. */
const MAX_CONTENT_BYTES = 4096;
const NUMBER = String.raw`([-+]?(?:\d+\.?\d*|\.\d+))`;
/** `q a b c d e f cm /Name Do Q`, the whole of the page's content. */
const DRAW_ONE_IMAGE = new RegExp(
  String.raw`^\s*q\s+${Array(6).fill(NUMBER).join(String.raw`\s+`)}\s+cm\s*/([^\s/\[\]<>(){}%]+)\s*Do\s*Q\s*$`,
);

/** The document's pages as pdf-lib reads them, loaded once and only when a page is a scan. */
export type PictureSource = (pageIndex: number) => Promise<SolePicture | undefined>;

/**
 * Object and cross-reference streams are compressed, and pdf-lib inflates every one of them whole
 * as it loads (pdf.js inflates what it reads, as it reads): a file holding one is left to pdf.js,
 * so that a small upload cannot make this reader inflate a bomb. Scanners write plain files. A
 * type name spelt with escapes (`/Obj#53tm`) is read the same by pdf-lib: such a file is left too.
 */
const COMPRESSED_OBJECTS = /ObjStm|\/XRef|\/Type\s*\/[^\s/<>[\]()]*#/;

export function pictureSource(bytes: Uint8Array, maxPixels: number): PictureSource {
  let loaded: Promise<PDFDocument | undefined> | undefined;
  const load = () => {
    loaded ??= COMPRESSED_OBJECTS.test(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
    )
      ? Promise.resolve(undefined)
      : PDFDocument.load(bytes, {
          ignoreEncryption: true,
          updateMetadata: false,
          throwOnInvalidObject: true,
        }).then(
          (document) => (document.isEncrypted ? undefined : document),
          () => undefined, // what pdf-lib cannot read, pdf.js still draws
        );
    return loaded;
  };
  return async (pageIndex) => {
    const document = await load();
    if (!document) return undefined;
    try {
      if (pageIndex >= document.getPageCount()) return undefined;
      return solePicture(document, pageIndex, maxPixels);
    } catch {
      return undefined;
    }
  };
}

function solePicture(document: PDFDocument, pageIndex: number, maxPixels: number): SolePicture | undefined {
  const node = document.getPage(pageIndex).node;
  const draw = DRAW_ONE_IMAGE.exec(contentText(document, node.Contents()) ?? '');
  if (!draw) return undefined;
  const matrix = draw.slice(1, 7).map(Number) as SolePicture['matrix'];
  if (Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) < 1e-9) return undefined;
  const xobjects = node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const stream = xobjects?.lookup(PDFName.of(draw[7]!));
  if (!(stream instanceof PDFRawStream) || !plainJpeg(stream.dict)) return undefined;
  const width = numberOf(stream.dict, 'Width');
  const height = numberOf(stream.dict, 'Height');
  // As pdf.js (maxImageSize): a bigger image is not drawn, so is not decoded here either.
  if (!width || !height || width * height > maxPixels) return undefined;
  const image = new Image();
  image.src = Buffer.from(stream.contents.buffer, stream.contents.byteOffset, stream.contents.byteLength);
  // The JPEG's own size must be the one declared: a different one is drawn otherwise by pdf.js.
  if (image.width !== width || image.height !== height) return undefined;
  return { image, matrix };
}

function contentText(document: PDFDocument, contents: PDFStream | PDFArray | undefined): string | undefined {
  const streams: unknown[] = contents instanceof PDFArray ? contents.asArray() : [contents];
  let text = '';
  for (const entry of streams) {
    const stream = document.context.lookup(entry as never);
    if (!(stream instanceof PDFRawStream) || stream.contents.byteLength > MAX_CONTENT_BYTES) return undefined;
    const bytes = decodePDFRawStream(stream).decode();
    if (bytes.byteLength > MAX_CONTENT_BYTES) return undefined;
    text += `${Buffer.from(bytes).toString('latin1')}\n`;
  }
  return text;
}

/** An 8-bit grey or RGB baseline JPEG, drawn as it is: no mask, no decode array, no colour profile. */
function plainJpeg(dict: PDFDict): boolean {
  if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return false;
  const filter = dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : [filter];
  if (filters.length !== 1 || filters[0] !== PDFName.of('DCTDecode')) return false;
  const space = dict.get(PDFName.of('ColorSpace'));
  if (space !== PDFName.of('DeviceGray') && space !== PDFName.of('DeviceRGB')) return false;
  if (numberOf(dict, 'BitsPerComponent') !== 8) return false;
  for (const key of ['DecodeParms', 'Decode', 'SMask', 'Mask', 'ImageMask', 'SMaskInData']) {
    if (dict.has(PDFName.of(key))) return false;
  }
  return true;
}

function numberOf(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}
