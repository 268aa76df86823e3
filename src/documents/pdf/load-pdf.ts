import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentLoadingTask, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The package folder, so fonts, CMaps and decoders are read from disk and never fetched. */
const pdfjsFolder = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folderUrl = (name: string) => `${join(pdfjsFolder, name)}/`;

/**
 * Starts parsing a PDF in this process (Node has no web worker: pdf.js runs its worker code on the
 * main thread). The caller owns the returned task and must destroy it, also on error.
 */
export function loadPdf(bytes: Uint8Array, maxImagePixels: number): PDFDocumentLoadingTask {
  return getDocument({
    // pdf.js transfers the buffer it is given; a copy keeps the caller's bytes intact.
    data: new Uint8Array(bytes),
    standardFontDataUrl: folderUrl('standard_fonts'),
    cMapUrl: folderUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: folderUrl('wasm'),
    iccUrl: folderUrl('iccs'),
    useWorkerFetch: false,
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    maxImageSize: maxImagePixels,
    // Warnings go to the console and may quote document content (font and object names).
    verbosity: VerbosityLevel.ERRORS,
  });
}
