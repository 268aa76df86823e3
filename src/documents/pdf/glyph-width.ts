const NARROW = new Set([...`iljtfrI.,:;'!|()[]{}"\`-`]);
const WIDE = new Set([...'mwMW@%']);

/**
 * Rough advance of a character in ems, in a typical proportional font. Only ratios matter: they
 * place word boundaries inside a text item, for which pdf.js reports one width.
 */
export function glyphWidth(char: string): number {
  if (/\s/.test(char)) return 0.28;
  if (NARROW.has(char)) return 0.3;
  if (WIDE.has(char)) return 0.85;
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return 1;
  if (char >= 'A' && char <= 'Z') return 0.68;
  if (char >= '0' && char <= '9') return 0.55;
  return 0.5;
}
