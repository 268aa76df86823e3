/** ASCII character classes at a position, for the code recognizers (IBAN, VAT) that scan by hand. */

export function isUpper(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 65 && c <= 90;
}

export function isDigit(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
}

export function isAlnum(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
