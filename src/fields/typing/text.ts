/** Character helpers shared by the typing parsers. All work on one UTF-16 code unit at a time. */

/** Value of a decimal digit (ASCII, full-width, Arabic-Indic, Extended Arabic-Indic), else -1. */
export function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  // OCR and CJK/Arabic documents carry these forms; their UTF-16 length is 1, so spans stay aligned.
  if (code >= 0xff10 && code <= 0xff19) return code - 0xff10;
  if (code >= 0x660 && code <= 0x669) return code - 0x660;
  if (code >= 0x6f0 && code <= 0x6f9) return code - 0x6f0;
  return -1;
}

export function isDigitAt(text: string, index: number): boolean {
  return index >= 0 && index < text.length && digitValue(text.charCodeAt(index)) >= 0;
}

const LETTER = /\p{L}/u;

export function isLetterCode(code: number): boolean {
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return true;
  if (code < 0xaa) return false;
  // Surrogate halves are not letters on their own; astral letters are rare in the values we parse.
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return LETTER.test(String.fromCharCode(code));
}

export function isLetterAt(text: string, index: number): boolean {
  return index >= 0 && index < text.length && isLetterCode(text.charCodeAt(index));
}

/** Whitespace as found in extracted text, including the no-break and thin spaces used to group digits. */
export function isSpaceCode(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x0c ||
    code === 0xa0 ||
    code === 0x2007 ||
    code === 0x2009 ||
    code === 0x202f ||
    code === 0x3000
  );
}

export function isSpaceAt(text: string, index: number): boolean {
  return index >= 0 && index < text.length && isSpaceCode(text.charCodeAt(index));
}

const MARKS = /\p{M}/gu;

/** Lower case without diacritics, so "Décembre", "MÄRZ" and "Sí" compare with their plain spellings. */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  // Pure ASCII (the common case) needs no decomposition.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the ASCII test itself
  if (/^[\u0000-\u007f]*$/.test(lower)) return lower;
  return lower.normalize('NFD').replace(MARKS, '').normalize('NFC');
}
